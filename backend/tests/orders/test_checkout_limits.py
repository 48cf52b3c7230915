"""The checkout's limits over real HTTP on the real database (issue 23 point 3): orders per
client address and per e-mail address in a window, open unpaid orders per client address and
per e-mail address, each a 429 with Retry-After that stores nothing; and the reservation of an
unpaid order, which ends on time and gives the stock back."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest

from splash.catalog.models import ProductVariant
from splash.core.config import Settings
from splash.orders.models import Order, Payment
from splash.orders.payment_updates import refresh
from splash.orders.payments.models import SandboxPayment
from splash.orders.reservations import release_expired
from splash.orders.vocabulary import OrderStatus, PaymentStatus, StockState
from splash.shared.outbox import queue
from splash.site import wiring
from tests.orders.drafts import LOOSE_LIMITS, RETURN_URL, draft, line, new_key, quiet_client
from tests.support import serving

PROXY = {"trusted_proxies": ("127.0.0.1/32",)}


def limited(settings: Settings, **limits: int) -> Any:
    """The app with one limit set (the others raised out of the way, so only it refuses),
    trusting X-Forwarded-For from the test's own client."""
    return quiet_client(settings.model_copy(update={**LOOSE_LIMITS, **PROXY, **limits})).app


async def blue_m() -> ProductVariant:
    return await ProductVariant.get(sku="SPL-FS-BLUE-M")


async def order(http: Any, email: str, client: str = "203.0.113.7", **kwargs: Any) -> Any:
    blue = await blue_m()
    headers = {"idempotency-key": kwargs.pop("key", None) or new_key(), "x-forwarded-for": client}
    return await http.post("/api/orders", json=draft([line(blue.id)], email=email), headers=headers)


def refused(response: Any) -> int:
    """The 429's Retry-After in seconds, after checking the answer's shape."""
    assert response.status_code == 429, response.text
    error = response.json()["error"]
    assert (error["name"], error["details"]["code"]) == ("RateLimitError", "too_many_orders")
    wait = int(response.headers["retry-after"])
    assert error["details"]["retryAfter"] == wait
    return wait


async def test_orders_per_client_address_are_limited(settings, seeded):
    app = limited(settings, checkout_orders_per_client=3)
    async with serving(app) as http:
        placed = [(await order(http, f"ouder{n}@example.com")).status_code for n in range(3)]
        fourth = await order(http, "ouder3@example.com")
        elsewhere = await order(http, "ouder4@example.com", client="198.51.100.9")

    assert placed == [201, 201, 201]
    assert 1 <= refused(fourth) <= 900
    assert elsewhere.status_code == 201
    assert await Order.all().count() == 4


async def test_an_ipv6_client_is_counted_by_its_64_bit_prefix(settings, seeded):
    app = limited(settings, checkout_orders_per_client=2)
    async with serving(app) as http:
        first = await order(http, "a@example.com", client="2001:db8:1:2::1")
        second = await order(http, "b@example.com", client="2001:db8:1:2:ffff::9")
        third = await order(http, "c@example.com", client="2001:db8:1:2::abcd")

    assert (first.status_code, second.status_code) == (201, 201)
    refused(third)


async def test_orders_per_email_address_are_limited_from_any_client(settings, seeded):
    app = limited(settings, checkout_orders_per_email=2)
    async with serving(app) as http:
        placed = [
            (await order(http, "Doel@Example.com", client=f"203.0.113.{n}")).status_code
            for n in range(2)
        ]
        third = await order(http, "doel@example.com ", client="203.0.113.50")

    assert placed == [201, 201]
    refused(third)
    assert await Order.filter(email="doel@example.com").count() == 2


async def test_the_same_request_retried_is_answered_not_counted_as_a_new_order(settings, seeded):
    app = limited(settings, checkout_open_per_email=1)
    async with serving(app) as http:
        key = new_key()
        first = await order(http, "ouder@example.com", key=key)
        again = await order(http, "ouder@example.com", key=key)
        another = await order(http, "ouder@example.com")

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["data"] == first.json()["data"]
    refused(another)


async def test_open_unpaid_orders_per_client_are_capped_until_one_ends(settings, seeded):
    app = limited(settings, checkout_open_per_client=2)
    async with serving(app) as http:
        for n in range(2):
            assert (await order(http, f"ouder{n}@example.com")).status_code == 201
        capped = await order(http, "ouder2@example.com")
        # One of them ends without money: its reservation goes, so a new order may be placed.
        payment = await Payment.filter(order__email="ouder0@example.com").get()
        await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.CANCELED)
        assert await refresh(app.ctx.payments, payment.provider_id)
        after = await order(http, "ouder2@example.com")

    wait = refused(capped)
    reservation = settings.order_reservation_minutes * 60
    assert reservation - 60 <= wait <= reservation
    assert after.status_code == 201


