"""The catalog API's answers (contracts/catalog-api.md), as the OpenAPI document describes them.

A product list may be cut down by ``fields``: those fields are optional in a card, and answers
are dumped without unset fields, so what is answered is exactly what is described."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StrictInt

from splash.catalog.sizes import Colour, Size
from splash.catalog.vocabulary import ProductType
from splash.content.schemas import Image, ListMeta
from splash.core.schemas import PublicModel, RequestBody, Trimmed


class VariantProductPublic(PublicModel):
    id: int
    key: str
    type: str = Field(examples=["physical"])
    slug: str | None
    path: str | None
    title: str
    intro_image: Image | None = Field(None, description="Only with populate")


class VariantPublic(PublicModel):
    id: int
    sku: str
    colour: Colour
    size: Size
    size_label: str = Field(examples=["3XL"])
    title: str = Field(examples=["Splash-drijfpak \u2013 Blauw, M"])
    price: int = Field(description="Cents, VAT included")
    stock: int
    available: bool = Field(description="Switched on and in stock")
    intro_image: Image | None = Field(None, description="Only with populate[introImage]")


class VariantWithProduct(VariantPublic):
    product: VariantProductPublic


class VariantOne(PublicModel):
    data: VariantWithProduct


class ProductCardPublic(PublicModel):
    """A product in a list; with ``fields``, only those (and id, introImage) are answered."""

    id: int
    intro_image: Image | None
    key: str | None = None
    type: str | None = None
    slug: str | None = None
    path: str | None = None
    title: str | None = None
    intro: str | None = None
    price_from: int | None = Field(None, description="Cents: the cheapest variant's price")
    colours: list[str] | None = None
    available: bool | None = None


class ProductList(PublicModel):
    data: list[ProductCardPublic]
    meta: ListMeta


class SizeGuideRowPublic(PublicModel):
    size: Size
    size_label: str
    min_kg: int
    max_kg: int
    age: str


class LocalizationPublic(PublicModel):
    locale: str
    slug: str
    path: str


class ProductSeoPublic(PublicModel):
    title: str
    description: str
    image: str | None


class ProductPublic(PublicModel):
    """One product with everything its page shows."""

    id: int
    key: str
    type: ProductType
    slug: str
    path: str
    title: str
    intro: str
    intro_image: Image | None
    price_from: int
    colours: list[Colour]
    available: bool
    description: list[dict[str, Any]] = Field(
        description="Rich text", json_schema_extra={"x-ts-type": "RichText"}
    )
    images: list[Image]
    min_age_years: int
    size_guide: list[SizeGuideRowPublic]
    variants: list[VariantPublic]
    localizations: list[LocalizationPublic]
    seo: ProductSeoPublic


class ProductOne(PublicModel):
    data: ProductPublic


# --- the studio ----------------------------------------------------------------------------------

MOST_UNITS = 100_000


class StockRow(PublicModel):
    """A variant's stock: ``onHand`` units in the shop, of which ``reserved`` are held by unpaid
    orders and ``available`` are on sale; ``low`` when available is at or below the threshold."""

    variant_id: int
    product: str  # the product's key
    title: str  # the product's name in the shop's default language
    colour: str
    size: str
    sku: str
    active: bool
    on_hand: int
    reserved: int
    available: int
    low_stock_threshold: int
    low: bool


class StockList(PublicModel):
    data: list[StockRow]


class StockAnswer(PublicModel):
    data: StockRow


class StockAdjustment(RequestBody):
    """Units counted in (+) or out (-): never past what unpaid orders reserve."""

    change: Annotated[StrictInt, Field(ge=-MOST_UNITS, le=MOST_UNITS)]
    reason: Annotated[str, Trimmed(500, min_length=3)]


class ThresholdChange(RequestBody):
    low_stock_threshold: Annotated[StrictInt, Field(ge=0, le=MOST_UNITS)]
