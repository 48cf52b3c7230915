"""One order as the studio shows it: lines with what has shipped of them, both addresses, each
payment with its status history, the shipments, the refunds, the e-mails sent, the internal
notes, and one timeline of all of it. Four statements: the order with its lines and their
shipments (joined), the payments with their history (joined), the mails, the order's activity
entries (notes among them: a note is an activity entry, so it is logged by being written).

Notes live in the activity log (``order.noted``); another entry about the order (a refund, a
cancellation) shows in the timeline as ``activity``; shipments show as themselves."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from splash.core import db
from splash.core.errors import NotFoundError
from splash.orders.models import Order, OrderLine, Payment, PaymentEvent, Shipment, ShipmentLine
from splash.orders.schemas import AddressPublic, OptionPublic
from splash.orders.studio_schemas import (
    NotePublic,
    PaymentStatusAt,
    SentMailPublic,
    ShipmentLinePublic,
    ShipmentPublic,
    StudioLine,
    StudioOrder,
    StudioPayment,
    TimelineEntry,
)
from splash.orders.vocabulary import PaymentStatus
from splash.shared.mail.models import SentMail
from splash.staff import activity
from splash.staff.models import ActivityEntry
from splash.staff.vocabulary import Action, SubjectType

ENTRIES_READ = 500  # an order's activity entries shown (the newest)


@dataclass
class Loaded:
    """An order with its lines and, per shipment, its lines: read in one statement."""

    order: Order
    lines: list[OrderLine] = field(default_factory=list)
    shipments: dict[int, Shipment] = field(default_factory=dict)
    parts: dict[int, list[ShipmentLine]] = field(default_factory=dict)  # shipment id → lines


async def load(order_id: int) -> Loaded | None:
    """The order, its lines and its shipments' lines (one LEFT-joined statement)."""
    found = await load_many([order_id])
    return found[0] if found else None


async def load_many(order_ids: list[int]) -> list[Loaded]:
    """The orders that exist of ``order_ids``, in that order, each with its lines and its
    shipments' lines: one LEFT-joined statement for all of them."""
    o, line = db.table(Order, "o"), db.table(OrderLine, "l")
    part, shipment = db.table(ShipmentLine, "sl"), db.table(Shipment, "s")
    query = (
        db.sql_query()
        .from_(o)
        .left_join(line)
        .on(line.order_id == o.id)
        .left_join(part)
        .on(part.order_line_id == line.id)
        .left_join(shipment)
        .on(shipment.id == part.shipment_id)
        .select(
            *db.columns(o, Order),
            *db.columns(line, OrderLine),
            *db.columns(part, ShipmentLine),
            *db.columns(shipment, Shipment),
        )
        .where(o.id.isin(order_ids))
        .orderby(o.id, line.position, line.id, shipment.id, part.id)
    )
    found: dict[int, Loaded] = {}
    seen_lines: set[int] = set()
    for row in await db.rows(query):
        order = db.instance(Order, "o", row)
        assert order is not None
        loaded = found.setdefault(order.id, Loaded(order))
        found_line = db.instance(OrderLine, "l", row)
        if found_line is not None and found_line.id not in seen_lines:
            seen_lines.add(found_line.id)
            loaded.lines.append(found_line)
        found_shipment = db.instance(Shipment, "s", row)
        found_part = db.instance(ShipmentLine, "sl", row)
        if found_shipment is not None and found_part is not None:
            loaded.shipments.setdefault(found_shipment.id, found_shipment)
            loaded.parts.setdefault(found_shipment.id, []).append(found_part)
    return [found[order_id] for order_id in order_ids if order_id in found]


def shipped_per_line(loaded: Loaded) -> dict[int, int]:
    shipped: dict[int, int] = {}
    for parts in loaded.parts.values():
        for part in parts:
            line_id = part.order_line_id  # type: ignore[attr-defined]
            shipped[line_id] = shipped.get(line_id, 0) + part.quantity
    return shipped


def shipments_public(loaded: Loaded) -> list[ShipmentPublic]:
    lines = {line.id: line for line in loaded.lines}
    found = sorted(loaded.shipments.values(), key=lambda s: (s.created_at, s.id))
    return [shipment_public(s, loaded.parts[s.id], lines) for s in found]


def shipment_public(
    shipment: Shipment, parts: Iterable[ShipmentLine], lines: dict[int, OrderLine]
) -> ShipmentPublic:
    def part_public(part: ShipmentLine) -> ShipmentLinePublic:
        line = lines[part.order_line_id]  # type: ignore[attr-defined]
        return ShipmentLinePublic(
            line_id=line.id,
            sku=line.sku,
            title=line.title,
            variant_label=line.variant_label,
            quantity=part.quantity,
        )

    return ShipmentPublic(
        id=shipment.id,
        created_at=shipment.created_at,
        carrier=shipment.carrier,
        tracking_number=shipment.tracking_number,
        tracking_url=shipment.tracking_url,
        lines=[part_public(part) for part in parts],
    )


