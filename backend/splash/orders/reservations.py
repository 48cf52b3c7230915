"""Stock held by orders whose payment never started.

A checkout that cannot reach the provider answers 503 and keeps the order with its units
reserved, so that the same request again (or Pay now) creates its payment. Nothing else would
ever release those units: the reconciliation follows payments, and this order has none. So an
order still awaiting its first payment ``SPLASH_ORDERS_RESERVATION_SECONDS`` after it was placed
(15 minutes: as long as a payment at Mollie stays open) ends ``expired`` and its stock goes back
on sale, without asking the provider (it may still be down). Its customer can still pay: the
same checkout request again, or Pay now, reserves the stock again first (``pay_now``).

Each order is released under its row lock (PostgreSQL) or SQLite's write lock, after checking
again that it is still waiting and still has no payment; the stock moves by a compare-and-set on
the order's stock state (``fulfilment.release_stock``), so drainers racing for one order release
it once. A payment created at that very moment (a retry racing the release) is kept: its first
news moves the order back to awaiting payment, and its money commits the stock again.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from tortoise.expressions import Subquery
from tortoise.queryset import QuerySet

from splash import outbox
from splash.orders import fulfilment
from splash.orders.models import Order, Payment
from splash.orders.payment_status import transition
from splash.orders.payment_updates import row_locks
from splash.orders.vocabulary import OrderStatus, StockState

log = logging.getLogger(__name__)

RELEASE_BATCH = 50


def _unpaid(placed_before: datetime) -> QuerySet[Order]:
    with_payment = Subquery(Payment.all().values("order_id"))
    return Order.filter(
        status=OrderStatus.AWAITING_PAYMENT,
        stock_state=StockState.RESERVED,
        created_at__lt=placed_before,
    ).exclude(id__in=with_payment)


async def release_unpaid(reservation: timedelta) -> int:
    """Ends the orders still without a payment ``reservation`` after they were placed and puts
    their stock back; the number released by this call."""
    placed_before = outbox.now() - reservation
    found = await _unpaid(placed_before).order_by("created_at", "id").limit(RELEASE_BATCH)
    released = 0
    for order in found:
        if await _release(order.id, placed_before):
            released += 1
    return released


async def _release(order_id: int, placed_before: datetime) -> bool:
    async with outbox.transaction():
        order = await _locked(order_id)
        still = _unpaid(placed_before).filter(id=order_id)
        if order is None or not await still.exists():
            return False  # released by another drainer, or its payment arrived meanwhile
        order.status = transition(order.status, OrderStatus.EXPIRED)
        await order.save(update_fields=["status", "updated_at"])
        await fulfilment.order_moved(order, OrderStatus.EXPIRED)
    log.info("an order without a payment released its stock", extra={"order": order.order_nr})
    return True


async def _locked(order_id: int) -> Order | None:
    orders = Order.filter(id=order_id)
    if row_locks():
        return await orders.select_for_update().first()
    await orders.update(updated_at=outbox.now())  # takes SQLite's write lock first
    return await orders.first()


@outbox.periodic("order_reservations", every=lambda s: s.payments_reconcile_every_seconds)
async def release_unpaid_orders(resources: Any) -> None:
    """The drainers' periodic pass, beside the reconciliation of payments."""
    await release_unpaid(timedelta(seconds=resources.settings.orders_reservation_seconds))
