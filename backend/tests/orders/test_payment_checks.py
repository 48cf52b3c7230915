"""How often Mollie is asked about one payment, counted at the Mollie stub over real HTTP: one
call at a time per payment and then none for the check interval, whoever asks (webhooks, order
reads, in any number and from any process: the claim is a row in the shared database). A webhook
that finds the payment checked just now is answered at once and its news is checked once, by an
outbox job, when the interval has passed. Time is driven as the other expiry tests drive it: the
stored instants are moved back, no test sleeps for the interval."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import timedelta

import httpx
import pytest

from splash.orders.models import Order, Payment
from splash.orders.payments.mollie import MollieProvider
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from splash.shared.outbox import queue
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.site.app import create_app
from testkit.mollie_stub import MollieStub
from tests.outbox.support import drainer
from tests.payments.support import order_status, order_with_mollie_payment
from tests.support import live_server, serving

FORM = {"content-type": "application/x-www-form-urlencoded"}
INTERVAL = 60  # long enough that no test outlives it: every count below is exact
Pay, Status = PaymentStatus, OrderStatus


@pytest.fixture
def stub() -> Iterator[MollieStub]:
    stub = MollieStub().start()
    yield stub
    stub.stop()


@pytest.fixture
def mollie_settings(settings, stub):
    return settings.model_copy(
        update={
            "payments": "mollie",
            "mollie_api_key": stub.api_key,
            "mollie_base_url": stub.url,
            "payments_check_interval_seconds": INTERVAL,
            "outbox_embedded": False,  # the follow-up jobs are looked at, then drained here
        }
    )


@pytest.fixture
def mollie(stub) -> MollieProvider:
    return MollieProvider(stub.api_key, stub.url, timeout_seconds=5)


def calls(stub: MollieStub, payment_id: str) -> int:
    """The times Mollie was asked about the payment."""
    path = f"/v2/payments/{payment_id}"
    return sum(1 for r in stub.requests if r["method"] == "GET" and r["path"] == path)


async def follow_ups() -> list[OutboxJob]:
    return list(await OutboxJob.filter(kind="payment_check"))


async def interval_passed(payment_id: str) -> None:
    """As if the check interval (and the follow-up's wait) had passed."""
    past = queue.now() - timedelta(seconds=INTERVAL + 1)
    await Payment.filter(provider_id=payment_id).update(next_check_at=past)
    await OutboxJob.filter(kind="payment_check").update(next_attempt_at=past)


async def test_200_webhooks_and_100_reads_at_once_ask_mollie_once(
    seeded, stub, mollie, mollie_settings
):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.set_status(payment_id, "paid")
    stub.delay_seconds = 0.2  # the first call is still in flight while the others arrive

    async with serving(create_app(mollie_settings)) as http:
        answers = await asyncio.gather(
            *(
                http.post("/api/payments/webhook", content=f"id={payment_id}", headers=FORM)
                for _ in range(200)
            ),
            *(http.get(f"/api/orders/{order.slug}") for _ in range(100)),
        )

    assert [answer.status_code for answer in answers] == [200] * 300
    assert calls(stub, payment_id) == 1
    assert await order_status(order) == (Status.PAID, Pay.PAID)
    assert len(await follow_ups()) <= 1  # at most one later check, however many webhooks


async def test_news_within_the_interval_is_checked_once_when_it_has_passed(
    seeded, stub, mollie, mollie_settings
):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    async with serving(create_app(mollie_settings)) as http:
        first = await http.post("/api/payments/webhook", content=f"id={payment_id}", headers=FORM)
        stub.set_status(payment_id, "paid")  # the customer pays just after that check
        news = [
            await http.post("/api/payments/webhook", content=f"id={payment_id}", headers=FORM)
            for _ in range(3)
        ]
        read = await http.get(f"/api/orders/{order.slug}")

    assert [first.status_code, *(n.status_code for n in news)] == [200] * 4
    assert read.json()["data"]["status"] == "awaiting_payment"  # as stored: asked just now
    assert calls(stub, payment_id) == 1
    [job] = await follow_ups()
    assert job.payload == {"provider_id": payment_id}

    await drainer(mollie_settings, mollie_settings.mail_url).drain_due()  # not due yet
    assert calls(stub, payment_id) == 1
    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.OPEN)

    await interval_passed(payment_id)
    await drainer(mollie_settings, mollie_settings.mail_url).drain_due()

    assert calls(stub, payment_id) == 2
    assert await order_status(order) == (Status.PAID, Pay.PAID)
    assert (await OutboxJob.get(id=job.id)).status is JobStatus.DONE


