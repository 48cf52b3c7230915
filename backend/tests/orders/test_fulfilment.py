"""The follow-ups of an order's money, on the real database: each happens once — stock moves
are compare-and-sets on the order's stock state, e-mails are jobs — and a paid order's lines
reach whatever grants them (the academy) through one call point, a full refund whatever takes
them back through another."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from splash.catalog.models import ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.orders import fulfilment
from splash.orders.models import Order, OrderLine
from splash.orders.payment_updates import refresh
from splash.orders.payments.providers import create_provider
from splash.orders.vocabulary import OrderStatus, PaymentStatus, StockState
from splash.shared.outbox.models import OutboxJob
from splash.site import wiring
from tests.payments.support import SKU, order_with_test_payment, provider_reports


@pytest.fixture
def granted():
    """A grant plugged in beside the academy's; what it was given."""
    given: list[tuple[int, list[str]]] = []

    async def grant(order: Order, lines: list[OrderLine]) -> None:
        given.append((order.id, [line.sku for line in lines]))

    fulfilment.plug_in([*fulfilment.GRANTS, grant], fulfilment.REVOKES, fulfilment.UNLOCKED)
    yield given
    wiring.plug_in()


async def stock() -> int:
    return (await ProductVariant.get(sku=SKU)).stock


async def jobs() -> list[tuple[str, dict]]:
    return [(job.kind, job.payload) for job in await OutboxJob.all().order_by("id")]


async def with_lesson(order: Order) -> OrderLine:
    """A digital line beside the float suits (an academy lesson, once issue 14 sells them)."""
    return await OrderLine.create(
        order=order,
        position=9,
        variant_id=999,
        sku="SPL-LESSON-1",
        product_type=ProductType.DIGITAL,
        title="Zwemles 1",
        variant_label="Les",
        quantity=1,
        unit_price=1500,
        line_total=1500,
        vat_rate=21,
        vat=260,
    )


# --- entitlements -------------------------------------------------------------------------------


async def test_every_grant_gets_all_lines_of_the_paid_order(seeded, granted):
    """A suit line grants its free lessons and a lesson line the lesson: the grant decides."""
    order, _ = await order_with_test_payment()
    await with_lesson(order)

    await fulfilment.grant_entitlements(order)

    assert granted == [(order.id, [SKU, "SPL-LESSON-1"])]


async def test_a_paid_order_grants_once(seeded, settings, granted):
    order, payment = await order_with_test_payment()
    await with_lesson(order)
    await provider_reports(payment, status=PaymentStatus.PAID, amount=order.total)
    provider = create_provider(settings)

    await refresh(provider, payment.id)
    await refresh(provider, payment.id)

    assert granted == [(order.id, [SKU, "SPL-LESSON-1"])]


async def test_a_full_refund_reaches_every_revoke_once_and_a_partial_one_none(seeded, settings):
    revoked: list[int] = []

    async def revoke(order: Order, lines: Sequence[OrderLine] | None) -> None:
        assert lines is None  # a full refund takes back everything the order unlocked
        revoked.append(order.id)

    fulfilment.plug_in(fulfilment.GRANTS, [*fulfilment.REVOKES, revoke], fulfilment.UNLOCKED)
    try:
        order, payment = await order_with_test_payment()
        await provider_reports(payment, status=PaymentStatus.PAID, amount=order.total)
        provider = create_provider(settings)
        await refresh(provider, payment.id)
        await provider_reports(payment, amount_refunded=order.total - 1)
        await refresh(provider, payment.id)
        assert revoked == []

        await provider_reports(payment, amount_refunded=order.total)
        await refresh(provider, payment.id)
        await refresh(provider, payment.id)

        assert revoked == [order.id]
    finally:
        wiring.plug_in()


# --- paid ---------------------------------------------------------------------------------------


async def test_paid_commits_the_reserved_stock_and_promises_the_confirmation(seeded):
    order, _ = await order_with_test_payment(quantity=2)
    reserved = await stock()

    await fulfilment.order_moved(order, OrderStatus.PAID)

    assert (await Order.get(id=order.id)).stock_state is StockState.COMMITTED
    assert await stock() == reserved
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]


async def test_paid_after_a_release_takes_the_stock_again(seeded):
    order, _ = await order_with_test_payment(quantity=2)
    reserved = await stock()
    await fulfilment.release_stock(order)

    await fulfilment.commit_stock(order)

    assert (await Order.get(id=order.id)).stock_state is StockState.COMMITTED
    assert await stock() == reserved


async def test_committed_stock_is_not_committed_again(seeded):
    order, _ = await order_with_test_payment(quantity=2)
    reserved = await stock()
    await fulfilment.commit_stock(order)
    await fulfilment.release_stock(order)  # a paid order's stock stays sold

    await fulfilment.commit_stock(order)

    assert (await Order.get(id=order.id)).stock_state is StockState.COMMITTED
    assert await stock() == reserved


# --- without money ------------------------------------------------------------------------------


@pytest.mark.parametrize("ended", [OrderStatus.CANCELED, OrderStatus.EXPIRED, OrderStatus.FAILED])
async def test_ending_without_money_puts_the_stock_back_on_sale_once(seeded, ended):
    order, _ = await order_with_test_payment(quantity=2)
    reserved = await stock()
    stale = await Order.get(id=order.id)  # a second mover that read the order before the first

    await fulfilment.order_moved(order, ended)
    await fulfilment.order_moved(order, ended)
    await fulfilment.release_stock(stale)

    assert (await Order.get(id=order.id)).stock_state is StockState.RELEASED
    assert await stock() == reserved + 2
    assert await jobs() == []


async def test_awaiting_a_bank_transfer_promises_its_mail(seeded):
    order, _ = await order_with_test_payment()

    await fulfilment.awaiting_bank_transfer(order)

    assert await jobs() == [("order_bank_transfer", {"order_id": order.id})]
