"""The one factory: SPLASH_PAYMENTS picks the provider."""

from __future__ import annotations

from splash.orders.payments.mollie import MollieProvider
from splash.orders.payments.providers import create_provider
from splash.orders.payments.sandbox import SandboxProvider


def test_the_embedded_default_is_the_test_provider(settings):
    provider = create_provider(settings)

    assert isinstance(provider, SandboxProvider)
    assert provider.name == "test"
    assert provider.origins["en"] == "http://en.localhost:8000"


def test_mollie_is_configured_from_the_settings(settings):
    mollie = settings.model_copy(
        update={
            "payments": "mollie",
            "mollie_api_key": "test_abc",
            "mollie_base_url": "http://127.0.0.1:9/",
            "mollie_timeout_seconds": 3,
        }
    )

    provider = create_provider(mollie)

    assert isinstance(provider, MollieProvider)
    assert provider.name == "mollie"
    configuration = provider.client.sdk_configuration
    assert (configuration.server_url, configuration.timeout_ms) == ("http://127.0.0.1:9", 3000)
