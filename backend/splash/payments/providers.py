"""The one factory of payment providers (as ``mail.mailer.create_mailer`` is of mailers)."""

from __future__ import annotations

from splash.config import Settings
from splash.payments.provider import PaymentProvider
from splash.payments.test_provider import TestProvider


def create_provider(settings: Settings) -> PaymentProvider:
    """``SPLASH_PAYMENTS``: ``test`` (the hosted test page on the shop's own domain) or
    ``mollie``. The hosted test page is served on the default locale's domain."""
    if settings.payments == "test":
        origin = settings.origin(settings.default_locale)
        return TestProvider(f"{origin}{settings.api_prefix}/payments/test/{{id}}")
    raise ValueError(f"SPLASH_PAYMENTS must be test or mollie, got {settings.payments!r}")
