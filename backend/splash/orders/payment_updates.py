"""The one idempotent payment update, shared by the webhook, the customer's return and the
periodic reconciliation. The webhook and the reads ``check``: they ask the provider at the pace
``payment_checks`` keeps (one call per payment at a time, then none for a short interval).

The provider is asked first, outside any transaction (a slow provider holds no lock). Then one
transaction locks the payment and its order — ``SELECT … FOR UPDATE`` on PostgreSQL; on SQLite,
which has no row locks, the transaction's first statement is a write, so it holds the
database's write lock (one writer at a time) before it reads — and applies what the provider
said through the transition table. Of many concurrent calls for one payment, the first moves it
and the others find nothing left to move, so the follow-ups (``orders.fulfilment``, committed
in the same transaction) happen once. A move the table refuses — a stale ``open`` applied after
``paid`` — changes nothing and is not an error.

The order follows its latest payment only (an older attempt's news never moves it), and only
when the paid amount is the order's total: another amount flags the order for a person and
leaves it unpaid. Refunds and chargebacks made at the provider (the payment stays ``paid``)
show on the order; once they add up to the total the order is ``refunded``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from tortoise import connections

from splash.orders import fulfilment, invoice_numbers, payment_checks
from splash.orders.models import Order, Payment, PaymentEvent
from splash.orders.payment_checks import CheckPace
from splash.orders.payment_status import (
    ORDER_STATUS_FOR_PAYMENT,
    IllegalTransition,
    transition,
)
from splash.orders.payments.provider import PaymentProvider, ProviderPayment, ProviderUnavailable
from splash.orders.vocabulary import OrderFlag, OrderStatus, PaymentStatus
from splash.shared import outbox

log = logging.getLogger(__name__)

BANK_TRANSFER = "banktransfer"
UNFINISHED = (PaymentStatus.OPEN, PaymentStatus.PENDING, PaymentStatus.AUTHORIZED)
MONEY_BACK_FROM = frozenset({OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.COMPLETED})
RECONCILE_BATCH = 50


async def check(
    provider: PaymentProvider, provider_id: str, pace: CheckPace, *, news: bool = False
) -> bool:
    """``refresh`` at the pace ``payment_checks`` keeps: when the payment was asked about lately
    (or is being asked about now) nothing is asked and what is stored stands; ``news`` (a
    webhook) then schedules one later check. False when the id is none of ours."""
    claim = await payment_checks.claim(provider.name, provider_id, pace)
    if claim is None:
        return False
    if not claim.ask:
        if news:
            await payment_checks.check_later(provider_id, claim, pace)
        return True
    try:
        return await refresh(provider, provider_id)
    finally:
        await payment_checks.done(provider_id, pace)


async def check_again(job: outbox.Job, resources: Any) -> None:
    """A webhook's news that came while the payment had just been asked about."""
    provider_id = job.payload["provider_id"]
    await payment_checks.rechecking(provider_id)
    pace = CheckPace.of(resources.settings)
    await check(resources.payments, provider_id, pace, news=True)


async def refresh(provider: PaymentProvider, provider_id: str) -> bool:
    """Asks the provider for the payment and applies what it says to the payment and its
    order, under a row lock, with the follow-up work in the same transaction. False when the
    id is unknown here or at the provider. Raises ``ProviderUnavailable``, writing nothing."""
    known = Payment.filter(provider=provider.name, provider_id=provider_id)
    if not await known.exists():
        return False  # nobody is asked about an id that is none of ours
    reported = await provider.fetch(provider_id)
    if reported is None:
        return False
    async with outbox.transaction():
        payment, order = await _locked(provider_id)
        news = await _apply_to_payment(payment, reported)
        if news is not None and await _speaks_for_order(payment):
            await _move_order(order, payment, reported)
            if news.awaiting_transfer:
                await fulfilment.awaiting_bank_transfer(order)
        await _record_money_back(order)
    return True


@dataclass(frozen=True)
class PaymentNews:
    """What an applied report brought that the order acts on."""

    awaiting_transfer: bool  # the bank transfer's account arrived just now


def row_locks() -> bool:
    """Whether the database has row locks (PostgreSQL); SQLite has one write lock instead."""
    return connections.get("default").capabilities.dialect == "postgres"


async def _locked(provider_id: str) -> tuple[Payment, Order]:
    payments = Payment.filter(provider_id=provider_id)
    if row_locks():
        payment = await payments.select_for_update().get()
        order = await Order.filter(id=payment.order_id).select_for_update().get()  # type: ignore[attr-defined]
    else:
        await payments.update(updated_at=outbox.now())  # takes SQLite's write lock first
        payment = await payments.get()
        order = await Order.get(id=payment.order_id)  # type: ignore[attr-defined]
    return payment, order


