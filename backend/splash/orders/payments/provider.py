"""The payment provider interface, shaped like ``mail/mailer.py``: a Protocol, two
implementations (``test``: the embedded default with a hosted page served by the backend;
``mollie``: Mollie's Payments API v2 through its own SDK) and one factory.

Amounts cross this interface as integer cents; a provider's own format (Mollie's "12.50"
strings) lives in its adapter only. What a provider says about a payment is only ever learned
by asking it (``fetch``): a webhook body or a return URL claims nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from splash.core.errors import ConflictError, ServiceUnavailableError
from splash.orders.vocabulary import OrderError, PaymentStatus, RefundStatus


@dataclass(frozen=True)
class PaymentRequest:
    amount: int  # cents
    currency: str
    description: str  # holds the order number: the customer's bank statement shows it
    redirect_url: str  # where the customer returns, carrying the order's slug
    webhook_url: str
    locale: str  # the provider's locale, e.g. "nl_NL" (splash.core.locales.REGIONS)
    idempotency_key: str  # the same request retried makes no second payment
    metadata: dict[str, str]


@dataclass(frozen=True)
class BankTransfer:
    bank_name: str
    bank_account: str
    bank_bic: str
    transfer_reference: str


@dataclass(frozen=True)
class ProviderPayment:
    """A payment as the provider reports it now."""

    id: str
    status: PaymentStatus
    amount: int  # cents
    currency: str
    method: str | None
    checkout_url: str | None  # the hosted page while the payment is open
    amount_refunded: int = 0
    amount_charged_back: int = 0
    bank_transfer: BankTransfer | None = None


@dataclass(frozen=True)
class RefundRequest:
    payment_id: str  # the provider's id of the paid payment
    amount: int  # cents
    currency: str
    description: str  # holds the credit note's number: the customer's bank statement shows it
    idempotency_key: str  # the same request retried makes no second refund


@dataclass(frozen=True)
class ProviderRefund:
    """A refund as the provider reports it now."""

    id: str
    status: RefundStatus
    amount: int  # cents


class ProviderRefused(ConflictError):
    """The provider answered but will not do it (a refund above what it still holds, a
    payment that can no longer be cancelled): a 409 with its reason; nothing is written."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"The payment provider refused: {reason}", {"code": "provider_refused"})
        self.reason = reason


class ProviderUnavailable(ServiceUnavailableError):
    """The provider could not be reached, timed out, or did not serve the request (a server
    error, a refused API key): nothing is written, and the answer is a 503 with Retry-After (a
    webhook is retried by the provider, a checkout by the SPA)."""

    RETRY_AFTER_SECONDS = 10
    MESSAGE = "The payment provider cannot be reached; please try again in a moment"

    def __init__(self, reason: str) -> None:
        super().__init__(
            self.MESSAGE,
            {"code": OrderError.PAYMENT_PROVIDER_UNAVAILABLE},
            {"retry-after": str(self.RETRY_AFTER_SECONDS)},
        )
        self.reason = reason


class WebhookRefused(ProviderUnavailable):
    """The provider refused to create a payment because it cannot reach the shop's webhook
    (Mollie refuses ``localhost`` and every address it cannot reach from the internet). The
    shop's set-up, not the parent, must change: SPLASH_PAYMENTS_WEBHOOK_ORIGIN or
    SPLASH_DOMAINS must name an address the provider reaches (docs/operations.md, "Run with
    Docker")."""

    MESSAGE = (
        "The payment provider refused this shop's webhook address, which it cannot reach: "
        "payments cannot start until the shop is reachable from the internet"
    )

    def __str__(self) -> str:
        return f"{self.message} ({self.reason})"


class PaymentProvider(Protocol):
    name: str

    async def create(self, request: PaymentRequest) -> ProviderPayment: ...

    async def fetch(self, payment_id: str) -> ProviderPayment | None:
        """The payment now; None when the provider does not know the id."""
        ...

    async def refund(self, request: RefundRequest) -> ProviderRefund:
        """Gives money of a paid payment back; ``ProviderRefused`` when the provider will not."""
        ...

    async def fetch_refund(self, payment_id: str, refund_id: str) -> ProviderRefund | None:
        """The refund now; None when the provider does not know it."""
        ...

    async def cancel(self, payment_id: str) -> ProviderPayment:
        """Cancels an open payment; ``ProviderRefused`` when it can no longer be cancelled."""
        ...
