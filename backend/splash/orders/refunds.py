"""Refunds made in the studio (issue 27 point 10): money of a paid order given back through its
payment's provider, with a credit note of its own number series and an e-mail to the customer.

A refund gives back everything not refunded yet (``all``), units of lines (with or without the
shipping), or an amount in cents; the server computes the money, never more than was paid minus
what was refunded (here or at the provider) and charged back. It runs in one transaction that
holds the order's row lock (PostgreSQL ``SELECT … FOR UPDATE``; SQLite's transactions write one
at a time) across the provider's call: refunds of one order queue behind each other, so the
check of what is left and the refund it allows happen as one — a refund is rare and its owner
waits for it. The ``Idempotency-Key`` is stored with the refund: the same click again answers
the same refund, the key with another body is a 409. The provider gets the key too, so a
refund whose commit failed is not made twice when retried. A provider that refuses or cannot be
reached rolls everything back (the credit note's number too).

The VAT a credit note states is fixed when the refund is made: per line at the line's rate (a
whole line its own VAT, a part of it the VAT its amount holds), shipping at the order's rate,
and an amount spread over the order's rates in proportion to what each rate's goods cost.

What follows: returned units of physical lines back in stock (``restock``, only once the
order's stock was committed), what refunded lessons unlocked taken away (``revoke_lessons``:
the lines given back in full; the whole order when it is refunded in full), the order
``refunded`` once the money back reaches its total, the refund e-mail (job ``order_refund``),
and an activity entry with the before and after. The provider's later status (pending →
refunded, or failed) is asked for by ``refund_status.follow_refunds``; a failed refund's money
counts as not given back.
"""

from __future__ import annotations

import hashlib
import logging
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tortoise.expressions import F

from splash.catalog import services as catalog
from splash.core.errors import ConflictError, NotFoundError, ValidationError, field_error
from splash.orders import fulfilment, invoice_numbers, stock
from splash.orders.cart_pricing import vat_in
from splash.orders.idempotency import canonical
from splash.orders.models import Order, OrderLine, Payment, Refund
from splash.orders.payment_status import transition
from splash.orders.payment_updates import MONEY_BACK_FROM, row_locks
from splash.orders.payments.provider import PaymentProvider, RefundRequest
from splash.orders.refund_schemas import RefundAsk
from splash.orders.vocabulary import (
    MONEY_ARRIVED,
    REFUND_VOID,
    OrderStatus,
    PaymentStatus,
    StockState,
    StudioRefusal,
)
from splash.shared import outbox
from splash.staff import activity
from splash.staff.activity import Actor
from splash.staff.vocabulary import Action, SubjectType

log = logging.getLogger(__name__)

ORDER_REFUND = "order_refund"  # outbox job kind (handler: orders/mails.py)


@dataclass(frozen=True)
class Plan:
    """What a refund gives back, in cents (VAT included), before it is made."""

    amount: int
    shipping: int
    lines: list[dict[str, int]]
    vat: list[dict[str, int]]


@dataclass(frozen=True)
class Made:
    refund: Refund
    order: Order
    created: bool  # False: the same request again, answered with the refund it made


def body_hash(order_id: int, ask: RefundAsk) -> str:
    return hashlib.sha256(
        canonical({"order": order_id, "body": ask.model_dump(mode="json")})
    ).hexdigest()


async def locked_order(order_id: int) -> Order:
    """The order, locked for this transaction (see the module's docstring); 404 when unknown."""
    orders = Order.filter(id=order_id)
    if row_locks():
        order = await orders.select_for_update().first()
    else:
        await orders.update(updated_at=outbox.now())  # takes SQLite's write lock first
        order = await orders.first()
    if order is None:
        raise NotFoundError(f"No order with id {order_id}")
    return order


async def refundable(order: Order, refunds: Sequence[Refund] | None = None) -> int:
    """What may still be given back of the order, in cents."""
    if order.status not in MONEY_ARRIVED:
        return 0
    if refunds is None:
        refunds = await Refund.filter(order_id=order.id)
    return max(0, order.total - _refunded(order, refunds) - order.amount_charged_back)


def _refunded(order: Order, refunds: Sequence[Refund]) -> int:
    """Refunds made here that gave money back, or what the provider reports when more (a
    refund made in its dashboard)."""
    made = sum(refund.amount for refund in refunds if refund.status not in REFUND_VOID)
    return max(made, order.amount_refunded)


