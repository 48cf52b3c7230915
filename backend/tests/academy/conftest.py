"""Academy tests: the shop's fixtures with the test course of ``tests/academy/data`` (two
levels of two lessons, in six languages), a parent and their bearer header."""

from __future__ import annotations

from pathlib import Path

import pytest

from splash.academy import catalogue
from splash.academy.catalogue import CourseTree
from splash.academy.models import Course
from splash.academy.seed import seed_academy
from splash.accounts import services as accounts
from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.content import services as content
from splash.orders import fulfilment
from splash.orders.models import Order
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order, create_test_user
from tests.academy.media import bucket, mp4, s3_endpoint  # noqa: F401  # the fixtures, shared
from tests.outbox.support import inbox  # noqa: F401  # the fixture, shared

DATA = Path(__file__).parent / "data"
PARENT = "ouder@example.com"
SKU = "ACADEMY-LEARN-TO-SWIM"


@pytest.fixture
async def course(seeded) -> CourseTree:
    """The test course, seeded after the shop (the real fixtures' course, when there is one,
    makes way: these tests know their own)."""
    await Course.all().delete()
    await ProductVariant.filter(sku__startswith=f"{SKU}-").delete()
    locales = [locale.code for locale in await content.list_locales()]
    await seed_academy(DATA, locales)
    [tree] = await catalogue.trees()
    return tree


@pytest.fixture
async def parent(database) -> User:
    return await create_test_user(PARENT, "Zwemmen-2026")


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
