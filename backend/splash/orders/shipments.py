"""Shipping an order, in one parcel or in parts: a shipment holds units of the order's physical
lines (never more than ordered minus shipped), a carrier and a tracking number, and its
tracking link (``orders.tracking``). Only a paid order ships; when its last physical unit has
shipped it is ``shipped`` (the transition table's move from ``paid``).

The studio sends an Idempotency-Key with each shipment: the same key and body again (a double
click, a retried request) answer the first shipment and ship nothing more; the same key with
another body is refused. The order's row is locked while it ships (``FOR UPDATE`` on
PostgreSQL, the write lock taken first on SQLite), so two parcels racing for the last units
cannot both take them. The customer's e-mail (job ``order_shipped``) and the activity entry
commit with the shipment."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from tortoise.exceptions import IntegrityError

from splash.catalog.vocabulary import ProductType
from splash.core.errors import ConflictError, NotFoundError, ValidationError, field_error
from splash.orders import order_detail, tracking
from splash.orders.models import Order, OrderLine, Shipment, ShipmentLine
from splash.orders.payment_status import transition
from splash.orders.payment_updates import row_locks
from splash.orders.schemas import ParcelLinePublic, ParcelPublic
from splash.orders.studio_schemas import ShipmentCreate, ShipmentPublic
from splash.orders.vocabulary import Carrier, OrderError, OrderStatus, ShipmentError
from splash.shared import outbox
from splash.staff import activity
from splash.staff.vocabulary import Action, SubjectType

ORDER_SHIPPED = "order_shipped"  # the outbox job kind (handler: orders/mails.py)
KEY_LENGTH = 64


@dataclass(frozen=True)
class Shipped:
    shipment: ShipmentPublic
    created: bool  # False: the key's earlier shipment, answered again


def body_hash(body: ShipmentCreate) -> str:
    canonical = json.dumps(body.model_dump(mode="json"), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def check_key(key: str | None) -> str:
    if not key or len(key) > KEY_LENGTH or not key.isascii() or not key.isprintable():
        message = f"Send an Idempotency-Key header of 1 to {KEY_LENGTH} ASCII characters"
        raise ValidationError.for_field(["header", "idempotency-key"], message)
    return key


async def ship(
    who: activity.Actor, order_id: int, body: ShipmentCreate, key: str, staff_id: int | None
) -> Shipped:
    if body.carrier is not Carrier.OTHER and body.tracking_url is not None:
        message = "trackingUrl is only for carrier other: the carrier's page is linked"
        raise ValidationError.for_field(["trackingUrl"], message)
    digest = body_hash(body)
    try:
        async with outbox.transaction():
            order = await _locked(order_id)
            earlier = await Shipment.get_or_none(request_key=key)
            if earlier is not None:
                return Shipped(await _again(earlier, order_id, digest), created=False)
            shipment = await _ship(who, order, body, key, digest, staff_id)
    except IntegrityError:  # the same key raced in for another order (never for this one)
        earlier = await Shipment.get(request_key=key)
        return Shipped(await _again(earlier, order_id, digest), created=False)
    return Shipped(await _public(order_id, shipment.id), created=True)


async def _locked(order_id: int) -> Order:
    orders = Order.filter(id=order_id)
    if row_locks():
        order = await orders.select_for_update().get_or_none()
    else:
        await orders.update(updated_at=outbox.now())  # takes SQLite's write lock first
        order = await orders.get_or_none()
    if order is None:
        raise NotFoundError("Order not found")
    return order


async def _again(earlier: Shipment, order_id: int, digest: str) -> ShipmentPublic:
    if earlier.order_id != order_id or earlier.body_hash != digest:  # type: ignore[attr-defined]
        raise ConflictError(
            "This Idempotency-Key came with another shipment",
            {
                "code": OrderError.IDEMPOTENCY_KEY_REUSED,
                "errors": [field_error(["header", "idempotency-key"], "Used for another body")],
            },
        )
    return await _public(order_id, earlier.id)


async def _public(order_id: int, shipment_id: int) -> ShipmentPublic:
    loaded = await order_detail.load(order_id)
    assert loaded is not None
    return next(s for s in order_detail.shipments_public(loaded) if s.id == shipment_id)


async def _ship(
    who: activity.Actor,
    order: Order,
    body: ShipmentCreate,
    key: str,
    digest: str,
    staff_id: int | None,
) -> Shipment:
    if order.status is not OrderStatus.PAID:
        raise ConflictError(
            f"Only a paid order ships (this one is {order.status})",
            {
                "code": ShipmentError.ORDER_NOT_PAID,
                "errors": [field_error(["id"], "The order is not paid, or shipped already")],
            },
        )
    loaded = await order_detail.load(order.id)
    assert loaded is not None
    left = _units_left(loaded)
    wanted = _checked(body, left, {line.id for line in loaded.lines})
    address = order.shipping_address
    shipment = await Shipment.create(
        order=order,
        carrier=body.carrier,
        tracking_number=body.tracking_number,
        tracking_url=tracking.tracking_url(
            body.carrier,
            body.tracking_number,
            str(address.get("country") or ""),
            str(address.get("postalCode") or ""),
            body.tracking_url,
        ),
        request_key=key,
        body_hash=digest,
        staff_id=staff_id,
    )
    await ShipmentLine.bulk_create(
        [ShipmentLine(shipment=shipment, order_line_id=i, quantity=q) for i, q in wanted.items()]
    )
    before = order.status
    if all(left[line_id] == wanted.get(line_id, 0) for line_id in left):
        order.status = transition(order.status, OrderStatus.SHIPPED)
    lines = {line.id: line for line in loaded.lines}
    order.parcels = [*order.parcels, _parcel(shipment, wanted, lines)]
    await order.save(update_fields=["status", "parcels", "updated_at"])
    await outbox.enqueue(ORDER_SHIPPED, {"order_id": order.id, "shipment_id": shipment.id})
    await activity.record(
        who,
        Action.ORDER_SHIPPED,
        (SubjectType.ORDER, order.id),
        before={"status": before},
        after={
            "status": order.status,
            "shipment_id": shipment.id,
            "carrier": body.carrier,
            "tracking_number": body.tracking_number,
            "units": {str(line_id): units for line_id, units in wanted.items()},
        },
    )
    return shipment


def _parcel(shipment: Shipment, wanted: dict[int, int], lines: dict[int, OrderLine]) -> dict:
    """The shipment as the customer's reads show it (``Order.parcels``)."""
    held = [
        ParcelLinePublic(title=lines[i].title, variant_label=lines[i].variant_label, quantity=q)
        for i, q in wanted.items()
    ]
    return ParcelPublic(
        shipped_at=shipment.created_at,
        carrier=shipment.carrier,
        tracking_number=shipment.tracking_number,
        tracking_url=shipment.tracking_url,
        lines=held,
    ).model_dump(mode="json", by_alias=True)