async def make(
    order_id: int, ask: RefundAsk, key: str, provider: PaymentProvider, who: Actor
) -> Made:
    """Makes the refund ``ask`` describes (or answers the one this key made); call it inside
    ``outbox.transaction()``."""
    order = await locked_order(order_id)
    asked = body_hash(order_id, ask)
    known = await Refund.get_or_none(key=key)
    if known is not None:
        if known.body_hash != asked:
            raise ConflictError(
                "This Idempotency-Key was used for another refund; send a new key",
                {"code": StudioRefusal.IDEMPOTENCY_KEY_REUSED, "header": "Idempotency-Key"},
            )
        return Made(known, order, created=False)
    payment = await _paid_payment(order, provider)
    refunds = list(await Refund.filter(order_id=order.id))
    lines = list(await OrderLine.filter(order_id=order.id).order_by("position", "id"))
    plan = _plan(order, lines, refunds, ask)
    left = await refundable(order, refunds)
    if plan.amount > left:
        field = "amount" if ask.amount is not None else ("lines" if ask.lines else "all")
        message = f"At most {left} cents can be refunded; this refund is {plan.amount}"
        raise ValidationError(
            message, {"code": StudioRefusal.OVER_REFUND, "errors": [field_error([field], message)]}
        )
    before = money_of(order)
    number = await invoice_numbers.draw_credit_note(outbox.now())
    reported = await provider.refund(
        RefundRequest(
            payment_id=payment.provider_id,
            amount=plan.amount,
            currency=order.currency,
            description=f"Splash {order.order_nr} {number}",
            idempotency_key=f"refund-{key}",
        )
    )
    refund = await Refund.create(
        order=order,
        payment=payment,
        key=key,
        body_hash=asked,
        credit_note_nr=number,
        status=reported.status,
        provider_refund_id=reported.id,
        amount=plan.amount,
        shipping=plan.shipping,
        lines=plan.lines,
        vat=plan.vat,
        restock=ask.restock,
        revoke_lessons=ask.revoke_lessons,
        reason=ask.reason,
        created_by=who.label,
    )
    if refund.status not in REFUND_VOID:
        await Payment.filter(id=payment.id).update(
            amount_refunded=F("amount_refunded") + plan.amount
        )
    await sum_up(order)
    if ask.restock:
        await _restock(order, lines, plan)
    if ask.revoke_lessons:
        await _revoke(order, lines, [*refunds, refund])
    await outbox.enqueue(ORDER_REFUND, {"refund_id": refund.id})
    await activity.record(
        who,
        Action.REFUND_MADE,
        (SubjectType.ORDER, order.id),
        before=before,
        after={**money_of(order), "refund": number, "refundStatus": refund.status.value},
        note=ask.reason,
    )
    return Made(refund, order, created=True)


async def _paid_payment(order: Order, provider: PaymentProvider) -> Payment:
    if order.status not in MONEY_ARRIVED:
        raise ConflictError(
            f"Order {order.order_nr} is {order.status}: only money that arrived can be refunded",
            {"code": StudioRefusal.NOT_PAID},
        )
    payment = (
        await Payment.filter(order_id=order.id, status=PaymentStatus.PAID)
        .order_by("-created_at", "-id")
        .first()
    )
    if payment is None or payment.provider != provider.name:
        raise ConflictError(
            "The order's payment is not at this shop's payment provider: refund it there",
            {"code": StudioRefusal.NOT_PAID},
        )
    return payment


def _plan(order: Order, lines: list[OrderLine], refunds: list[Refund], ask: RefundAsk) -> Plan:
    chosen = sum((bool(ask.all), bool(ask.lines) or ask.shipping, ask.amount is not None))
    if chosen != 1:
        raise ValidationError.for_field(
            ["amount"], "Ask for one of: all, lines (with or without shipping), or an amount"
        )
    active = [refund for refund in refunds if refund.status not in REFUND_VOID]
    given: Counter[int] = Counter()
    for refund in active:
        for part in refund.lines:
            given[part["lineId"]] += part["quantity"]
    shipping_given = any(refund.shipping for refund in active)
    if ask.amount is not None:
        return _amount_plan(order, lines, ask.amount)
    if ask.all:
        if any(not refund.lines and not refund.shipping for refund in active):
            # an earlier refund by amount: what is left goes back as an amount
            left = max(0, order.total - _refunded(order, refunds) - order.amount_charged_back)
            return _amount_plan(order, lines, left)
        rest = {line.id: line.quantity - given[line.id] for line in lines}
        return _lines_plan(order, lines, rest, not shipping_given and order.shipping_cost > 0)
    wanted: dict[int, int] = {}
    by_id = {line.id: line for line in lines}
    for index, asked in enumerate(ask.lines):
        line = by_id.get(asked.line_id)
        if line is None:
            raise ValidationError.for_field(
                ["lines", index, "lineId"], f"Order {order.order_nr} has no line {asked.line_id}"
            )
        left = line.quantity - given[line.id] - wanted.get(line.id, 0)
        if asked.quantity > left:
            raise ValidationError.for_field(
                ["lines", index, "quantity"], f"At most {left} of this line can be refunded"
            )
        wanted[line.id] = wanted.get(line.id, 0) + asked.quantity
    if ask.shipping and (shipping_given or order.shipping_cost == 0):
        raise ValidationError.for_field(["shipping"], "There is no shipping left to refund")
    return _lines_plan(order, lines, wanted, ask.shipping)


