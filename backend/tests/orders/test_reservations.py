"""Orders whose payment never started (the provider was down at the checkout, and nobody retried)
give their stock back after the reservation time: the drainers' periodic pass releases the
units and ends the order expired, once, without asking the provider. Time is driven by moving
the order's ``reserved_until``, no test sleeps."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import timedelta

import pytest

from splash.catalog.models import ProductVariant
from splash.orders.models import Order, Payment
from splash.orders.vocabulary import OrderStatus, StockState
from splash.shared.outbox import queue
from splash.shared.outbox.drain import Drainer
from splash.site import wiring
from testkit.mollie_stub import MollieStub
from tests.orders.drafts import draft, line, new_key, place, through_mollie
from tests.payments.support import SKU, order_with_test_payment


@pytest.fixture
def mollie() -> Iterator[MollieStub]:
    stub = MollieStub().start()
    yield stub
    stub.stop()


@pytest.fixture
def mollie_settings(settings, mollie):
    update = {"payments": "mollie", "mollie_api_key": mollie.api_key, "mollie_base_url": mollie.url}
    return settings.model_copy(update=update)


async def stock() -> int:
    return (await ProductVariant.get(sku=SKU)).stock


async def placed_while_mollie_is_down(settings, mollie, quantity: int = 2):
    """A checkout while Mollie answers 503: the order is kept, no payment, units reserved."""
    mollie.unavailable = True
    blue = await ProductVariant.get(sku=SKU)
    body, key = draft([line(blue.id, quantity)]), new_key()
    answer = await place(through_mollie(settings, mollie), body, key)
    assert answer.status == 503
    return await Order.get(), body, key


async def reservation_ends_in(order: Order, left: timedelta) -> None:
    await Order.filter(id=order.id).update(reserved_until=queue.now() + left)


async def test_an_order_answered_503_gives_its_stock_back_after_the_reservation_time(
    seeded, settings, mollie, mollie_settings
):
    before = await stock()
    order, _, _ = await placed_while_mollie_is_down(settings, mollie, quantity=2)
    assert await Payment.filter(order_id=order.id).count() == 0
    assert await stock() == before - 2
    drainer = Drainer(wiring.resources(mollie_settings))

    await reservation_ends_in(order, timedelta(minutes=1))
    await drainer.run_periodic()  # within the reservation time: kept
    kept = await Order.get(id=order.id)
    assert (kept.status, kept.stock_state, await stock()) == (
        OrderStatus.AWAITING_PAYMENT,
        StockState.RESERVED,
        before - 2,
    )

    await reservation_ends_in(order, -timedelta(minutes=1))
    await Drainer(wiring.resources(mollie_settings)).run_periodic()  # Mollie still down

    released = await Order.get(id=order.id)
    assert (released.status, released.stock_state) == (OrderStatus.EXPIRED, StockState.RELEASED)
    assert await stock() == before
    await Drainer(wiring.resources(mollie_settings)).run_periodic()  # once only
    assert await stock() == before
    assert (await Order.get(id=order.id)).status is OrderStatus.EXPIRED
    assert [r["method"] for r in mollie.requests] == ["POST"]  # the provider was never asked


async def test_the_same_checkout_after_the_release_takes_the_stock_again_and_starts_the_payment(
    seeded, settings, mollie, mollie_settings
):
    before = await stock()
    order, body, key = await placed_while_mollie_is_down(settings, mollie)
    await reservation_ends_in(order, -timedelta(minutes=1))
    await Drainer(wiring.resources(mollie_settings)).run_periodic()
    assert (await Order.get(id=order.id)).status is OrderStatus.EXPIRED
    mollie.unavailable = False

    retried = await place(through_mollie(settings, mollie), body, key)

    assert retried.status == 200, retried.text
    assert retried.json["data"]["orderNr"] == order.order_nr
    again = await Order.get(id=order.id)
    assert (again.status, again.stock_state) == (OrderStatus.AWAITING_PAYMENT, StockState.RESERVED)
    assert await stock() == before - 2
    assert await Payment.filter(order_id=order.id).count() == 1


async def test_an_order_with_a_payment_keeps_its_status_when_its_stock_is_released(
    seeded, settings
):
    """Its payment speaks for it (a bank transfer may still come): only the stock goes back."""
    order, _ = await order_with_test_payment()
    await reservation_ends_in(order, -timedelta(minutes=1))

    await Drainer(wiring.resources(settings)).run_periodic()

    kept = await Order.get(id=order.id)
    assert (kept.status, kept.stock_state) == (OrderStatus.AWAITING_PAYMENT, StockState.RELEASED)


async def test_five_drainers_at_once_release_an_order_once(
    seeded, settings, mollie, mollie_settings
):
    before = await stock()
    order, _, _ = await placed_while_mollie_is_down(settings, mollie)
    await reservation_ends_in(order, -timedelta(minutes=1))
    drainers = [Drainer(wiring.resources(mollie_settings)) for _ in range(5)]

    await asyncio.gather(*(drainer.run_periodic() for drainer in drainers))

    assert await stock() == before
    assert (await Order.get(id=order.id)).status is OrderStatus.EXPIRED
