"""What the studio's refund, cancel and resend tests share: a paid order (paid through the real
payment update, so its stock is committed and its lessons granted), an owner's headers, and a
refund request."""

from __future__ import annotations

import secrets
from typing import Any

from splash.catalog.models import ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.core.config import Settings
from splash.orders import payment_updates
from splash.orders.models import Order, Payment
from splash.orders.payments.models import SandboxPayment
from splash.orders.payments.provider import PaymentProvider
from splash.orders.vocabulary import PaymentStatus
from testkit.factories import academy_ids, create_order
from tests.payments.support import parent
from tests.staff.support import cookie_of, staff

SKU = "SPL-FS-BLUE-M"


async def paid_order(
    provider: PaymentProvider, items: list[tuple[str, int]] | None = None, **kw: Any
) -> Order:
    """An order of the sandbox provider, paid as the webhook pays it."""
    order = await create_order(await parent(), items or [(SKU, 2)], **kw)
    payment = await Payment.get(order=order)
    await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.PAID)
    assert await payment_updates.refresh(provider, payment.provider_id)
    return await Order.get(id=order.id)


async def lesson_order(provider: PaymentProvider) -> Order:
    """A paid order of two digital lines: level 1 and level 2 of the seeded course."""
    ids = await academy_ids()
    skus = [
        (await ProductVariant.get(id=ids[name])).sku
        for name in ("level1VariantId", "level2VariantId")
    ]
    return await paid_order(provider, [(sku, 1) for sku in skus], product_type=ProductType.DIGITAL)


async def owner_headers(settings: Settings, role: str = "owner") -> dict[str, str]:
    return await cookie_of(await staff(settings, role), settings)


def key() -> str:
    return secrets.token_urlsafe(24)


async def refund(
    client: Any,
    order: Order,
    headers: dict[str, str],
    body: dict[str, Any],
    idem: str | None = None,
) -> Any:
    return await client.post(
        f"/api/studio/orders/{order.id}/refunds",
        json=body,
        headers={**headers, "idempotency-key": idem or key()},
    )