def _lines_plan(
    order: Order, lines: list[OrderLine], wanted: dict[int, int], shipping: bool
) -> Plan:
    parts: list[dict[str, int]] = []
    gross: Counter[int] = Counter()
    vat: Counter[int] = Counter()
    for line in lines:
        quantity = wanted.get(line.id, 0)
        if quantity <= 0:
            continue
        whole = quantity == line.quantity
        amount = line.line_total if whole else line.unit_price * quantity
        part_vat = line.vat if whole else vat_in(amount, line.vat_rate)
        parts.append(
            {
                "lineId": line.id,
                "quantity": quantity,
                "amount": amount,
                "vat": part_vat,
                "vatRate": line.vat_rate,
            }
        )
        gross[line.vat_rate] += amount
        vat[line.vat_rate] += part_vat
    shipping_amount = order.shipping_cost if shipping else 0
    if shipping_amount:
        gross[order.vat_rate] += shipping_amount
        vat[order.vat_rate] += order.shipping_vat
    amount = sum(gross.values())
    if amount <= 0:
        raise ValidationError(
            "Nothing is left to refund",
            {
                "code": StudioRefusal.NOTHING_TO_REFUND,
                "errors": [field_error(["lines"], "Nothing is left to refund")],
            },
        )
    return Plan(amount, shipping_amount, parts, _shares(gross, vat))


def _amount_plan(order: Order, lines: list[OrderLine], amount: int) -> Plan:
    """An amount, its VAT spread over the order's rates as the goods' prices are."""
    if amount <= 0:
        raise ValidationError(
            "Nothing is left to refund",
            {
                "code": StudioRefusal.NOTHING_TO_REFUND,
                "errors": [field_error(["amount"], "Nothing is left to refund")],
            },
        )
    weights: Counter[int] = Counter({order.vat_rate: order.shipping_cost})
    for line in lines:
        weights[line.vat_rate] += line.line_total
    rates = sorted((rate for rate in weights if weights[rate] > 0), reverse=True) or [
        order.vat_rate
    ]
    whole = sum(weights[rate] for rate in rates)
    gross: Counter[int] = Counter()
    for rate in rates[:-1]:
        gross[rate] = amount * weights[rate] // whole
    gross[rates[-1]] = amount - sum(gross.values())
    vat = Counter({rate: vat_in(gross[rate], rate) for rate in rates})
    return Plan(amount, 0, [], _shares(gross, vat))


def _shares(gross: Counter[int], vat: Counter[int]) -> list[dict[str, int]]:
    return [
        {"rate": rate, "net": gross[rate] - vat[rate], "vat": vat[rate]}
        for rate in sorted(gross, reverse=True)
        if gross[rate]
    ]


def money_of(order: Order) -> dict[str, Any]:
    """An order's money, for the activity log's before and after."""
    return {
        "status": order.status.value,
        "amountRefunded": order.amount_refunded,
        "amountChargedBack": order.amount_charged_back,
    }


async def sum_up(order: Order) -> None:
    """The order's refunded amount from its payments (what the providers hold as refunded, as
    ``payment_updates`` records it), and ``refunded`` once the money back reaches the total."""
    amounts = await Payment.filter(order_id=order.id).values_list("amount_refunded", flat=True)
    order.amount_refunded = sum(amounts)  # type: ignore[arg-type]
    back = order.amount_refunded + order.amount_charged_back
    if back >= order.total and order.status in MONEY_BACK_FROM:
        order.status = transition(order.status, OrderStatus.REFUNDED)
    await order.save(update_fields=["amount_refunded", "status", "updated_at"])


async def _restock(order: Order, lines: list[OrderLine], plan: Plan) -> None:
    """Returned units of physical lines back on sale, when the order's stock was taken."""
    if order.stock_state is not StockState.COMMITTED:
        return
    by_id = {line.id: line for line in lines}
    back = [
        (by_id[part["lineId"]].variant_id, part["quantity"])
        for part in plan.lines
        if stock.held(by_id[part["lineId"]].product_type)
    ]
    if back:
        await catalog.return_stock(back)


async def _revoke(order: Order, lines: list[OrderLine], refunds: Sequence[Refund]) -> None:
    """The lessons of lines given back in full (all refunds so far) taken away; everything the
    order unlocked once the order is refunded."""
    if order.status is OrderStatus.REFUNDED:
        await fulfilment.revoke_entitlements(order, None)
        return
    given: Counter[int] = Counter()
    for refund in refunds:
        if refund.status not in REFUND_VOID:
            for part in refund.lines:
                given[part["lineId"]] += part["quantity"]
    whole = [line for line in lines if given[line.id] >= line.quantity]
    if whole:
        await fulfilment.revoke_entitlements(order, whole)
