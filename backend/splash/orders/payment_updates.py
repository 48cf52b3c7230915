"""The one idempotent payment update, shared by the webhook, the customer's return and the
periodic reconciliation."""

from __future__ import annotations

from splash.payments.provider import PaymentProvider


async def refresh(provider: PaymentProvider, provider_id: str) -> bool:
    """Asks the provider for the payment and applies what it says to the payment and its
    order, under a row lock, with the follow-up work in the same transaction. False when the
    id is unknown here or at the provider. Raises ``ProviderUnavailable``, writing nothing."""
    raise NotImplementedError("built with the webhook (issue 13, point 3)")
