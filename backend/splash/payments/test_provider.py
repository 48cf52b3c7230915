"""The ``test`` provider, the embedded default: Mollie's test mode, served by the backend.

``create`` keeps the payment (``TestPayment``) and answers a checkout URL on the shop's own
domain, where the hosted test page (``payments/routes.py``) lets a tester choose how the
payment ends; the page then calls the webhook and sends the customer back, as Mollie does.
``fetch`` reports the payment as kept. The same idempotency key answers the same payment."""

from __future__ import annotations

import secrets

from tortoise.exceptions import IntegrityError

from splash.payments.models import TestPayment
from splash.payments.provider import BankTransfer, PaymentRequest, ProviderPayment

ID_PREFIX = "tr_test_"


class TestProvider:
    name = "test"

    def __init__(self, page_url: str) -> None:
        """``page_url``: the hosted page's URL with ``{id}`` for the payment's id."""
        self.page_url = page_url

    async def create(self, request: PaymentRequest) -> ProviderPayment:
        existing = await TestPayment.get_or_none(idempotency_key=request.idempotency_key)
        if existing is None:
            try:
                existing = await TestPayment.create(
                    id=ID_PREFIX + secrets.token_urlsafe(12),
                    amount=request.amount,
                    currency=request.currency,
                    description=request.description[:255],
                    locale=request.locale,
                    redirect_url=request.redirect_url,
                    webhook_url=request.webhook_url,
                    idempotency_key=request.idempotency_key,
                )
            except IntegrityError:  # the same key, created by a concurrent retry
                existing = await TestPayment.get(idempotency_key=request.idempotency_key)
        return self.as_payment(existing)

    async def fetch(self, payment_id: str) -> ProviderPayment | None:
        payment = await TestPayment.get_or_none(id=payment_id[:64])
        return None if payment is None else self.as_payment(payment)

    def as_payment(self, payment: TestPayment) -> ProviderPayment:
        bank = payment.bank_details
        return ProviderPayment(
            id=payment.id,
            status=payment.status,
            amount=payment.amount,
            currency=payment.currency,
            method=payment.method,
            checkout_url=self.page_url.format(id=payment.id) if payment.status == "open" else None,
            amount_refunded=payment.amount_refunded,
            amount_charged_back=payment.amount_charged_back,
            bank_transfer=BankTransfer(**bank) if bank else None,
        )
