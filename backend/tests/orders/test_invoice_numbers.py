"""Invoice numbers on the real database: one series without gaps per year of the shop's clock,
drawn when an order's money arrives (EU VAT directive art. 226(2): a sequential number)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

from tortoise.transactions import in_transaction

from splash.core.formatting import SHOP_ZONE
from splash.orders import invoice_numbers
from splash.orders.models import Order
from splash.orders.payment_updates import refresh
from splash.orders.payments.providers import create_provider
from splash.orders.vocabulary import PaymentStatus
from tests.payments.support import order_with_test_payment, provider_reports


async def test_numbers_follow_one_another_and_each_year_starts_a_series(database):
    drawn = [
        await invoice_numbers.draw(datetime(2026, 3, 1, tzinfo=UTC)),
        await invoice_numbers.draw(datetime(2026, 11, 25, tzinfo=UTC)),
        await invoice_numbers.draw(datetime(2027, 2, 1, tzinfo=UTC)),
        await invoice_numbers.draw(datetime(2026, 12, 1, tzinfo=UTC)),
    ]

    assert drawn == ["2026-00001", "2026-00002", "2027-00001", "2026-00003"]


async def test_the_year_is_the_shops(database):
    # 23:30 UTC on New Year's Eve is already the new year in Amsterdam.
    assert await invoice_numbers.draw(datetime(2026, 12, 31, 23, 30, tzinfo=UTC)) == "2027-00001"


async def test_a_rolled_back_draw_gives_its_number_back(database):
    paid_at = datetime(2026, 5, 1, tzinfo=UTC)
    await invoice_numbers.draw(paid_at)
    try:
        async with in_transaction():
            assert await invoice_numbers.draw(paid_at) == "2026-00002"
            raise RuntimeError("the payment update failed")
    except RuntimeError:
        pass

    assert await invoice_numbers.draw(paid_at) == "2026-00002"


async def test_orders_paid_at_once_get_consecutive_numbers(seeded, settings):
    provider = create_provider(settings)
    payments = []
    for _ in range(8):
        _, payment = await order_with_test_payment()
        await provider_reports(payment, status=PaymentStatus.PAID)
        payments.append(payment)

    await asyncio.gather(*(refresh(provider, payment.id) for payment in payments))

    orders = await Order.filter(invoice_nr__not_isnull=True).order_by("invoice_nr")
    assert len(orders) == 8
    year = orders[0].paid_at.astimezone(SHOP_ZONE).year  # type: ignore[union-attr]
    assert [order.invoice_nr for order in orders] == [f"{year}-{n:05d}" for n in range(1, 9)]


async def test_a_paid_order_keeps_its_number_when_told_again(seeded, settings):
    provider = create_provider(settings)
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=PaymentStatus.PAID)
    await refresh(provider, payment.id)
    number = (await Order.get(id=order.id)).invoice_nr

    await refresh(provider, payment.id)

    assert number is not None
    assert (await Order.get(id=order.id)).invoice_nr == number
