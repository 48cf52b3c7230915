"""What the checkout tests send: a valid order draft (contracts/orders-api.md), fresh
idempotency keys, the app without its embedded drainer (the order's outbox job is looked at in
the table; the documents' handler that sends it is tested with them), the app paying at the
Mollie stub, which can be switched off, and the check that a refused checkout stored nothing."""

from __future__ import annotations

import secrets
from copy import deepcopy
from typing import Any

from splash.accounts.models import User
from splash.core.config import Settings
from splash.orders.models import CheckoutRequest, Order, OrderLine, Payment
from splash.orders.payment_updates import refresh
from splash.orders.payments.models import SandboxPayment as HostedPayment
from splash.shared.outbox.models import OutboxJob
from splash.site.app import create_app
from testkit.mollie_stub import MollieStub
from tests.app_client import Client

RETURN_URL = "http://localhost:8000/order-payment"
ADDRESS = {
    "street": "Keizersgracht",
    "housenumber": "12",
    "addition": "A",
    "additionalInfo": "3e verdieping",
    "postalCode": "1015 cs",
    "city": "Amsterdam",
    "country": "nl",
}


def new_key() -> str:
    return secrets.token_urlsafe(24)


def draft(
    items: list[dict[str, Any]],
    *,
    email: str = "eva@example.com",
    country: str = "nl",
    locale: str = "nl",
    billing: dict[str, Any] | None = None,
) -> dict[str, Any]:
    return {
        "data": {
            "user": {"firstname": "Eva", "lastname": "de Vries", "email": email},
            "locale": locale,
            "cart": {"items": deepcopy(items)},
            "shipping": {"country": country, "address": {**ADDRESS, "country": country}},
            "billing": billing,
            "consent": True,
        },
        "returnUrl": RETURN_URL,
    }


def line(variant_id: int, quantity: int = 1, **extra: Any) -> dict[str, Any]:
    return {"variantId": variant_id, "quantity": quantity, "options": [], **extra}


async def pay(client: Any, order: Order) -> None:
    """The order's payment paid at the test provider, as its webhook reports it."""
    payment = await Payment.get(order_id=order.id)
    await HostedPayment.filter(id=payment.provider_id).update(status="paid")
    assert await refresh(client.app.ctx.payments, payment.provider_id)


async def place(client: Any, body: dict[str, Any], key: str | None = None, **kwargs: Any) -> Any:
    headers = {"idempotency-key": key or new_key(), **kwargs.pop("headers", {})}
    return await client.post("/api/orders", json=body, headers=headers, **kwargs)


# The checkout's limits raised out of the way, for tests of something else that place many
# orders from one client (the limits themselves: test_checkout_limits.py).
LOOSE_LIMITS = {
    "checkout_orders_per_client": 100,
    "checkout_orders_per_email": 100,
    "checkout_open_per_client": 100,
    "checkout_open_per_email": 100,
}


def unlimited(settings: Settings) -> Settings:
    return settings.model_copy(update=LOOSE_LIMITS)


def quiet_client(settings: Settings) -> Client:
    """Requests through the app without its embedded drainer."""
    return Client(create_app(settings.model_copy(update={"outbox_embedded": False})))


def through_mollie(settings: Settings, stub: MollieStub) -> Client:
    """Requests through the app paying at the Mollie stub (real HTTP; ``stub.unavailable``
    makes it answer 503), without its embedded drainer."""
    mollie = {"payments": "mollie", "mollie_api_key": stub.api_key, "mollie_base_url": stub.url}
    return quiet_client(settings.model_copy(update=mollie))


def payment_keys(stub: MollieStub) -> list[str]:
    """The Idempotency-Key of every payment the stub was asked to create, in order."""
    return [r["headers"]["idempotency-key"] for r in stub.requests if r["method"] == "POST"]


async def nothing_stored() -> None:
    assert await Order.all().count() == 0
    assert await OrderLine.all().count() == 0
    assert await CheckoutRequest.all().count() == 0
    assert await Payment.all().count() == 0
    assert await HostedPayment.all().count() == 0
    assert await User.all().count() == 0
    assert await OutboxJob.all().count() == 0
