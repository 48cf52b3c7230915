"""What the catalog's neighbours change in it: stock taken by orders and given back, and the
academy's digital product (re-exported by :mod:`splash.catalog.services`, the domain's door)."""

from __future__ import annotations

from collections.abc import Iterable

from tortoise.expressions import F

from splash.catalog.models import Product, ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.core.fixtures import upsert


async def take_stock(variant_id: int, quantity: int) -> bool:
    """Takes ``quantity`` units of an active variant when that many are in stock: one
    conditional UPDATE, so the last unit goes to exactly one of many parallel takers on SQLite
    (one writer at a time) and on PostgreSQL (the UPDATE re-checks the stock on the row it
    locked)."""
    taken = await ProductVariant.filter(id=variant_id, active=True, stock__gte=quantity).update(
        stock=F("stock") - quantity
    )
    return taken == 1


async def stock_on_sale(variant_id: int) -> int:
    """How many of a variant can be bought now: its stock while it is switched on, else 0 (0 for
    a variant deleted since). What a refusal names after ``take_stock`` found too few."""
    variant = await ProductVariant.get_or_none(id=variant_id, active=True)
    return max(variant.stock, 0) if variant else 0


async def return_stock(lines: Iterable[tuple[int, int]]) -> None:
    """Puts (variant id, quantity) back in stock; a variant deleted since is skipped."""
    for variant_id, quantity in lines:
        await ProductVariant.filter(id=variant_id).update(stock=F("stock") + quantity)


async def upsert_digital_product(key: str, position: int, prices: dict[str, int]) -> dict[str, int]:
    """A digital product and its variants, ``prices`` mapping SKU → price in cents (seeding the
    academy's offers): SKU → variant id. It has no texts, so the shop never lists it; its owner
    (the academy) describes its lines in the cart. Idempotent (matched on key and SKU)."""
    product = await upsert(
        Product,
        {"key": key},
        {"type": ProductType.DIGITAL, "position": position, "published": True},
    )
    ids: dict[str, int] = {}
    for number, (sku, price) in enumerate(prices.items()):
        variant = await upsert(
            ProductVariant,
            {"sku": sku},
            {
                "product_id": product.id,
                "colour": "",
                "size": "",
                "price": price,
                "stock": 0,  # lessons hold no stock
                "active": True,
                "position": number,
            },
        )
        ids[sku] = variant.id
    return ids


async def add_digital_variant(product_id: int, sku: str, price: int) -> int:
    """A new variant of a digital product (an academy offer made in the studio), on sale at
    ``price`` cents; its id. A taken SKU raises the database's ``IntegrityError``."""
    count = await ProductVariant.filter(product_id=product_id).count()
    variant = await ProductVariant.create(
        product_id=product_id,
        sku=sku,
        colour="",
        size="",
        price=price,
        stock=0,
        active=True,
        position=count,
    )
    return variant.id
