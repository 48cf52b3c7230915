"""The Mollie adapter through Mollie's own SDK, against a stub that speaks Payments API v2 over
real HTTP: what it sends, what it reads back, and how a Mollie that cannot answer looks."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from splash.orders.payments.mollie import MollieProvider, as_cents, as_value
from splash.orders.payments.provider import BankTransfer, PaymentRequest, ProviderUnavailable
from splash.orders.vocabulary import PaymentStatus
from testkit.mollie_stub import MollieStub
from tests.support import free_port

REQUEST = PaymentRequest(
    amount=5390,
    currency="EUR",
    description="Splash SPL-7K3M-9QX2",
    redirect_url="http://localhost:8000/order-payment?order=abc",
    webhook_url="http://localhost:8000/api/payments/webhook",
    locale="de_DE",
    idempotency_key="order-SPL-7K3M-9QX2-1",
    metadata={"orderNr": "SPL-7K3M-9QX2"},
)


@pytest.fixture
def stub() -> Iterator[MollieStub]:
    stub = MollieStub().start()
    yield stub
    stub.stop()


@pytest.fixture
def mollie(stub: MollieStub) -> MollieProvider:
    return MollieProvider(stub.api_key, stub.url, timeout_seconds=5)


@pytest.mark.parametrize(
    ("cents", "value"), [(1, "0.01"), (5390, "53.90"), (1250, "12.50"), (100000, "1000.00")]
)
def test_cents_become_mollies_strings_and_back(cents, value):
    assert as_value(cents) == value
    assert as_cents(value) == cents


async def test_create_sends_the_payment_with_its_idempotency_key(stub, mollie):
    created = await mollie.create(REQUEST)

    [sent] = stub.requests
    assert (sent["method"], sent["path"]) == ("POST", "/v2/payments")
    assert sent["headers"]["authorization"] == f"Bearer {stub.api_key}"
    assert sent["headers"]["idempotency-key"] == "order-SPL-7K3M-9QX2-1"
    assert json.loads(sent["body"]) == {
        "description": "Splash SPL-7K3M-9QX2",
        "amount": {"currency": "EUR", "value": "53.90"},
        "redirectUrl": "http://localhost:8000/order-payment?order=abc",
        "webhookUrl": "http://localhost:8000/api/payments/webhook",
        "locale": "de_DE",
        "metadata": {"orderNr": "SPL-7K3M-9QX2"},
    }
    assert created.id.startswith("tr_")
    assert (created.status, created.amount, created.currency) == (PaymentStatus.OPEN, 5390, "EUR")
    assert created.checkout_url == f"{stub.url}/checkout/{created.id}"
    assert (created.method, created.amount_refunded, created.bank_transfer) == (None, 0, None)


async def test_the_same_idempotency_key_makes_no_second_payment(stub, mollie):
    first = await mollie.create(REQUEST)
    again = await mollie.create(REQUEST)

    assert again.id == first.id
    assert len(stub.created()) == 1


async def test_get_reports_a_paid_payment(stub, mollie):
    created = await mollie.create(REQUEST)
    stub.set_status(created.id, "paid", method="ideal")

    found = await mollie.fetch(created.id)

    assert found is not None
    assert (found.id, found.status, found.method) == (created.id, PaymentStatus.PAID, "ideal")
    assert (found.amount, found.checkout_url, found.amount_refunded) == (5390, None, 0)
    assert stub.requests[-1]["path"] == f"/v2/payments/{created.id}"


@pytest.mark.parametrize(
    "status", ["pending", "authorized", "canceled", "expired", "failed"]
)  # fmt: skip
async def test_get_reports_every_status(stub, mollie, status):
    created = await mollie.create(REQUEST)
    stub.set_status(created.id, status)

    found = await mollie.fetch(created.id)

    assert found is not None and found.status == PaymentStatus(status)


async def test_get_reports_refunds_and_chargebacks(stub, mollie):
    created = await mollie.create(REQUEST)
    stub.set_status(created.id, "paid")
    stub.refund(created.id, 1000)
    stub.refund(created.id, 390)
    stub.charge_back(created.id, 4000)

    found = await mollie.fetch(created.id)

    assert found is not None and found.status is PaymentStatus.PAID
    assert (found.amount_refunded, found.amount_charged_back) == (1390, 4000)


async def test_get_reports_the_bank_transfer_details(stub, mollie):
    created = await mollie.create(REQUEST)
    stub.bank_transfer(created.id, reference="RF18-5390-0754-7034")

    found = await mollie.fetch(created.id)

    assert found is not None
    assert (found.status, found.method) == (PaymentStatus.OPEN, "banktransfer")
    assert found.bank_transfer == BankTransfer(
        bank_name="Stichting Mollie Payments",
        bank_account="NL53ABNA0627535577",
        bank_bic="ABNANL2A",
        transfer_reference="RF18-5390-0754-7034",
    )


async def test_an_amount_mollie_reports_is_read_in_cents(stub, mollie):
    created = await mollie.create(REQUEST)
    stub.set_amount(created.id, 5389)

    found = await mollie.fetch(created.id)

    assert found is not None and found.amount == 5389


async def test_an_unknown_payment_is_none(stub, mollie):
    assert await mollie.fetch("tr_doesnotexist") is None
    assert stub.requests[-1]["path"] == "/v2/payments/tr_doesnotexist"


async def test_a_503_is_provider_unavailable_and_not_retried(stub, mollie):
    created = await mollie.create(REQUEST)
    stub.unavailable = True
    before = len(stub.requests)

    with pytest.raises(ProviderUnavailable) as raised:
        await mollie.fetch(created.id)
    with pytest.raises(ProviderUnavailable):
        await mollie.create(REQUEST)

    assert len(stub.requests) == before + 2  # one request each: Mollie's retry is the webhook's
    assert (raised.value.status, raised.value.headers) == (503, {"retry-after": "10"})


async def test_a_dropped_connection_is_provider_unavailable(stub, mollie):
    created = await mollie.create(REQUEST)
    stub.drop_connections = True

    with pytest.raises(ProviderUnavailable):
        await mollie.fetch(created.id)


async def test_a_slow_mollie_is_provider_unavailable(stub):
    impatient = MollieProvider(stub.api_key, stub.url, timeout_seconds=0.2)
    stub.delay_seconds = 1

    with pytest.raises(ProviderUnavailable):
        await impatient.create(REQUEST)


async def test_no_server_at_all_is_provider_unavailable():
    nowhere = MollieProvider("test_key", f"http://127.0.0.1:{free_port()}", timeout_seconds=2)

    with pytest.raises(ProviderUnavailable):
        await nowhere.fetch("tr_anything")


async def test_a_refused_api_key_is_provider_unavailable_not_an_unknown_payment(stub):
    wrong_key = MollieProvider("test_wrong", stub.url, timeout_seconds=2)

    with pytest.raises(ProviderUnavailable):
        await wrong_key.fetch("tr_anything")
