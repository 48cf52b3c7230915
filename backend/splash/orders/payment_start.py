"""Starting a payment of an order at the provider, for the checkout and for Pay now.

The provider's idempotency key is the order number and the attempt (``SPL-7K3M-9QX2-1``), so
requests that race to start the same attempt (a retried checkout, a double click) end at one
payment; the payment is kept once (its provider id is unique).
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from tortoise.exceptions import IntegrityError

from splash.core.errors import ValidationError
from splash.core.locales import REGIONS, text
from splash.orders.models import Order, Payment
from splash.orders.payments.provider import PaymentProvider, PaymentRequest, ProviderPayment
from splash.orders.vocabulary import PaymentStatus

# Orders that have their money, and payments that may still bring it.
UNFINISHED = frozenset({PaymentStatus.OPEN, PaymentStatus.PENDING, PaymentStatus.AUTHORIZED})


@dataclass(frozen=True)
class ShopLinks:
    """Where a payment sends the customer back (one of ``return_urls``: the order-payment page
    on a shop domain) and where the provider reports (the webhook on the request's domain)."""

    return_urls: frozenset[str]
    webhook_url: str


def checked_return_url(raw: str, links: ShopLinks) -> str:
    if raw not in links.return_urls:
        raise ValidationError.for_field(
            ["returnUrl"], "returnUrl must be the order payment page of this shop"
        )
    return raw


def redirect_url(return_url: str, order: Order) -> str:
    """Where the provider sends the customer back: the order-payment page with the order."""
    return f"{return_url}?order={order.slug}"


async def start_payment(
    order: Order, attempt: int, return_url: str, links: ShopLinks, provider: PaymentProvider
) -> str:
    """Creates the order's ``attempt``-th payment at the provider and keeps it; its checkout
    URL. The same order and attempt always name the same payment at the provider."""
    request = PaymentRequest(
        amount=order.total,
        currency=order.currency,
        # Bank statements show it: "Splash order SPL-7K3M-9QX2".
        description=text(order.locale, "payment.description", order_nr=order.order_nr),
        redirect_url=redirect_url(return_url, order),
        webhook_url=links.webhook_url,
        locale=REGIONS[order.locale],
        idempotency_key=f"{order.order_nr}-{attempt}",
        metadata={"orderNr": order.order_nr, "slug": order.slug},
    )
    created = await provider.create(request)  # ProviderUnavailable: a 503, the order kept
    await _keep(order, provider.name, created)
    return created.checkout_url or request.redirect_url


async def _keep(order: Order, provider: str, created: ProviderPayment) -> None:
    """Keeps the provider's payment once (a racing request with the same key may be first)."""
    bank = created.bank_transfer
    details = (
        {
            "bankName": bank.bank_name,
            "bankAccount": bank.bank_account,
            "bankBic": bank.bank_bic,
            "transferReference": bank.transfer_reference,
        }
        if bank
        else None
    )
    with contextlib.suppress(IntegrityError):
        await Payment.create(
            order=order,
            provider=provider,
            provider_id=created.id,
            status=created.status,
            amount=created.amount,
            method=created.method,
            checkout_url=created.checkout_url,
            bank_details=details,
        )