async def test_a_read_after_the_interval_asks_again(seeded, stub, mollie, mollie_settings):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    async with serving(create_app(mollie_settings)) as http:
        await http.get(f"/api/orders/{order.slug}")
        stub.set_status(payment_id, "paid")
        soon = await http.get(f"/api/orders/{order.slug}")
        await interval_passed(payment_id)
        later = await http.get(f"/api/orders/{order.slug}")

    assert (soon.json()["data"]["status"], later.json()["data"]["status"]) == (
        "awaiting_payment",
        "paid",
    )
    assert calls(stub, payment_id) == 2
    assert await follow_ups() == []  # a read schedules nothing: the page reads again itself


async def test_an_unreachable_mollie_is_still_a_503_and_its_retry_after_the_interval_asks(
    seeded, stub, mollie, mollie_settings
):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.set_status(payment_id, "paid")
    stub.unavailable = True
    async with serving(create_app(mollie_settings)) as http:
        down = await http.post("/api/payments/webhook", content=f"id={payment_id}", headers=FORM)
        stub.unavailable = False
        await interval_passed(payment_id)
        retried = await http.post("/api/payments/webhook", content=f"id={payment_id}", headers=FORM)

    assert (down.status_code, retried.status_code) == (503, 200)
    assert calls(stub, payment_id) == 2
    assert await order_status(order) == (Status.PAID, Pay.PAID)


async def test_an_unknown_id_asks_nobody(seeded, stub, mollie_settings):
    async with serving(create_app(mollie_settings)) as http:
        answers = [
            await http.post("/api/payments/webhook", content="id=tr_unknown12", headers=FORM)
            for _ in range(5)
        ]

    assert [answer.status_code for answer in answers] == [200] * 5
    assert stub.requests == []
    assert await follow_ups() == []
    assert await Order.all().count() == 0


async def test_two_worker_processes_share_the_pace(database, database_url, spa_built, stub):
    """The claim is a database row: two worker processes of one server (each with its own
    memory) ask Mollie once between them."""
    environment = {
        **stub.environment(),
        "SPLASH_PAYMENTS_CHECK_INTERVAL_SECONDS": str(INTERVAL),
        "SPLASH_OUTBOX_EMBEDDED": "false",
    }
    mollie = MollieProvider(stub.api_key, stub.url, timeout_seconds=5)
    with live_server(database_url, environment, workers=2) as url:
        order, payment_id = await order_with_mollie_payment(stub, mollie)
        stub.set_status(payment_id, "paid")
        stub.delay_seconds = 0.2
        limits = httpx.Limits(max_connections=300, max_keepalive_connections=0)
        async with httpx.AsyncClient(base_url=url, limits=limits, timeout=60) as http:
            answers = await asyncio.gather(
                *(
                    http.post("/api/payments/webhook", content=f"id={payment_id}", headers=FORM)
                    for _ in range(200)
                ),
                *(http.get(f"/api/orders/{order.slug}") for _ in range(100)),
            )

    assert [answer.status_code for answer in answers] == [200] * 300
    assert calls(stub, payment_id) == 1
    assert await order_status(order) == (Status.PAID, Pay.PAID)
