"""How long an unpaid order holds its stock (issue 23 point 3).

An order reserves its units when it is placed, until ``reserved_until``
(``SPLASH_ORDER_RESERVATION_MINUTES``, 30 by default; Pay now reserves anew for as long).
Before, a reservation lasted until the payment ended: 15 minutes for the methods paid on the
spot, 12 days for a bank transfer — so one unpaid order could hold a variant's whole stock for
days. Once the time is up every drainer's periodic pass puts the stock back on sale (once: the
stock state moves by compare-and-set) while the order keeps waiting for its money; paid later
after all, the order takes its stock again (``fulfilment.commit_stock``, which flags a unit
that is gone for a person). The order's status is left alone while it has a payment: the
payment speaks for it. An order without any payment (the provider was down at the checkout,
which answered 503, and nobody retried) has nothing that would ever end it: it ends
``expired`` with its release. The same checkout request again, or Pay now, reserves the stock
again first and starts the payment (``pay_now.next_payment``).
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

from tortoise.expressions import Q

from splash.orders import fulfilment
from splash.orders.models import Order, Payment
from splash.orders.payment_status import transition
from splash.orders.vocabulary import OrderStatus, StockState
from splash.shared import outbox

log = logging.getLogger(__name__)

RELEASE_BATCH = 100
RELEASE_EVERY_SECONDS = 60.0
_EXPIRED = Q(status=OrderStatus.AWAITING_PAYMENT, stock_state=StockState.RESERVED)


async def release_expired(now: datetime) -> int:
    """Puts back on sale the stock of unpaid orders whose reservation ended before ``now``;
    the number of orders released (each in its own transaction, under the compare-and-set of
    ``fulfilment.release_stock``: of several drainers one releases each order)."""
    due = (
        await Order.filter(_EXPIRED, reserved_until__lt=now)
        .order_by("reserved_until", "id")
        .limit(RELEASE_BATCH)
        .values_list("id", flat=True)
    )
    released = 0
    for order_id in due:
        async with outbox.transaction():
            # Read again under the order's row lock (PostgreSQL; SQLite's transactions hold the
            # write lock), as a payment update does: a payment arriving now waits, then finds
            # the stock released and takes it again.
            order = await Order.filter(_EXPIRED, id=order_id).select_for_update().first()
            if order is not None and await fulfilment.release_stock(order):
                released += 1
                if not await Payment.exists(order_id=order.id):
                    ended = transition(order.status, OrderStatus.EXPIRED)
                    await Order.filter(id=order.id).update(status=ended)
    if released:
        log.info("unpaid orders' reservations ended", extra={"orders": released})
    return released


async def release_reservations(resources: Any) -> None:
    """The drainers' periodic pass."""
    await release_expired(outbox.now())
