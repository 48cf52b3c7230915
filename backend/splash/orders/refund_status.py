"""The provider's later word on a refund (issue 27 point 10): a refund it took is pending until
it says refunded, or failed (then the money counts as not given back). Asked one refund at a
time by :func:`follow`, and by the drainers' periodic pass :func:`follow_refunds`."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from tortoise.expressions import F

from splash.orders import refunds
from splash.orders.models import Payment, Refund
from splash.orders.payments.provider import PaymentProvider, ProviderUnavailable
from splash.orders.vocabulary import REFUND_FINAL, REFUND_VOID
from splash.shared import outbox
from splash.staff import activity
from splash.staff.activity import Actor
from splash.staff.vocabulary import Action, SubjectType

log = logging.getLogger(__name__)

FOLLOW_BATCH = 50


async def follow(provider: PaymentProvider, refund_id: int) -> bool:
    """Asks the provider about one refund and records its status; a refund that failed (or
    was canceled) no longer counts as money given back. True when the status moved."""
    refund = await Refund.get_or_none(id=refund_id).select_related("payment")
    if refund is None or refund.status in REFUND_FINAL or refund.provider_refund_id is None:
        return False
    if refund.payment.provider != provider.name:
        return False
    reported = await provider.fetch_refund(refund.payment.provider_id, refund.provider_refund_id)
    if reported is None or reported.status == refund.status:
        return False
    async with outbox.transaction():
        order = await refunds.locked_order(refund.order_id)  # type: ignore[attr-defined]
        refund = await Refund.get(id=refund_id)
        if refund.status in REFUND_FINAL or refund.status == reported.status:
            return False
        before = {**refunds.money_of(order), "refundStatus": refund.status.value}
        refund.status = reported.status
        await refund.save(update_fields=["status", "updated_at"])
        if reported.status in REFUND_VOID:
            await Payment.filter(id=refund.payment_id).update(  # type: ignore[attr-defined]
                amount_refunded=F("amount_refunded") - refund.amount
            )
            await refunds.sum_up(order)
        await activity.record(
            Actor(None, f"payment provider ({provider.name})", None),
            Action.REFUND_STATUS,
            (SubjectType.ORDER, order.id),
            before=before,
            after={**refunds.money_of(order), "refundStatus": refund.status.value},
            note=refund.credit_note_nr,
        )
    if reported.status in REFUND_VOID:
        log.warning(
            "a refund failed at the provider",
            extra={"credit_note": refund.credit_note_nr, "status": reported.status},
        )
    return True


async def follow_refunds(resources: Any) -> None:
    """The drainers' periodic pass: refunds still on their way, not looked at for the
    reconciliation's quiet time, asked about again (each claimed by moving its ``updated_at``,
    a compare-and-set: of several drainers one asks). A provider that cannot be reached ends
    the pass."""
    quiet_for = timedelta(seconds=resources.settings.payments_reconcile_after_seconds)
    now = outbox.now()
    due = (
        await Refund.filter(status__not_in=list(REFUND_FINAL), updated_at__lt=now - quiet_for)
        .order_by("updated_at", "id")
        .limit(FOLLOW_BATCH)
        .values_list("id", "updated_at")
    )
    for refund_id, updated_at in due:
        if await Refund.filter(id=refund_id, updated_at=updated_at).update(updated_at=now) != 1:
            continue
        try:
            await follow(resources.payments, refund_id)
        except ProviderUnavailable as exc:
            log.warning("refund checks paused", extra={"reason": exc.reason})
            break
