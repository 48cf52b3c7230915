"""Pay now (POST /orders/{slug}/payments): back to the payment page of an order that waits for
its money.

While the latest payment is in progress its page is the answer (a double click starts nothing
new). When it ended without money (canceled, expired, failed — or the provider was down at the
checkout), the order goes back to awaiting payment, its stock is reserved again if it was
released (for a new reservation time: ``orders.reservations``), and the next attempt's payment
is started. A paid order is a 409 ``order_paid``.
"""

from __future__ import annotations

from datetime import timedelta

from tortoise.transactions import in_transaction

from splash.core.errors import ConflictError, NotFoundError
from splash.orders import payment_updates, stock
from splash.orders.models import Order, OrderLine, Payment
from splash.orders.payment_checks import CheckPace
from splash.orders.payment_start import (
    UNFINISHED,
    ShopLinks,
    checked_return_url,
    start_payment,
)
from splash.orders.payment_status import transition
from splash.orders.payments.provider import PaymentProvider
from splash.orders.vocabulary import (
    MONEY_ARRIVED,
    OrderError,
    OrderStatus,
    PaymentStatus,
    StockState,
)
from splash.shared import outbox


async def pay_again(
    slug: str,
    return_url: str,
    provider: PaymentProvider,
    links: ShopLinks,
    reservation: timedelta,
    pace: CheckPace,
) -> str:
    """The checkout URL to send the customer to; a reopened order holds its stock for
    ``reservation``."""
    return_url = checked_return_url(return_url, links)
    order = await Order.get_or_none(slug=slug)
    if order is None:
        raise NotFoundError("Order not found")
    payments = await Payment.filter(order_id=order.id).order_by("created_at", "id")
    latest = payments[-1] if payments else None
    if order.status in MONEY_ARRIVED or (
        latest is not None and latest.status == PaymentStatus.PAID
    ):
        raise ConflictError("This order has been paid", {"code": OrderError.ORDER_PAID})
    if latest is not None and latest.status in UNFINISHED:
        return await _open_page(latest, provider, pace)
    return await next_payment(order, len(payments) + 1, return_url, links, provider, reservation)


async def next_payment(
    order: Order,
    attempt: int,
    return_url: str,
    links: ShopLinks,
    provider: PaymentProvider,
    reservation: timedelta,
) -> str:
    """Starts the order's ``attempt``-th payment, the order back to awaiting payment with its
    stock reserved again (for ``reservation``) first when it was released; its checkout URL."""
    await _reopen(order, reservation)
    return await start_payment(order, attempt, return_url, links, provider)


async def _open_page(payment: Payment, provider: PaymentProvider, pace: CheckPace) -> str:
    """The page of a payment still in progress: as kept, else as the provider tells it (at
    the pace of every check); a payment without one (pending: the money is on its way) is no
    reason for another."""
    url: str | None = payment.checkout_url
    if not url:
        await payment_updates.check(provider, payment.provider_id, pace)
        url = (await Payment.get(id=payment.id)).checkout_url
    if not url:
        raise ConflictError(
            "A payment of this order is being processed", {"code": OrderError.PAYMENT_IN_PROGRESS}
        )
    return url


async def _reopen(order: Order, reservation: timedelta) -> None:
    """Back to awaiting payment, with its stock reserved again when it was released, until
    ``reservation`` from now; all or nothing (409 ``product_unavailable`` when the stock is
    gone meanwhile)."""
    async with in_transaction():
        until = outbox.now() + reservation
        await Order.filter(id=order.id).update(reserved_until=until)
        if order.status != OrderStatus.AWAITING_PAYMENT:
            waiting = transition(order.status, OrderStatus.AWAITING_PAYMENT)
            await Order.filter(id=order.id, status=order.status).update(status=waiting)
        if order.stock_state == StockState.RELEASED and await stock.move(
            order, StockState.RESERVED
        ):
            await stock.take(_stock_lines(await OrderLine.filter(order_id=order.id)), order.locale)


def _stock_lines(lines: list[OrderLine]) -> list[stock.StockLine]:
    return [
        stock.StockLine(
            ["lines", line.position],
            f"{line.title} \N{EN DASH} {line.variant_label}",
            line.variant_id,
            line.quantity,
            line.product_type,
        )
        for line in lines
    ]