async def _payments(order_id: int) -> list[StudioPayment]:
    """The order's payments with their status history (one LEFT-joined statement)."""
    payment, event = db.table(Payment, "p"), db.table(PaymentEvent, "e")
    query = (
        db.sql_query()
        .from_(payment)
        .left_join(event)
        .on(event.payment_id == payment.id)
        .select(*db.columns(payment, Payment), *db.columns(event, PaymentEvent))
        .where(payment.order_id == order_id)
        .orderby(payment.created_at, payment.id, event.at, event.id)
    )
    found: dict[int, tuple[Payment, list[PaymentStatusAt]]] = {}
    for row in await db.rows(query):
        kept = db.instance(Payment, "p", row)
        assert kept is not None
        # Every payment starts open (``payment_status``): its first step is its creation.
        start = PaymentStatusAt(status=PaymentStatus.OPEN, at=kept.created_at)
        _, history = found.setdefault(kept.id, (kept, [start]))
        step = db.instance(PaymentEvent, "e", row)
        if step is not None:
            history.append(PaymentStatusAt(status=step.status, at=step.at))
    return [
        StudioPayment(
            id=kept.id,
            provider=kept.provider,
            provider_id=kept.provider_id,
            method=kept.method,
            amount=kept.amount,
            status=kept.status,
            amount_refunded=kept.amount_refunded,
            amount_charged_back=kept.amount_charged_back,
            created_at=kept.created_at,
            history=history,
        )
        for kept, history in found.values()
    ]


def note_public(entry: ActivityEntry) -> NotePublic:
    return NotePublic(id=entry.id, at=entry.at, author=entry.actor_label, text=entry.note or "")


async def existing_order(order_id: int) -> int:
    """``order_id`` when that order exists; NotFoundError otherwise."""
    if not await Order.exists(id=order_id):
        raise NotFoundError("Order not found")
    return order_id


async def order_detail(order_id: int) -> StudioOrder:
    loaded = await load(order_id)
    if loaded is None:
        raise NotFoundError("Order not found")
    payments = await _payments(order_id)
    mails = await SentMail.filter(order_id=order_id).order_by("sent_at", "id")
    wanted = activity.ActivityFilter(subject_type=SubjectType.ORDER, subject_id=str(order_id))
    entries, _ = await activity.entries(wanted, 0, ENTRIES_READ)
    return _public(loaded, payments, list(mails), list(reversed(entries)))


def _public(
    loaded: Loaded,
    payments: list[StudioPayment],
    mails: list[SentMail],
    entries: list[ActivityEntry],
) -> StudioOrder:
    order = loaded.order
    shipped = shipped_per_line(loaded)
    shipping_address = AddressPublic.model_validate(order.shipping_address)
    notes = [note_public(e) for e in entries if e.action == Action.ORDER_NOTED]
    shipments = shipments_public(loaded)
    mails_public = [SentMailPublic.model_validate(m, from_attributes=True) for m in mails]
    return StudioOrder(
        id=order.id,
        order_nr=order.order_nr,
        invoice_nr=order.invoice_nr,
        slug=order.slug,
        locale=order.locale,
        status=order.status,
        flagged=order.flagged,
        created_at=order.created_at,
        paid_at=order.paid_at,
        user_id=order.user_id,  # type: ignore[attr-defined]
        firstname=order.firstname,
        lastname=order.lastname,
        email=order.email,
        shipping_address=shipping_address,
        billing_address=AddressPublic.model_validate(order.billing_address)
        if order.billing_address
        else shipping_address,
        lines=[_line(line, shipped.get(line.id, 0)) for line in loaded.lines],
        subtotal=order.subtotal,
        shipping=order.shipping_cost,
        vat=order.vat,
        total=order.total,
        currency=order.currency,
        amount_refunded=order.amount_refunded,
        amount_charged_back=order.amount_charged_back,
        payments=payments,
        shipments=shipments,
        refunds=[],
        mails=mails_public,
        notes=notes,
        timeline=timeline(order, payments, shipments, mails_public, entries),
    )


def _line(line: OrderLine, shipped: int) -> StudioLine:
    return StudioLine(
        id=line.id,
        sku=line.sku,
        product_type=line.product_type,
        title=line.title,
        variant_label=line.variant_label,
        options=[OptionPublic(**option) for option in line.options],
        quantity=line.quantity,
        shipped=shipped,
        unit_price=line.unit_price,
        line_total=line.line_total,
        vat_rate=line.vat_rate,
        vat=line.vat,
    )


def timeline(
    order: Order,
    payments: list[StudioPayment],
    shipments: list[ShipmentPublic],
    mails: list[SentMailPublic],
    entries: list[ActivityEntry],
) -> list[TimelineEntry]:
    """Everything that happened to the order, oldest first (a shipment's entry names who
    shipped it, from the activity entry that logged it)."""
    shippers = {_shipment_of(e): e.actor_label for e in entries if e.action == Action.ORDER_SHIPPED}
    found = [
        TimelineEntry(at=order.created_at, kind="placed", summary=order.order_nr, ref=None, by=None)
    ]
    found += [
        TimelineEntry(at=step.at, kind="payment", summary=step.status, ref=p.id, by=None)
        for p in payments
        for step in p.history
    ]
    found += [
        TimelineEntry(
            at=s.created_at,
            kind="shipment",
            summary=f"{s.carrier} {s.tracking_number}",
            ref=s.id,
            by=shippers.get(s.id),
        )
        for s in shipments
    ]
    found += [
        TimelineEntry(at=m.sent_at, kind="mail", summary=m.subject, ref=m.id, by=None)
        for m in mails
    ]
    for entry in entries:
        if entry.action == Action.ORDER_NOTED:
            found.append(_entry(entry, "note", entry.note or ""))
        elif entry.action != Action.ORDER_SHIPPED:
            found.append(_entry(entry, "activity", entry.action))
    return sorted(found, key=lambda item: item.at)


def _entry(entry: ActivityEntry, kind: Any, summary: str) -> TimelineEntry:
    return TimelineEntry(
        at=entry.at, kind=kind, summary=summary, ref=entry.id, by=entry.actor_label
    )


def _shipment_of(entry: ActivityEntry) -> int | None:
    after = entry.after if isinstance(entry.after, dict) else {}
    shipment_id = after.get("shipment_id")
    return shipment_id if isinstance(shipment_id, int) else None
