"""The ``test`` provider, the embedded default: Mollie's test mode, served by the backend.

``create`` keeps the payment (``SandboxPayment``) and answers a checkout URL on the shop's own
domain — the one the customer returns to, so the page's form and its redirect stay on one
origin — where the hosted test page (``payments/sandbox_page.py``) lets a tester choose how the
payment ends; the page then calls the webhook and sends the customer back, as Mollie does.
``fetch`` reports the payment as kept. The same idempotency key answers the same payment.

Open payments expire as Mollie's do (its default expiry periods): 15 minutes for the methods
paid on the spot, 12 days for a bank transfer. An expired payment is reported ``expired`` —
so the reconciliation releases the stock of an order nobody paid, in the embedded default too.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

from tortoise.exceptions import IntegrityError
from tortoise.expressions import F

from splash.core.locales import REGIONS
from splash.orders.payments.models import SandboxPayment, SandboxRefund
from splash.orders.payments.provider import (
    BankTransfer,
    PaymentRequest,
    ProviderPayment,
    ProviderRefund,
    ProviderRefused,
    RefundRequest,
)
from splash.orders.vocabulary import PaymentStatus

ID_PREFIX = "tr_test_"
REFUND_PREFIX = "re_test_"
BANK_TRANSFER_METHOD = "banktransfer"
EXPIRES_AFTER = timedelta(minutes=15)
BANK_TRANSFER_EXPIRES_AFTER = timedelta(days=12)
SHOP_LOCALES = {region: shop for shop, region in REGIONS.items()}


class SandboxProvider:
    name = "test"

    def __init__(self, origins: Mapping[str, str], default_locale: str, page_path: str) -> None:
        """``origins``: each shop locale's origin; ``page_path``: the hosted page's path with
        ``{id}`` for the payment's id."""
        self.origins = dict(origins)
        self.default_locale = default_locale
        self.page_path = page_path

    async def create(self, request: PaymentRequest) -> ProviderPayment:
        # A new key is the common case: created at once, read only when the key is taken (a
        # retry, or a concurrent request with the same key).
        try:
            created = await SandboxPayment.create(
                id=ID_PREFIX + secrets.token_urlsafe(12),
                amount=request.amount,
                currency=request.currency,
                description=request.description[:255],
                locale=request.locale,
                redirect_url=request.redirect_url,
                webhook_url=request.webhook_url,
                idempotency_key=request.idempotency_key,
            )
        except IntegrityError:
            created = await SandboxPayment.get(idempotency_key=request.idempotency_key)
        return self.as_payment(created)

    async def fetch(self, payment_id: str) -> ProviderPayment | None:
        payment = await current(payment_id[:64])
        return None if payment is None else self.as_payment(payment)

    async def refund(self, request: RefundRequest) -> ProviderRefund:
        """Refunded at once, as far as the paid payment still holds the money (a compare-and-set
        on what it refunded so far); the same key answers the same refund."""
        known = await SandboxRefund.get_or_none(idempotency_key=request.idempotency_key)
        if known is not None:
            return as_refund(known)
        payment = await current(request.payment_id[:64])
        if payment is None or payment.status != PaymentStatus.PAID:
            raise ProviderRefused("the payment is not paid")
        left = payment.amount - payment.amount_refunded - payment.amount_charged_back
        if request.amount <= 0 or request.amount > left:
            raise ProviderRefused(f"the payment holds {left} cents that can be refunded")
        taken = await SandboxPayment.filter(
            id=payment.id, amount_refunded=payment.amount_refunded
        ).update(amount_refunded=F("amount_refunded") + request.amount)
        if taken != 1:
            raise ProviderRefused("another refund of this payment is being made")
        created = await SandboxRefund.create(
            id=REFUND_PREFIX + secrets.token_urlsafe(12),
            payment_id=payment.id,
            amount=request.amount,
            currency=request.currency,
            description=request.description[:255],
            idempotency_key=request.idempotency_key,
        )
        return as_refund(created)

    async def fetch_refund(self, payment_id: str, refund_id: str) -> ProviderRefund | None:
        found = await SandboxRefund.get_or_none(id=refund_id[:64], payment_id=payment_id[:64])
        return None if found is None else as_refund(found)

    async def cancel(self, payment_id: str) -> ProviderPayment:
        """An open payment is canceled (compare-and-set: a payment paid meanwhile stays paid)."""
        payment = await current(payment_id[:64])
        if payment is None:
            raise ProviderRefused("no such payment")
        if payment.status != PaymentStatus.CANCELED:
            open_one = SandboxPayment.filter(id=payment.id, status=PaymentStatus.OPEN)
            if await open_one.update(status=PaymentStatus.CANCELED) != 1:
                raise ProviderRefused(f"the payment is {payment.status}")
            await payment.refresh_from_db()
        return self.as_payment(payment)

    def page_url(self, payment: SandboxPayment) -> str:
        """The hosted page on the origin the customer returns to when that is a shop origin,
        else on the payment's language's domain."""
        parts = urlsplit(payment.redirect_url)
        origin = f"{parts.scheme}://{parts.netloc}".lower()
        if origin not in self.origins.values():
            locale = SHOP_LOCALES.get(payment.locale, self.default_locale)
            origin = self.origins.get(locale, self.origins[self.default_locale])
        return origin + self.page_path.format(id=payment.id)

    def as_payment(self, payment: SandboxPayment) -> ProviderPayment:
        bank = payment.bank_details
        return ProviderPayment(
            id=payment.id,
            status=payment.status,
            amount=payment.amount,
            currency=payment.currency,
            method=payment.method,
            checkout_url=self.page_url(payment) if payment.status == "open" else None,
            amount_refunded=payment.amount_refunded,
            amount_charged_back=payment.amount_charged_back,
            bank_transfer=BankTransfer(
                bank_name=bank["bankName"],
                bank_account=bank["bankAccount"],
                bank_bic=bank["bankBic"],
                transfer_reference=bank["transferReference"],
            )
            if bank
            else None,
        )


def as_refund(refund: SandboxRefund) -> ProviderRefund:
    return ProviderRefund(id=refund.id, status=refund.status, amount=refund.amount)


async def current(payment_id: str, now: datetime | None = None) -> SandboxPayment | None:
    """The payment as it stands ``now``: an open one past its expiry is expired (kept so, by a
    compare-and-set on its status: a choice made at that moment wins or loses as a whole)."""
    payment = await SandboxPayment.get_or_none(id=payment_id)
    if payment is None or payment.status != PaymentStatus.OPEN:
        return payment
    lifetime = (
        BANK_TRANSFER_EXPIRES_AFTER if payment.method == BANK_TRANSFER_METHOD else EXPIRES_AFTER
    )
    if (now or datetime.now(UTC)) - payment.created_at >= lifetime:
        expired = SandboxPayment.filter(id=payment.id, status=PaymentStatus.OPEN)
        await expired.update(status=PaymentStatus.EXPIRED)
        return await SandboxPayment.get_or_none(id=payment_id)
    return payment