async def _apply_to_payment(payment: Payment, reported: ProviderPayment) -> PaymentNews | None:
    """Records what the provider reports; None (nothing changed) when the table refuses the
    status move: the report is older than what is stored."""
    try:
        status = transition(payment.status, reported.status)
    except IllegalTransition:
        extra = {
            "payment": payment.provider_id,
            "stored": payment.status,
            "reported": reported.status,
        }
        log.info("a stale payment status was ignored", extra=extra)
        return None
    transfer = _awaiting_transfer(reported)
    news = PaymentNews(awaiting_transfer=transfer is not None and payment.bank_details is None)
    if status != payment.status:
        await PaymentEvent.create(payment=payment, status=status)
    payment.status = status
    payment.method = reported.method  # type: ignore[assignment]  # nullable columns
    payment.checkout_url = reported.checkout_url  # type: ignore[assignment]
    payment.amount_refunded = reported.amount_refunded
    payment.amount_charged_back = reported.amount_charged_back
    if transfer is not None:
        payment.bank_details = transfer
    await payment.save()
    return news


def _awaiting_transfer(reported: ProviderPayment) -> dict[str, str] | None:
    """The account to pay to, while the payment waits for a bank transfer."""
    bank = reported.bank_transfer
    if reported.status is not PaymentStatus.OPEN or reported.method != BANK_TRANSFER or not bank:
        return None
    return {
        "bankName": bank.bank_name,
        "bankAccount": bank.bank_account,
        "bankBic": bank.bank_bic,
        "transferReference": bank.transfer_reference,
    }


async def _speaks_for_order(payment: Payment) -> bool:
    """The order's latest payment speaks for it. An earlier attempt only when it is paid: a
    customer who started a new payment and then finished the old one in another tab has paid
    (never lost); an earlier attempt that ends without money changes nothing."""
    if payment.status is PaymentStatus.PAID:
        return True
    order_id = payment.order_id  # type: ignore[attr-defined]
    latest = await Payment.filter(order_id=order_id).order_by("-created_at", "-id").first()
    return latest is not None and latest.id == payment.id


async def _move_order(order: Order, payment: Payment, reported: ProviderPayment) -> None:
    """The order follows its latest payment; another amount than the total is not paid."""
    target = ORDER_STATUS_FOR_PAYMENT[payment.status]
    mismatch = reported.amount != order.total or reported.currency != order.currency
    if target is OrderStatus.PAID and order.status is not OrderStatus.PAID and mismatch:
        if order.flagged is None:
            order.flagged = OrderFlag.AMOUNT_MISMATCH
            await order.save(update_fields=["flagged", "updated_at"])
        extra = {"order": order.order_nr, "total": order.total, "paid": reported.amount}
        log.warning("a payment's amount is not its order's total", extra=extra)
        return
    try:
        status = transition(order.status, target)
    except IllegalTransition:
        return  # e.g. a refunded order stays refunded
    if status is order.status:
        return
    order.status = status
    if status is OrderStatus.PAID:
        order.paid_at = outbox.now()
        order.invoice_nr = order.invoice_nr or await invoice_numbers.draw(order.paid_at)
    await order.save(update_fields=["status", "paid_at", "invoice_nr", "updated_at"])
    await fulfilment.order_moved(order, status)


async def _record_money_back(order: Order) -> None:
    """Refunds and chargebacks of the order's payments on the order; money back to the full
    total makes a paid order refunded."""
    amounts = await Payment.filter(order_id=order.id).values_list(
        "amount_refunded", "amount_charged_back"
    )
    refunded = sum(row[0] for row in amounts)
    charged_back = sum(row[1] for row in amounts)
    if (refunded, charged_back) == (order.amount_refunded, order.amount_charged_back):
        return
    order.amount_refunded, order.amount_charged_back = refunded, charged_back
    refunded_now = refunded + charged_back >= order.total and order.status in MONEY_BACK_FROM
    if refunded_now:
        order.status = transition(order.status, OrderStatus.REFUNDED)
    fields = ["amount_refunded", "amount_charged_back", "status", "updated_at"]
    await order.save(update_fields=fields)
    if refunded_now:
        await fulfilment.order_refunded(order)


# --- reconciliation ------------------------------------------------------------------------------


async def reconcile(provider: PaymentProvider, quiet_for: timedelta) -> int:
    """Asks the provider again about this provider's payments still open, pending or
    authorized and not updated for ``quiet_for`` (a webhook may have been lost while the shop
    was down); the number asked about. Each is claimed by moving its ``updated_at`` (a
    compare-and-set: of several drainers only one asks about it, and it waits ``quiet_for``
    again before the next check). A provider that cannot be reached ends the pass."""
    now = outbox.now()
    stale = (
        await Payment.filter(
            provider=provider.name, status__in=UNFINISHED, updated_at__lt=now - quiet_for
        )
        .order_by("updated_at", "id")
        .limit(RECONCILE_BATCH)
        .values_list("id", "provider_id", "updated_at")
    )
    asked = 0
    for payment_id, provider_id, updated_at in stale:
        claim = Payment.filter(id=payment_id, updated_at=updated_at)
        if await claim.update(updated_at=now) != 1:
            continue  # another drainer took it
        try:
            await refresh(provider, provider_id)
        except ProviderUnavailable as exc:
            log.warning("payment reconciliation paused", extra={"reason": exc.reason})
            break
        asked += 1
    return asked


async def reconcile_payments(resources: Any) -> None:
    """The drainers' periodic pass (``SPLASH_PAYMENTS_RECONCILE_*``)."""
    quiet_for = timedelta(seconds=resources.settings.payments_reconcile_after_seconds)
    await reconcile(resources.payments, quiet_for)
