"""Load the catalog from ``fixtures/catalog.yaml`` (products, variants, size guide) and
``fixtures/<locale>/catalog.yaml`` (texts). Checked by Pydantic before anything is written;
idempotent (rows matched on product key, SKU and locale)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, model_validator
from pydantic import ValidationError as PydanticValidationError
from pydantic.alias_generators import to_camel
from tortoise.transactions import in_transaction

from splash.catalog.models import Product, ProductText, ProductVariant
from splash.catalog.sizes import COLOURS, SIZES, Colour, Size
from splash.catalog.vocabulary import ProductType
from splash.content import services as content
from splash.core.countries import Country
from splash.core.fixtures import FixtureError, read_yaml, upsert

Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=120)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True)


class ImageFile(Strict):
    src: Annotated[str, StringConstraints(pattern=r"^/media/[\w./-]+\.(webp|avif|jpg|png)$")]
    width: int = Field(gt=0, le=4000)
    height: int = Field(gt=0, le=4000)


class SizeRow(Strict):
    size: Size
    min_kg: int = Field(gt=0, le=100)
    max_kg: int = Field(gt=0, le=100)
    age: str = Field(min_length=1, max_length=16)


class VariantFixture(Strict):
    sku: Annotated[str, StringConstraints(pattern=r"^[A-Z0-9-]+$", max_length=64)]
    colour: Colour
    size: Size
    price: int = Field(gt=0, le=1_000_000)
    stock: int = Field(ge=0, le=100_000)
    active: bool = True


class ProductFixture(Strict):
    key: Slug
    type: ProductType
    images: dict[str, ImageFile] = Field(min_length=1)
    variants: list[VariantFixture] = Field(min_length=1)

    @model_validator(mode="after")
    def _colours_have_images(self) -> ProductFixture:
        missing = {v.colour for v in self.variants} - set(self.images)
        if missing:
            raise ValueError(f"no image for colour(s) {sorted(missing)}")
        return self


class ShippingFixture(Strict):
    iso: Country
    shipping_cost: int = Field(ge=0, le=100_000)


class CatalogFixture(Strict):
    min_age_years: int = Field(ge=0, le=18)
    sizes: list[SizeRow] = Field(min_length=1)
    shipping_countries: list[ShippingFixture] = Field(min_length=1)
    products: list[ProductFixture] = Field(min_length=1)


class ProductTextFixture(Strict):
    key: Slug
    slug: Slug
    title: str = Field(min_length=1, max_length=160)
    intro: str = Field(min_length=1, max_length=400)
    description: list[dict[str, Any]] = Field(min_length=1)
    image_alt: dict[str, str]
    seo: dict[str, str]


class LocaleCatalogFixture(Strict):
    colours: dict[Colour, str]
    products: list[ProductTextFixture]


def _load(model: type[BaseModel], path: Path) -> Any:
    try:
        return model.model_validate(read_yaml(path))
    except PydanticValidationError as exc:
        raise FixtureError(f"{path}: {exc}") from exc


def read_catalog(root: Path) -> CatalogFixture:
    catalog = _load(CatalogFixture, root / "catalog.yaml")
    assert isinstance(catalog, CatalogFixture)
    return catalog


async def seed_catalog(root: Path, locales: list[str]) -> dict[str, int]:
    catalog = read_catalog(root)
    texts = {
        locale: _load(LocaleCatalogFixture, root / locale / "catalog.yaml") for locale in locales
    }
    variants = 0
    async with in_transaction():
        for position, fixture in enumerate(catalog.products):
            variants += await _seed_product(fixture, position, catalog, texts, root)
    return {"products": len(catalog.products), "variants": variants}


async def _seed_product(
    fixture: ProductFixture,
    position: int,
    catalog: CatalogFixture,
    texts: dict[str, LocaleCatalogFixture],
    root: Path,
) -> int:
    """One product, its variants and its texts per locale; answers the number of variants."""
    product = await upsert(
        Product,
        {"key": fixture.key},
        {
            "type": fixture.type,
            "position": position,
            "images": {k: image.model_dump() for k, image in fixture.images.items()},
            "size_guide": [row.model_dump(by_alias=True) for row in catalog.sizes],
            "min_age_years": catalog.min_age_years,
            "published": True,
        },
    )
    for variant in fixture.variants:
        await upsert(
            ProductVariant,
            {"sku": variant.sku},
            {
                "product_id": product.id,
                "colour": variant.colour,
                "size": variant.size,
                "price": variant.price,
                "stock": variant.stock,
                "active": variant.active,
                "position": COLOURS.index(variant.colour) * 100 + SIZES.index(variant.size),
            },
        )
    for locale, localized in texts.items():
        text = next((t for t in localized.products if t.key == fixture.key), None)
        if text is None:
            raise FixtureError(f"{root / locale / 'catalog.yaml'}: no texts for {fixture.key}")
        await upsert(
            ProductText,
            {"product_id": product.id, "locale": locale},
            {
                "slug": text.slug,
                "title": text.title,
                "intro": text.intro,
                "description": content.checked_rich_text(
                    text.description, f"{locale}/catalog.yaml {fixture.key}"
                ),
                "image_alt": text.image_alt,
                "colours": dict(localized.colours),
                "seo_title": text.seo.get("title") or text.title,
                "seo_description": text.seo.get("description") or text.intro,
            },
        )
    return len(fixture.variants)
