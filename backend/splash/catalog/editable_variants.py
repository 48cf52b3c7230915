"""A product's variants, their prices and its size guide as the studio edits them
(``splash.editing.editable.Editable``), none of them per language (entry locale ``""``).

- ``variant`` (key: the SKU in lower case, ``spl-fs-blue-m``): its product, colour, size,
  position and whether it is on sale. A new variant starts off sale without a price: it can
  be switched on only once the owner gave it one.
- ``price`` (the same key): the variant's price in cents, owners only
  (``Permission.SETTINGS``); an editor's save or publish is refused with 403. The academy's
  offers are variants of its digital product, priced as the academy's ``offer``.
- ``size-guide`` (key: the product's key): the size ↔ weight rows of the product page.

A new variant is made from the studio's list (``Creatable``, ``splash.editing.creating``):
its SKU, product, colour and size, and — owners only — its price; it starts off sale.

A price lives in the variant's row and nowhere else: a draft price is never sold, and once
published the product page (after its republish), a new cart quote and a new order use it,
while an order keeps the prices its lines were bought at."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import Field

from splash.catalog.editable import live_product_preview, product_of
from splash.catalog.models import Product, ProductVariant
from splash.catalog.sizes import COLOURS, SIZES, Colour, Size, size_label
from splash.catalog.vocabulary import ProductType
from splash.core.errors import NotFoundError, ValidationError
from splash.core.route_table import RouteTable
from splash.core.schemas import RequestBody
from splash.editing.editable import Applied, Document, EntrySummary, Preview
from splash.staff.vocabulary import Permission

MAX_PRICE = 1_000_000  # cents: ten thousand euros, far above anything the shop sells


def sku_of(key: str) -> str:
    return key.upper()


async def variant_of(key: str) -> ProductVariant:
    found = await ProductVariant.get_or_none(sku=sku_of(key)).select_related("product")
    if found is None:
        raise NotFoundError(f"No variant {sku_of(key)!r}")
    return found


class VariantDocument(RequestBody):
    """A variant of a product (its SKU is the entry's key)."""

    product: str = Field(max_length=64, pattern=r"^[a-z0-9][a-z0-9-]*$")
    colour: Colour
    size: Size
    active: bool = False
    position: int | None = Field(default=None, ge=0, le=100_000)  # None: by colour and size


class NewVariantDocument(RequestBody):
    """A new variant (its SKU is the key): off sale until switched on; ``price`` (cents) the
    owner's alone."""

    product: str = Field(max_length=64, pattern=r"^[a-z0-9][a-z0-9-]*$")
    colour: Colour
    size: Size
    price: int | None = Field(default=None, gt=0, le=MAX_PRICE, strict=True)


class Variants:
    permission = Permission.CONTENT
    localized = False
    document = VariantDocument
    new_entry = NewVariantDocument
    field_permissions: ClassVar[Mapping[str, Permission]] = {"price": Permission.SETTINGS}

    async def exists(self, key: str) -> bool:
        return await ProductVariant.exists(sku=sku_of(key))

    async def create(self, key: str, locale: str, fields: Document) -> Applied:
        """A variant of a physical product (an academy offer's variant comes with its offer)."""
        product = await product_of(fields["product"])
        if product.type is not ProductType.PHYSICAL:
            raise ValidationError.for_field(["product"], "Variants are of the shop's suits")
        document = {k: fields[k] for k in ("product", "colour", "size")}
        await self.check(key, locale, {**document, "active": False})
        return await _write_variant(key, document, fields.get("price") or 0)

    async def live(self, key: str, locale: str) -> Document | None:
        found = await ProductVariant.get_or_none(sku=sku_of(key)).select_related("product")
        if found is None:
            return None
        return {
            "product": found.product.key,
            "colour": found.colour,
            "size": found.size,
            "active": found.active,
            "position": found.position,
        }

    def missing(self, document: Document, locale: str) -> list[str]:
        return []

    async def check(self, key: str, locale: str, document: Document) -> None:
        product = await Product.get_or_none(key=document["product"])
        if product is None:
            raise ValidationError.for_field(["product"], f"No product {document['product']!r}")
        own = await ProductVariant.get_or_none(sku=sku_of(key))
        if own is not None and own.product_id != product.id:  # type: ignore[attr-defined]
            raise ValidationError.for_field(["product"], "A variant stays with its product")
        if document["colour"] not in product.images:
            raise ValidationError.for_field(
                ["colour"], f"The product has no {document['colour']} image: add it first"
            )
        twin = ProductVariant.filter(
            product_id=product.id, colour=document["colour"], size=document["size"]
        ).exclude(sku=sku_of(key))
        if await twin.exists():
            raise ValidationError.for_field(["size"], "The product has this colour and size")
        if document.get("active") and (own is None or own.price <= 0):
            raise ValidationError.for_field(
                ["active"], "A variant goes on sale once the owner gave it a price"
            )

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        return await _write_variant(key, document)

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        found = await variant_of(key)
        await ProductVariant.filter(id=found.id).update(active=False)
        return Applied([f"product:{found.product.id}"])

    async def entries(self, locale: str) -> list[EntrySummary]:
        rows = await ProductVariant.all().select_related("product").order_by("product_id")
        return [
            EntrySummary(
                row.sku.lower(),
                f"{row.product.key} {row.colour} {size_label(row.size)}",
                row.active,
                True,
            )
            for row in sorted(rows, key=lambda row: (row.product.position, row.position, row.id))
        ]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        return await live_product_preview(document["product"], table)


async def _write_variant(key: str, document: Document, price: int = 0) -> Applied:
    """The variant's row as the document says; a new one gets ``price`` (0: none yet, the
    owner's to give, so not on sale)."""
    product = await product_of(document["product"])
    colour, size = document["colour"], document["size"]
    position = document.get("position")
    if position is None:
        position = COLOURS.index(colour) * 100 + SIZES.index(size)
    columns = {"colour": colour, "size": size, "active": document.get("active", False)}
    changed = await ProductVariant.filter(sku=sku_of(key)).update(**columns, position=position)
    if not changed:
        await ProductVariant.create(
            sku=sku_of(key), product_id=product.id, price=price, **columns, position=position
        )
    return Applied([f"product:{product.id}"])


class PriceDocument(RequestBody):
    """A variant's price, in cents."""

    price: int = Field(gt=0, le=MAX_PRICE, strict=True)


async def priced_variant(key: str) -> ProductVariant:
    """A variant of a physical product (an offer's price is the academy's ``offer``)."""
    found = await variant_of(key)
    if found.product.type is not ProductType.PHYSICAL:
        raise ValidationError.for_field(
            ["key"], "This variant is an academy offer: change its price as the offer"
        )
    return found


class Prices:
    """Owners only: an editor sees the price and has no control to change it."""

    permission = Permission.SETTINGS
    localized = False
    document = PriceDocument

    async def live(self, key: str, locale: str) -> Document | None:
        found = await ProductVariant.get_or_none(sku=sku_of(key))
        return {"price": found.price} if found and found.price > 0 else None

    def missing(self, document: Document, locale: str) -> list[str]:
        return []

    async def check(self, key: str, locale: str, document: Document) -> None:
        await priced_variant(key)

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        found = await priced_variant(key)
        await ProductVariant.filter(id=found.id).update(price=document["price"])
        return Applied([f"product:{found.product.id}"])

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        raise ValidationError.for_field(["key"], "A price cannot be taken away: switch it off")

    async def entries(self, locale: str) -> list[EntrySummary]:
        rows = await ProductVariant.filter(product__type=ProductType.PHYSICAL).order_by("sku")
        return [EntrySummary(row.sku.lower(), row.sku, row.price > 0, True) for row in rows]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        found = await priced_variant(key)
        shown = await live_product_preview(found.product.key, table)
        entity = dict(shown.entity or {})
        variants = [
            {**row, "price": document["price"]} if row["id"] == found.id else row
            for row in entity.get("variants", [])
        ]
        price_from = min((row["price"] for row in variants), default=0)
        changed = {**entity, "variants": variants, "priceFrom": price_from}
        return Preview(shown.path, "product", changed)


class SizeRowDocument(RequestBody):
    """One size: the weights (kg) it fits, and the age that usually weighs that."""

    size: Size
    min_kg: int = Field(gt=0, le=100)
    max_kg: int = Field(gt=0, le=100)
    age: str = Field(min_length=1, max_length=16)


class SizeGuideDocument(RequestBody):
    rows: list[SizeRowDocument] = Field(default_factory=list, max_length=len(SIZES))


def _size_rows(document: Document) -> list[dict[str, Any]]:
    return [
        {"size": row["size"], "minKg": row["minKg"], "maxKg": row["maxKg"], "age": row["age"]}
        for row in document.get("rows", [])
    ]


class SizeGuides:
    permission = Permission.CONTENT
    localized = False
    document = SizeGuideDocument

    async def live(self, key: str, locale: str) -> Document | None:
        product = await Product.get_or_none(key=key)
        return {"rows": product.size_guide} if product and product.size_guide else None

    def missing(self, document: Document, locale: str) -> list[str]:
        return [] if document.get("rows") else ["rows"]

    async def check(self, key: str, locale: str, document: Document) -> None:
        await product_of(key)
        seen: set[str] = set()
        for index, row in enumerate(document.get("rows", [])):
            if row["minKg"] >= row["maxKg"]:
                raise ValidationError.for_field(
                    ["rows", index, "maxKg"], "The heaviest weight is above the lightest"
                )
            if row["size"] in seen:
                raise ValidationError.for_field(["rows", index, "size"], "Each size once")
            seen.add(row["size"])

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        product = await product_of(key)
        await Product.filter(id=product.id).update(size_guide=_size_rows(document))
        return Applied([f"product:{product.id}"])

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        product = await product_of(key)
        await Product.filter(id=product.id).update(size_guide=[])
        return Applied([f"product:{product.id}"])

    async def entries(self, locale: str) -> list[EntrySummary]:
        products = await Product.filter(type=ProductType.PHYSICAL).order_by("position", "id")
        return [EntrySummary(p.key, p.key, bool(p.size_guide), True) for p in products]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        guide = [{**row, "sizeLabel": size_label(row["size"])} for row in _size_rows(document)]
        return await live_product_preview(key, table, sizeGuide=guide)
