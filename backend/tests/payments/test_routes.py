"""POST /api/payments/webhook, as Mollie calls it: only the id is read, the payment is fetched
from the provider (the test provider, or Mollie's stub over real HTTP), an unknown id is a quiet
200, an unreachable provider a 503 with nothing written, bad input a 4xx naming the field; 50
concurrent duplicates make one transition and one e-mail."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from splash.orders.models import Order, Payment
from splash.orders.payments.mollie import MollieProvider
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.site.app import create_app
from testkit.mollie_stub import MollieStub
from tests.app_client import Client
from tests.outbox.support import drainer
from tests.payments.support import (
    PARENT,
    order_status,
    order_with_mollie_payment,
    order_with_test_payment,
    provider_reports,
)
from tests.support import serving

FORM = {"content-type": "application/x-www-form-urlencoded"}
Pay, Status = PaymentStatus, OrderStatus


async def webhook(client: Client, body: str | bytes, headers: dict[str, str] = FORM):
    return await client.post("/api/payments/webhook", content=body, headers=headers)


async def jobs() -> list[tuple[str, dict]]:
    return [(job.kind, job.payload) for job in await OutboxJob.all().order_by("id")]


# --- the test provider --------------------------------------------------------------------------


async def test_a_paid_payment_pays_the_order(seeded, client):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID)

    response = await webhook(client, f"id={payment.id}")

    assert (response.status, response.json) == (200, {"received": True})
    assert await order_status(order) == (Status.PAID, Pay.PAID)
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]


async def test_an_unknown_id_answers_200_and_does_nothing(seeded, client):
    order, _ = await order_with_test_payment()

    response = await webhook(client, "id=tr_unknown123")

    assert (response.status, response.json) == (200, {"received": True})
    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.OPEN)
    assert await jobs() == []


async def test_the_bodys_claims_are_never_trusted(seeded, client):
    order, payment = await order_with_test_payment()

    claims = "status=paid&amount=0.01&method=ideal&note=a&note=b%00"
    response = await webhook(client, f"id={payment.id}&{claims}")

    assert response.status == 200
    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.OPEN)
    assert (await Payment.get(provider_id=payment.id)).method is None
    assert await jobs() == []


async def test_the_webhook_is_exempt_from_the_cross_site_check(seeded, client):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID)
    foreign = {**FORM, "origin": "https://api.mollie.com", "sec-fetch-site": "cross-site"}

    response = await webhook(client, f"id={payment.id}", foreign)
    page = await client.post(
        f"/api/payments/test/{payment.id}", content="status=paid", headers=foreign
    )

    assert response.status == 200
    assert page.status == 403  # the hosted page's form is the shop's own, never another site's
    assert (await Order.get(id=order.id)).status is Status.PAID


@pytest.mark.parametrize(
    ("body", "headers", "status", "path"),
    [
        ("", FORM, 400, ["id"]),
        ("id=", FORM, 400, ["id"]),
        ("ID=tr_abc", FORM, 400, ["id"]),
        ("id=" + "tr_" + "a" * 10_000, FORM, 400, ["id"]),
        ("id=tr_" + "a" * 62, FORM, 400, ["id"]),
        ("id=12345", FORM, 400, ["id"]),
        ("id=tr_abc%00", FORM, 400, ["id"]),
        ("id=tr_abc&id=tr_def", FORM, 400, ["id"]),
        (b"id=tr_\xff", FORM, 400, ["body"]),
        ("id=tr_%FF", FORM, 400, ["body"]),
        ("&".join(f"f{n}=x" for n in range(30)) + "&id=tr_abc", FORM, 400, ["body"]),
        ('{"id": "tr_abc"}', {"content-type": "application/json"}, 415, ["header", "content-type"]),
        ("id=tr_abc", {"content-type": "text/plain"}, 415, ["header", "content-type"]),
        ("id=tr_abc", {}, 415, ["header", "content-type"]),
    ],
)
async def test_bad_input_is_a_4xx_naming_the_field_and_writes_nothing(
    seeded, client, body, headers, status, path
):
    order, _ = await order_with_test_payment()

    response = await webhook(client, body, headers)

    assert response.status == status, response.text
    assert response.json["error"]["details"]["errors"][0]["path"] == path
    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.OPEN)
    assert await jobs() == []


async def test_fifty_concurrent_duplicates_make_one_transition_and_send_one_mail(
    seeded, settings, inbox
):
    settings = settings.model_copy(update={"mail_url": f"smtp://127.0.0.1:{inbox.port}"})
    order, payment = await order_with_test_payment(quantity=2)
    await provider_reports(payment, status=Pay.PAID)

    async with serving(create_app(settings)) as http:
        answers = await asyncio.gather(
            *(
                http.post("/api/payments/webhook", content=f"id={payment.id}", headers=FORM)
                for _ in range(50)
            )
        )
        [mail] = await inbox.wait(1)
    await drainer(settings, settings.mail_url).drain_due()  # anything left runs now

    assert [answer.status_code for answer in answers] == [200] * 50
    assert await order_status(order) == (Status.PAID, Pay.PAID)
    [job] = await OutboxJob.filter(kind="order_confirmation")
    assert (job.status, job.payload) == (JobStatus.DONE, {"order_id": order.id})
    assert len(inbox.messages) == 1
    assert mail["To"] == PARENT and order.order_nr in mail["Subject"]


# --- Mollie, through its SDK, against the stub --------------------------------------------------


@pytest.fixture
def stub() -> Iterator[MollieStub]:
    stub = MollieStub().start()
    yield stub
    stub.stop()


@pytest.fixture
def mollie_client(settings, stub) -> Client:
    mollie = settings.model_copy(
        update={"payments": "mollie", "mollie_api_key": stub.api_key, "mollie_base_url": stub.url}
    )
    return Client(create_app(mollie))


@pytest.fixture
def mollie(stub) -> MollieProvider:
    return MollieProvider(stub.api_key, stub.url, timeout_seconds=5)


async def test_a_mollie_payment_paid_pays_the_order(seeded, stub, mollie, mollie_client):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.set_status(payment_id, "paid", method="creditcard")

    response = await webhook(mollie_client, f"id={payment_id}")

    assert response.status == 200
    assert await order_status(order) == (Status.PAID, Pay.PAID)
    assert (await Payment.get(provider_id=payment_id)).method == "creditcard"
    assert stub.requests[-1]["path"] == f"/v2/payments/{payment_id}"


@pytest.mark.parametrize("failure", ["unavailable", "drop_connections"])
async def test_mollie_unreachable_is_a_503_and_nothing_is_written(
    seeded, stub, mollie, mollie_client, failure
):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.set_status(payment_id, "paid")
    before = await Payment.get(provider_id=payment_id)
    setattr(stub, failure, True)

    response = await webhook(mollie_client, f"id={payment_id}")

    assert response.status == 503
    assert response.headers["retry-after"] == "10"
    assert response.json["error"]["name"] == "ServiceUnavailableError"
    after = await Payment.get(provider_id=payment_id)
    assert (after.status, after.updated_at) == (Pay.OPEN, before.updated_at)
    assert (await Order.get(id=order.id)).status is Status.AWAITING_PAYMENT
    assert await jobs() == []

    setattr(stub, failure, False)  # Mollie calls again later: minutes, past the check interval
    await Payment.filter(provider_id=payment_id).update(next_check_at=None)
    assert (await webhook(mollie_client, f"id={payment_id}")).status == 200
    assert await order_status(order) == (Status.PAID, Pay.PAID)


async def test_a_refund_made_at_mollie_shows_on_the_order(seeded, stub, mollie, mollie_client):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.set_status(payment_id, "paid")
    await webhook(mollie_client, f"id={payment_id}")
    stub.refund(payment_id, 1500)
    await Payment.filter(provider_id=payment_id).update(next_check_at=None)  # days later

    await webhook(mollie_client, f"id={payment_id}")

    refunded = await Order.get(id=order.id)
    assert (refunded.status, refunded.amount_refunded) == (Status.PAID, 1500)


async def test_a_mollie_bank_transfer_is_recorded(seeded, stub, mollie, mollie_client):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.bank_transfer(payment_id, reference="RF18-5390-0754-7034")

    await webhook(mollie_client, f"id={payment_id}")

    stored = await Payment.get(provider_id=payment_id)
    assert stored.bank_details == {
        "bankName": "Stichting Mollie Payments",
        "bankAccount": "NL53ABNA0627535577",
        "bankBic": "ABNANL2A",
        "transferReference": "RF18-5390-0754-7034",
    }
    assert await jobs() == [("order_bank_transfer", {"order_id": order.id})]


async def test_an_amount_mollie_reports_otherwise_is_flagged(seeded, stub, mollie, mollie_client):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.set_amount(payment_id, order.total + 100)
    stub.set_status(payment_id, "paid")

    await webhook(mollie_client, f"id={payment_id}")

    flagged = await Order.get(id=order.id)
    assert (flagged.status, flagged.flagged) == (Status.AWAITING_PAYMENT, "amount_mismatch")
    assert await jobs() == []
