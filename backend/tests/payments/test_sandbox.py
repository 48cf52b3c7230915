"""The test provider (the embedded default): create and fetch as Mollie's test mode would, with
its hosted page on the shop's own domain."""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime, timedelta

import pytest

from splash.orders.payments.models import SandboxPayment
from splash.orders.payments.provider import BankTransfer, PaymentRequest
from splash.orders.payments.providers import create_provider
from splash.orders.payments.sandbox import SandboxProvider
from splash.orders.vocabulary import PaymentStatus

REQUEST = PaymentRequest(
    amount=5390,
    currency="EUR",
    description="Splash SPL-7K3M-9QX2",
    redirect_url="http://en.localhost:8000/order-payment?order=abc",
    webhook_url="http://en.localhost:8000/api/payments/webhook",
    locale="en_GB",
    idempotency_key="order-SPL-7K3M-9QX2-1",
    metadata={"orderNr": "SPL-7K3M-9QX2"},
)


@pytest.fixture
def provider(settings) -> SandboxProvider:
    made = create_provider(settings)
    assert isinstance(made, SandboxProvider)
    return made


async def test_create_keeps_the_payment_and_answers_its_page(database, provider):
    created = await provider.create(REQUEST)

    kept = await SandboxPayment.get(id=created.id)
    assert created.id.startswith("tr_test_")
    assert (kept.amount, kept.currency, kept.locale) == (5390, "EUR", "en_GB")
    assert (kept.redirect_url, kept.webhook_url) == (REQUEST.redirect_url, REQUEST.webhook_url)
    assert (created.status, created.amount, created.method) == (PaymentStatus.OPEN, 5390, None)
    assert created.checkout_url == f"http://en.localhost:8000/api/payments/test/{created.id}"


async def test_the_same_idempotency_key_answers_the_same_payment(database, provider):
    first = await provider.create(REQUEST)
    again = await provider.create(REQUEST)

    assert again == first
    assert await SandboxPayment.all().count() == 1


async def test_the_page_is_on_the_languages_domain_when_the_return_is_elsewhere(database, provider):
    request = dataclasses.replace(REQUEST, redirect_url="https://elsewhere.example/back")

    created = await provider.create(request)

    assert created.checkout_url == f"http://en.localhost:8000/api/payments/test/{created.id}"


async def test_fetch_reports_the_payment_as_kept(database, provider):
    created = await provider.create(REQUEST)
    bank = {
        "bankName": "Splash Test Bank",
        "bankAccount": "NL02ABNA0123456789",
        "bankBic": "ABNANL2A",
        "transferReference": "TEST-1234-5678-9012",
    }
    await SandboxPayment.filter(id=created.id).update(
        status=PaymentStatus.PAID,
        method="banktransfer",
        bank_details=bank,
        amount_refunded=100,
        amount_charged_back=50,
    )

    found = await provider.fetch(created.id)

    assert found is not None
    assert (found.status, found.method, found.checkout_url) == (
        PaymentStatus.PAID,
        "banktransfer",
        None,
    )
    assert (found.amount_refunded, found.amount_charged_back) == (100, 50)
    assert found.bank_transfer == BankTransfer(
        "Splash Test Bank", "NL02ABNA0123456789", "ABNANL2A", "TEST-1234-5678-9012"
    )


async def test_fetch_of_an_unknown_id_is_none(database, provider):
    assert await provider.fetch("tr_test_unknown") is None
    assert await provider.fetch("tr_" + "x" * 500) is None


async def _open_since(provider, age: timedelta, method: str | None = None) -> str:
    created = await provider.create(REQUEST)
    then = datetime.now(UTC) - age
    await SandboxPayment.filter(id=created.id).update(created_at=then, method=method)
    return created.id


async def test_an_open_payment_expires_after_fifteen_minutes_as_mollies_do(database, provider):
    young = await _open_since(provider, timedelta(minutes=14))
    assert (await provider.fetch(young)).status is PaymentStatus.OPEN
    await SandboxPayment.filter(id=young).update(
        created_at=datetime.now(UTC) - timedelta(minutes=16)
    )

    found = await provider.fetch(young)

    assert (found.status, found.checkout_url) == (PaymentStatus.EXPIRED, None)
    assert (await SandboxPayment.get(id=young)).status is PaymentStatus.EXPIRED


async def test_a_bank_transfer_stays_open_for_twelve_days(database, provider):
    payment_id = await _open_since(provider, timedelta(days=11), method="banktransfer")
    assert (await provider.fetch(payment_id)).status is PaymentStatus.OPEN
    await SandboxPayment.filter(id=payment_id).update(
        created_at=datetime.now(UTC) - timedelta(days=12)
    )

    assert (await provider.fetch(payment_id)).status is PaymentStatus.EXPIRED


async def test_a_payment_that_ended_never_expires(database, provider):
    payment_id = await _open_since(provider, timedelta(days=30))
    await SandboxPayment.filter(id=payment_id).update(status=PaymentStatus.PAID)

    assert (await provider.fetch(payment_id)).status is PaymentStatus.PAID