def _units_left(loaded: order_detail.Loaded) -> dict[int, int]:
    """Per physical line, the units not shipped yet."""
    shipped = order_detail.shipped_per_line(loaded)
    return {
        line.id: line.quantity - shipped.get(line.id, 0)
        for line in loaded.lines
        if line.product_type == ProductType.PHYSICAL
    }


def _checked(body: ShipmentCreate, left: dict[int, int], order_lines: set[int]) -> dict[int, int]:
    """The units per line asked for, each refused with its field when it cannot ship."""
    wanted: dict[int, int] = {}
    for index, requested in enumerate(body.lines):
        if requested.line_id in wanted:
            raise ValidationError.for_field(["lines", index, "lineId"], "A line is named twice")
        if requested.line_id not in order_lines:
            raise ValidationError.for_field(
                ["lines", index, "lineId"], "No line of this order has that id"
            )
        if requested.line_id not in left:
            raise ValidationError.for_field(
                ["lines", index, "lineId"], "Only physical lines ship (lessons are delivered)"
            )
        if requested.quantity > left[requested.line_id]:
            message = f"At most {left[requested.line_id]} units of this line are left to ship"
            raise ConflictError(
                message,
                {
                    "code": ShipmentError.TOO_MANY_UNITS,
                    "errors": [field_error(["lines", index, "quantity"], message)],
                },
            )
        wanted[requested.line_id] = requested.quantity
    return wanted
