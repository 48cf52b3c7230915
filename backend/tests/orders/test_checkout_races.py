"""The checkout under pressure, on the real database: the last unit goes to exactly one of many
parallel checkouts, an order number that is taken is drawn again, and one order costs a known
number of SQL statements (so a regression shows)."""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterator

import pytest

from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.orders import checkout, payment_start
from splash.orders.checkout_limits import Buyer, CheckoutLimits
from splash.orders.models import CheckoutRequest, Order, OrderLine, Payment
from splash.orders.schemas import OrderDraft
from splash.shared.outbox.models import OutboxJob
from testkit.factories import create_order
from tests.orders.drafts import RETURN_URL, draft, line, new_key, place, quiet_client, unlimited
from tests.support import DATABASE, counting_statements, serving

BUYERS = 50


@pytest.fixture
def app(settings):
    return quiet_client(unlimited(settings)).app  # fifty buyers from one client address


async def test_fifty_parallel_checkouts_for_the_last_unit_make_exactly_one_order(app, seeded):
    last = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    await ProductVariant.filter(id=last.id).update(stock=1)
    async with serving(app) as http:
        answers = await asyncio.gather(
            *(
                http.post(
                    "/api/orders",
                    json=draft([line(last.id)], email=f"ouder{n}@example.com"),
                    headers={"idempotency-key": new_key()},
                )
                for n in range(BUYERS)
            )
        )

    statuses = Counter(answer.status_code for answer in answers)
    assert statuses == {201: 1, 409: BUYERS - 1}
    codes = {a.json()["error"]["details"]["code"] for a in answers if a.status_code == 409}
    assert codes == {"product_unavailable"}
    # The last unit went to another order: none left, whichever check found it gone.
    lefts = {tuple(a.json()["error"]["details"]["left"]) for a in answers if a.status_code == 409}
    assert lefts == {(0,)}
    assert (await ProductVariant.get(id=last.id)).stock == 0
    assert await Order.all().count() == 1
    assert await OrderLine.all().count() == 1
    assert await Payment.all().count() == 1
    # The refused checkouts rolled back whole: no key of theirs is left; nobody got an account
    # or a mail (a guest's comes when the order is paid).
    assert await User.all().count() == 0
    assert await CheckoutRequest.all().count() == 1
    assert await OutboxJob.all().count() == 0


def numbers(*drawn: str) -> Iterator[str]:
    yield from drawn


async def test_an_order_number_that_is_taken_is_drawn_again(app, seeded):
    earlier = await create_order(
        await User.create(email="ouder@example.com", username="ouder@example.com"),
        [("SPL-FS-BLUE-M", 1)],
    )
    await Order.filter(id=earlier.id).update(order_nr="SPL-AAAA-AAAA")
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    drawn = numbers("SPL-AAAA-AAAA", "SPL-BBBB-BBBB")
    links = payment_start.ShopLinks(
        frozenset({RETURN_URL}), "http://localhost:8000/api/payments/webhook"
    )

    placed = await checkout.place_order(
        OrderDraft.model_validate(draft([line(blue.id)])),
        new_key(),
        None,
        Buyer("test-client", app.ctx.rate_limiter, CheckoutLimits.from_settings(app.ctx.settings)),
        app.ctx.payments,
        links,
        app.ctx.routes,
        new_order_nr=lambda: next(drawn),
    )

    assert placed.answer.order_nr == "SPL-BBBB-BBBB"
    assert await Order.all().count() == 2
    assert await CheckoutRequest.all().count() == 1
    assert (await ProductVariant.get(id=blue.id)).stock == blue.stock - 1


async def test_one_order_of_a_guest_costs_a_known_number_of_statements(app, seeded):
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    client = quiet_client(app.ctx.settings)
    with counting_statements() as statements:
        response = await place(client, draft([line(blue.id, 2)]))

    assert response.status == 201
    # Before the transaction: the variants with their products, their texts (2), the shipping
    # costs (1), the legal texts (1). In it: whether the address has an account, on PostgreSQL
    # the advisory locks of the client and the address (one statement), the open unpaid orders
    # of the client and of the address (3 or 4), the order, the key with its order, the lines,
    # the stock (4) — no account and no mail job before the order is paid. After it: the
    # provider's payment (the test provider's row) and the payment kept (2), which a retry
    # reads its answer from; the guest's browser's device pass (1). The exact count pins it, so
    # a change shows.
    assert len(statements) == (15 if DATABASE == "postgres" else 14), str(statements)
