"""The Idempotency-Key of POST /api/orders over HTTP on the real database: a retried request
answers what the first one did and places nothing twice, also while the first is still
running; and a provider that cannot be reached leaves an order whose payment a retry creates."""

from __future__ import annotations

import asyncio

import pytest

from splash.accounts import services as accounts
from splash.catalog.models import ProductVariant
from splash.orders.models import CheckoutRequest, Order, OrderLine, Payment
from splash.orders.payments.models import SandboxPayment as HostedPayment
from testkit.factories import create_test_user
from testkit.mollie_stub import MollieStub
from tests.orders.drafts import (
    draft,
    line,
    new_key,
    payment_keys,
    place,
    quiet_client,
    through_mollie,
    unlimited,
)
from tests.support import serving


@pytest.fixture
def client(settings):
    return quiet_client(settings)


async def blue_m() -> ProductVariant:
    return await ProductVariant.get(sku="SPL-FS-BLUE-M")


async def test_the_same_key_and_body_again_answer_the_same_order_with_200(client, seeded):
    blue, key = await blue_m(), new_key()
    body = draft([line(blue.id, 2)])

    first = await place(client, body, key)
    again = await place(client, body, key)

    assert (first.status, again.status) == (201, 200)
    assert again.json == first.json
    assert await Order.all().count() == 1
    assert await Payment.all().count() == 1
    assert await HostedPayment.all().count() == 1
    assert (await blue_m()).stock == blue.stock - 2


async def test_the_same_key_with_another_body_is_a_409_and_places_nothing(client, seeded):
    blue, key = await blue_m(), new_key()
    await place(client, draft([line(blue.id, 1)]), key)

    other = await place(client, draft([line(blue.id, 3)]), key)

    assert other.status == 409
    assert other.json["error"]["details"] == {
        "code": "idempotency_key_reused",
        "header": "Idempotency-Key",
    }
    assert await Order.all().count() == 1
    assert (await blue_m()).stock == blue.stock - 1


async def test_the_same_key_and_body_from_someone_else_is_a_409(client, seeded, settings):
    """Another person replaying a key learns nothing of the first order."""
    blue, key = await blue_m(), new_key()
    body = draft([line(blue.id)], email="eva@example.com")
    first = await place(client, body, key)
    someone = await create_test_user("iemand@example.com", "Zwemmen-2026")
    bearer = {"authorization": f"Bearer {accounts.session_token(someone, settings)}"}

    replayed = await place(client, body, key, headers=bearer)

    assert first.status == 201
    assert replayed.status == 409
    assert first.json["data"]["slug"] not in replayed.text
    assert await Order.all().count() == 1


async def test_a_refused_request_keeps_no_key_so_its_corrected_retry_places_the_order(
    client, seeded
):
    blue, key = await blue_m(), new_key()
    sold_out = await ProductVariant.get(sku="SPL-FS-PINK-XXXL")

    refused = await place(client, draft([line(blue.id), line(sold_out.id)]), key)
    corrected = await place(client, draft([line(blue.id)]), key)

    assert (refused.status, corrected.status) == (409, 201)
    assert await CheckoutRequest.all().count() == 1


async def test_parallel_requests_with_one_key_make_one_order_and_one_payment(app, seeded):
    blue, key = await blue_m(), new_key()
    body = draft([line(blue.id)])
    async with serving(app) as http:
        headers = {"idempotency-key": key}
        answers = await asyncio.gather(
            *(http.post("/api/orders", json=body, headers=headers) for _ in range(6))
        )

    assert sorted(answer.status_code for answer in answers) == [200, 200, 200, 200, 200, 201]
    assert len({answer.text for answer in answers}) == 1
    assert await Order.all().count() == 1
    assert await OrderLine.all().count() == 1
    assert await Payment.all().count() == 1
    assert await HostedPayment.all().count() == 1
    assert (await blue_m()).stock == blue.stock - 1


@pytest.fixture
def app(settings):
    return quiet_client(unlimited(settings)).app  # six requests at once, for one order


@pytest.fixture
def mollie():
    stub = MollieStub().start()
    yield stub
    stub.stop()


async def test_an_unreachable_provider_is_a_503_and_the_same_request_later_creates_the_payment(
    settings, seeded, mollie
):
    client = through_mollie(settings, mollie)
    mollie.unavailable = True
    blue, key = await blue_m(), new_key()
    body = draft([line(blue.id)])

    down = await place(client, body, key)

    assert down.status == 503
    assert down.headers["retry-after"] == "10"
    assert down.json["error"]["name"] == "ServiceUnavailableError"
    order = await Order.get()  # the order stays, its stock reserved, without a payment
    assert (order.status, order.stock_state) == ("awaiting_payment", "reserved")
    assert await Payment.all().count() == 0

    mollie.unavailable = False
    retried = await place(client, body, key)
    replayed = await place(client, body, key)

    assert (retried.status, replayed.status) == (200, 200)
    assert retried.json == replayed.json
    assert retried.json["data"]["orderNr"] == order.order_nr
    assert await Order.all().count() == 1
    assert await Payment.all().count() == 1
    assert payment_keys(mollie) == [f"{order.order_nr}-1", f"{order.order_nr}-1"]
    assert (await blue_m()).stock == blue.stock - 1


async def test_mollie_refusing_the_webhook_address_says_so_and_a_public_origin_is_accepted(
    settings, seeded, mollie, caplog
):
    mollie.unreachable_webhook_hosts = ("localhost", ".localhost")  # as Mollie refuses them
    blue, key = await blue_m(), new_key()
    body = draft([line(blue.id)])

    refused = await place(through_mollie(settings, mollie), body, key)

    assert refused.status == 503
    assert "refused this shop's webhook address" in refused.json["error"]["message"]
    assert refused.json["error"]["details"] == {"code": "payment_provider_unavailable"}
    [logged] = [r for r in caplog.records if r.getMessage().startswith("Mollie refused")]
    assert logged.webhook_url == "http://localhost:8000/api/payments/webhook"
    assert "SPLASH_PAYMENTS_WEBHOOK_ORIGIN" in logged.getMessage()
    assert await Payment.all().count() == 0  # the order stays, without a payment

    public = settings.model_copy(update={"payments_webhook_origin": "https://shop.example"})
    retried = await place(through_mollie(public, mollie), body, key)

    assert retried.status == 200
    [created] = mollie.created()
    assert created["webhookUrl"] == "https://shop.example/api/payments/webhook"
