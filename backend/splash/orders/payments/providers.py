"""The one factory of payment providers (as ``mail.mailer.create_mailer`` is of mailers)."""

from __future__ import annotations

from splash.core.config import PaymentsProvider, Settings
from splash.orders.payments.provider import PaymentProvider
from splash.orders.payments.sandbox import SandboxProvider


def create_provider(settings: Settings) -> PaymentProvider:
    """``SPLASH_PAYMENTS``: ``test`` (the hosted test page on the shop's own domains; the
    settings refuse it in production) or ``mollie`` (the settings require its API key)."""
    if settings.payments == PaymentsProvider.MOLLIE:
        from splash.orders.payments.mollie import (
            MollieProvider,  # Mollie's SDK loads only when used
        )

        assert settings.mollie_api_key is not None  # Settings refuses mollie without one
        return MollieProvider(
            settings.mollie_api_key, settings.mollie_base_url, settings.mollie_timeout_seconds
        )
    return SandboxProvider(
        {locale: settings.origin(locale) for locale in settings.hosts_by_locale},
        settings.default_locale,
        f"{settings.api_prefix}/payments/test/{{id}}",
    )