async def test_simultaneous_orders_of_one_client_stop_at_the_open_cap(settings, seeded):
    """Eight at once from one client with a cap of two: the cap holds (each order's check and
    write are serialized per client and address; on PostgreSQL by advisory locks)."""
    app = limited(settings, checkout_open_per_client=2)
    async with serving(app) as http:
        answers = await asyncio.gather(*(order(http, f"tegelijk{n}@example.com") for n in range(8)))

    statuses = sorted(answer.status_code for answer in answers)
    assert statuses == [201, 201] + [429] * 6
    assert await Order.all().count() == 2


async def test_open_unpaid_orders_per_email_are_capped(settings, seeded):
    app = limited(settings, checkout_open_per_email=2)
    async with serving(app) as http:
        for n in range(2):
            response = await order(http, "doel@example.com", client=f"203.0.113.{n}")
            assert response.status_code == 201
        capped = await order(http, "doel@example.com", client="203.0.113.99")

    refused(capped)
    assert await Order.all().count() == 2


async def test_a_capped_order_takes_no_stock_and_stores_nothing(settings, seeded):
    app = limited(settings, checkout_open_per_client=1)
    async with serving(app) as http:
        assert (await order(http, "ouder@example.com")).status_code == 201
        stock = (await blue_m()).stock
        refused(await order(http, "ander@example.com"))

    assert (await blue_m()).stock == stock
    assert await Order.filter(email="ander@example.com").count() == 0


async def test_the_limits_default_to_a_few_orders_per_quarter_hour(settings):
    assert (settings.checkout_orders_per_client, settings.checkout_orders_per_email) == (10, 5)
    assert (settings.checkout_open_per_client, settings.checkout_open_per_email) == (5, 3)
    assert settings.checkout_window_seconds == 900
    assert settings.order_reservation_minutes == 30


# --- the reservation -------------------------------------------------------------------------


async def test_an_unpaid_orders_reservation_ends_on_time_even_while_its_payment_is_open(
    settings, seeded
):
    app = limited(settings)
    async with serving(app) as http:
        answer = await http.post(
            "/api/orders",
            json=draft([line((await blue_m()).id, 3)]),
            headers={"idempotency-key": new_key()},
        )
    assert answer.status_code == 201, answer.text
    placed = await Order.get(slug=answer.json()["data"]["slug"])
    stock = (await blue_m()).stock
    window = timedelta(minutes=settings.order_reservation_minutes)
    assert placed.reserved_until is not None
    assert placed.created_at + window - timedelta(seconds=5) <= placed.reserved_until

    assert await release_expired(placed.reserved_until - timedelta(seconds=1)) == 0
    assert await release_expired(placed.reserved_until + timedelta(seconds=1)) == 1
    assert await release_expired(placed.reserved_until + timedelta(seconds=2)) == 0

    released = await Order.get(id=placed.id)
    assert (released.status, released.stock_state) == (
        OrderStatus.AWAITING_PAYMENT,
        StockState.RELEASED,
    )
    assert (await blue_m()).stock == stock + 3
    # Paid after all (a bank transfer arrives later): the stock is taken again then.
    payment = await Payment.get(order_id=placed.id)
    await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.PAID)
    assert await refresh(app.ctx.payments, payment.provider_id)
    assert (await Order.get(id=placed.id)).stock_state == StockState.COMMITTED
    assert (await blue_m()).stock == stock


async def test_the_drainers_periodic_pass_releases_expired_reservations(settings, seeded):
    app = limited(settings)
    async with serving(app) as http:
        answer = await order(http, "ouder@example.com")
    slug = answer.json()["data"]["slug"]
    await Order.filter(slug=slug).update(reserved_until=queue.now() - timedelta(minutes=1))

    await queue.PERIODIC["order_reservations"].run(wiring.resources(settings))

    assert (await Order.get(slug=slug)).stock_state == StockState.RELEASED


@pytest.mark.parametrize("minutes", [0, 1441])
def test_the_reservation_is_between_a_minute_and_a_day(minutes):
    with pytest.raises(ValueError, match="order_reservation_minutes"):
        Settings(order_reservation_minutes=minutes)


async def test_pay_now_reserves_again_for_a_new_window(settings, seeded):
    app = limited(settings)
    async with serving(app) as http:
        answer = await order(http, "ouder@example.com")
        slug = answer.json()["data"]["slug"]
        payment = await Payment.get(order__slug=slug)
        await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.EXPIRED)
        assert await refresh(app.ctx.payments, payment.provider_id)
        await Order.filter(slug=slug).update(reserved_until=queue.now() - timedelta(hours=1))
        again = await http.post(f"/api/orders/{slug}/payments", json={"returnUrl": RETURN_URL})

    assert again.status_code == 200, again.text
    reopened = await Order.get(slug=slug)
    assert reopened.stock_state == StockState.RESERVED
    assert reopened.reserved_until is not None and reopened.reserved_until > queue.now()
