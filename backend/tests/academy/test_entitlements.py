"""What paid orders unlock, on the real database: a lesson, level or bundle line its lessons, a
float suit the free lessons of its product; a guest's new account owns them; a full refund
takes back that order's lessons only; granting again, or 50 duplicate paid webhooks at once,
grants once."""

from __future__ import annotations

import asyncio

import pytest
from tortoise import Tortoise

from splash.academy.entitlements import unlocked_by
from splash.academy.models import Entitlement
from splash.academy.vocabulary import GrantSource
from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.orders import fulfilment
from splash.orders.models import Order, OrderLine, Payment
from splash.orders.payments.models import SandboxPayment
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order
from tests.academy.support import SKU, owning
from tests.orders.drafts import draft, line, place, quiet_client
from tests.support import DATABASE, serving

FORM = {"content-type": "application/x-www-form-urlencoded"}


async def rows(order: Order | None = None) -> list[tuple[int, int, str]]:
    found = Entitlement.filter(order=order) if order else Entitlement.all()
    return sorted(
        (row.lesson_id, row.order_id, row.source)  # type: ignore[attr-defined]
        for row in await found
    )


def lessons(course, *numbers: tuple[int, int]) -> list[int]:
    return [course.levels[level - 1].lessons[lesson - 1].lesson.id for level, lesson in numbers]


async def test_a_level_unlocks_its_lessons_and_a_suit_the_free_ones(course, parent):
    order = await create_order(parent, [(f"{SKU}-LEVEL-2", 1)], product_type=ProductType.DIGITAL)
    suit = await create_order(parent, [("SPL-FS-BLUE-M", 1), ("SPL-FS-PINK-S", 2)])

    digital = await unlocked_by(await OrderLine.filter(order=order))
    gifts = await unlocked_by(await OrderLine.filter(order=suit))

    assert digital == dict.fromkeys(lessons(course, (2, 1), (2, 2)), GrantSource.PURCHASE)
    assert gifts == dict.fromkeys(lessons(course, (1, 1), (1, 2)), GrantSource.SUIT_GIFT)


async def test_a_purchase_wins_over_a_gift_in_one_order(course, parent):
    order = await owning(parent, "BUNDLE", "SPL-FS-BLUE-M")

    assert {source for *_, source in await rows(order)} == {GrantSource.PURCHASE}
    assert len(await rows(order)) == 4


async def test_granting_twice_grants_once(course, parent):
    order = await owning(parent, "LESSON-1-2", "LEVEL-2")

    await fulfilment.grant_entitlements(order)

    assert await rows() == [
        (lesson, order.id, GrantSource.PURCHASE)
        for lesson in lessons(course, (1, 2), (2, 1), (2, 2))
    ]


async def test_grants_racing_each_other_outside_the_webhooks_lock_grant_once(course, parent):
    order = await create_order(parent, [(f"{SKU}-LEVEL-1", 1)], product_type=ProductType.DIGITAL)

    await asyncio.gather(*(fulfilment.grant_entitlements(order) for _ in range(20)))

    assert len(await rows(order)) == 2


async def test_a_full_refund_takes_back_only_that_orders_lessons(course, parent):
    level = await owning(parent, "LEVEL-1")
    suit = await owning(parent, "SPL-FS-BLUE-M", product_type=ProductType.PHYSICAL)
    lesson = await owning(parent, "LESSON-2-1")

    await fulfilment.order_refunded(level)

    assert await rows(level) == []
    assert len(await rows(suit)) == 2  # level 1 again, free with the suit: still watchable
    assert len(await rows(lesson)) == 1


async def pay(http, payment_id: str, times: int = 1) -> list[int]:
    answers = await asyncio.gather(
        *(
            http.post("/api/payments/webhook", content=f"id={payment_id}", headers=FORM)
            for _ in range(times)
        )
    )
    return [answer.status_code for answer in answers]


async def test_a_guests_new_account_owns_level_1_once_its_suit_is_paid(course, settings):
    client = quiet_client(settings)
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    response = await place(client, draft([line(blue.id)], email="gast@example.com"))
    assert response.status == 201
    order = await Order.get(order_nr=response.json["data"]["orderNr"])
    payment = await Payment.get(order=order)
    await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.PAID)

    async with serving(client.app) as http:
        assert await pay(http, payment.provider_id) == [200]

    guest = await User.get(email="gast@example.com")
    assert not guest.confirmed  # the account waits for its password
    assert await rows() == [
        (lesson, order.id, GrantSource.SUIT_GIFT) for lesson in lessons(course, (1, 1), (1, 2))
    ]
    assert {row.user_id for row in await Entitlement.all()} == {guest.id}  # type: ignore[attr-defined]


async def test_a_refund_at_the_provider_revokes_the_lessons(course, parent, settings):
    order = await create_order(parent, [(f"{SKU}-LEVEL-2", 1)], product_type=ProductType.DIGITAL)
    payment = await Payment.get(order=order)
    client = quiet_client(settings)
    await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.PAID)
    async with serving(client.app) as http:
        await pay(http, payment.provider_id)
        assert len(await rows(order)) == 2
        await SandboxPayment.filter(id=payment.provider_id).update(amount_refunded=order.total)
        await Payment.filter(id=payment.id).update(next_check_at=None)  # days later
        await pay(http, payment.provider_id)

    assert (await Order.get(id=order.id)).status is OrderStatus.REFUNDED
    assert await rows() == []


async def test_fifty_concurrent_duplicate_paid_webhooks_grant_once(course, parent, settings):
    order = await create_order(
        parent,
        [(f"{SKU}-BUNDLE", 1), (f"{SKU}-LESSON-1-1", 1)],
        product_type=ProductType.DIGITAL,
    )
    payment = await Payment.get(order=order)
    await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.PAID)

    async with serving(quiet_client(settings).app) as http:
        assert await pay(http, payment.provider_id, times=50) == [200] * 50

    assert (await Order.get(id=order.id)).status is OrderStatus.PAID
    assert await rows() == [
        (lesson, order.id, GrantSource.PURCHASE) for lesson in sorted(course.lesson_ids())
    ]


def test_the_wiring_plugs_in_the_grants_so_a_payment_the_worker_updates_unlocks_lessons():
    from splash.academy import entitlements
    from splash.site import wiring

    fulfilment.plug_in([], [], [])
    wiring.plug_in()  # as the app and the worker do at start

    assert entitlements.grant in fulfilment.GRANTS and entitlements.revoke in fulfilment.REVOKES


async def test_an_orders_lessons_are_read_from_an_index_of_their_order(course, parent):
    """An order's page, its mails and its refund read its lessons by order; without an index
    of their own that read went through every order's lessons (3 ms at 57,000 in the soak)."""
    if DATABASE != "postgres":
        pytest.skip("PostgreSQL's plan; SQLite takes the same index")
    query = Entitlement.filter(order_id=1).sql(params_inline=True)
    connection = Tortoise.get_connection("default")
    async with connection._in_transaction() as transaction:
        await transaction.execute_script("SET LOCAL enable_seqscan = off")
        plan = await transaction.execute_query_dict(f"EXPLAIN {query}")
    assert "academy_entitlement_order" in "\n".join(row["QUERY PLAN"] for row in plan)
