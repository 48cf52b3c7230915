"""Cancelling an unpaid order in the studio (issue 27 point 11), and sending an order's e-mail
again.

A cancel runs in one transaction under the order's row lock (as a refund does): an order whose
money arrived is refused (409: refund it instead); the latest payment, while it is open, is
cancelled at its provider first — a provider that says it is paid by now refuses, and nothing is
written; then the order is ``canceled`` (an order whose payment ended without money already
keeps its status), its reserved stock goes back on sale, and only when the owner asks for it
does the customer get the cancellation e-mail (job ``order_canceled``). The activity log gets
the before and after.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from splash.core.errors import ConflictError, NotFoundError
from splash.orders import fulfilment, shipments
from splash.orders.models import Order, Payment, Refund, Shipment
from splash.orders.payment_status import transition
from splash.orders.payment_updates import UNFINISHED
from splash.orders.payments.provider import PaymentProvider
from splash.orders.refund_schemas import EmailKind
from splash.orders.refunds import ORDER_REFUND, locked_order
from splash.orders.vocabulary import MONEY_ARRIVED, OrderStatus, PaymentStatus, StudioRefusal
from splash.shared import outbox
from splash.staff import activity
from splash.staff.activity import Actor
from splash.staff.vocabulary import Action, SubjectType

ORDER_CANCELED = "order_canceled"  # outbox job kind (handler: orders/mails.py)


@dataclass(frozen=True)
class Cancel:
    order: Order
    payment_status: PaymentStatus | None
    notified: bool


async def cancel(order_id: int, notify: bool, provider: PaymentProvider, who: Actor) -> Cancel:
    """Cancels the unpaid order; call it inside ``outbox.transaction()``."""
    order = await locked_order(order_id)
    if order.status in MONEY_ARRIVED:
        raise ConflictError(
            f"Order {order.order_nr} is {order.status}: its money arrived, refund it instead",
            {"code": StudioRefusal.ORDER_PAID},
        )
    before = {"status": order.status.value, "stockState": order.stock_state.value}
    payment = await Payment.filter(order_id=order.id).order_by("-created_at", "-id").first()
    if payment is not None and payment.status in UNFINISHED:
        if payment.provider != provider.name:
            raise ConflictError("The order's payment is at another provider: cancel it there")
        reported = await provider.cancel(payment.provider_id)
        payment.status = transition(payment.status, reported.status)
        payment.checkout_url = None  # type: ignore[assignment]  # a nullable column
        await payment.save(update_fields=["status", "checkout_url", "updated_at"])
    if order.status is OrderStatus.AWAITING_PAYMENT:  # expired or failed: it keeps saying why
        order.status = transition(order.status, OrderStatus.CANCELED)
    await order.save(update_fields=["status", "updated_at"])
    await fulfilment.release_stock(order)
    if notify:
        await outbox.enqueue(ORDER_CANCELED, {"order_id": order.id})
    await activity.record(
        who,
        Action.ORDER_CANCELED,
        (SubjectType.ORDER, order.id),
        before=before,
        after={"status": order.status.value, "stockState": order.stock_state.value},
        note="customer notified" if notify else None,
    )
    return Cancel(order, payment.status if payment else None, notify)


async def resend(order_id: int, kind: EmailKind, who: Actor) -> Order:
    """Enqueues the order's e-mail of ``kind`` again (its handler drops a mail whose news is
    stale, as it does the first time); 409 when the order never had such a mail."""
    order = await Order.get_or_none(id=order_id)
    if order is None:
        raise NotFoundError(f"No order with id {order_id}")
    job, payload = await _job(order, kind)
    async with outbox.transaction():
        await outbox.enqueue(job, payload)
        await activity.record(
            who, Action.EMAIL_RESENT, (SubjectType.ORDER, order.id), note=kind.value
        )
    return order


async def _job(order: Order, kind: EmailKind) -> tuple[str, dict[str, Any]]:
    if kind is EmailKind.CONFIRMATION and order.status in MONEY_ARRIVED:
        return fulfilment.ORDER_CONFIRMATION, {"order_id": order.id}
    if kind is EmailKind.BANK_TRANSFER and order.status is OrderStatus.AWAITING_PAYMENT:
        return fulfilment.ORDER_BANK_TRANSFER, {"order_id": order.id}
    user_id = order.user_id  # type: ignore[attr-defined]
    if kind is EmailKind.ACCOUNT and user_id is not None:
        return fulfilment.ORDER_ACCOUNT, {
            "user_id": user_id,
            "order_id": order.id,
            "locale": order.locale,
        }
    if kind is EmailKind.REFUND:
        latest = await Refund.filter(order_id=order.id).order_by("-created_at", "-id").first()
        if latest is not None:
            return ORDER_REFUND, {"refund_id": latest.id}
    if kind is EmailKind.SHIPPED:
        parcel = await Shipment.filter(order_id=order.id).order_by("-created_at", "-id").first()
        if parcel is not None:
            return shipments.ORDER_SHIPPED, {"order_id": order.id, "shipment_id": parcel.id}
    if kind is EmailKind.CANCELED and order.status is OrderStatus.CANCELED:
        return ORDER_CANCELED, {"order_id": order.id}
    raise ConflictError(
        f"Order {order.order_nr} ({order.status}) has no {kind.value} e-mail to send",
        {"code": "no_such_email", "kind": kind.value},
    )
