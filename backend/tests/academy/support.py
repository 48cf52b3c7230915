"""Helpers shared by the academy tests: the test course's data and SKUs, a parent's bearer header,
and orders that own offers."""

from __future__ import annotations

from pathlib import Path

from splash.accounts import services as accounts
from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.orders import fulfilment
from splash.orders.models import Order
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order

DATA = Path(__file__).parent / "data"
PARENT = "ouder@example.com"
SKU = "ACADEMY-LEARN-TO-SWIM"


def bearer(user: User, settings) -> dict[str, str]:
    return {"authorization": f"Bearer {accounts.session_token(user, settings)}"}


async def variant(sku: str) -> int:
    """The id of an offer's variant: ``BUNDLE``, ``LEVEL-2``, ``LESSON-1-2``."""
    return (await ProductVariant.get(sku=f"{SKU}-{sku}")).id


async def owning(
    user: User, *skus: str, product_type: ProductType = ProductType.DIGITAL, locale: str = "nl"
) -> Order:
    """A paid order of ``user`` for these offers (``LEVEL-1``…) or catalog SKUs, granted as a
    paid order is (the orders domain's call point)."""
    full = [sku if sku.startswith("SPL-") else f"{SKU}-{sku}" for sku in skus]
    order = await create_order(
        user,
        [(sku, 1) for sku in full],
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
        take_stock=False,
        product_type=product_type,
        locale=locale,
        country="nl",
    )
    await fulfilment.grant_entitlements(order)
    return order
