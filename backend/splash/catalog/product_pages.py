"""The product pages' reads: a product's page entity (by id for the API, by locale and slug for
the published site, from draft rows for the studio's preview) and the paths the product pages
are published at. Shapes as in contracts/catalog-api.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tortoise.expressions import Subquery

from splash.catalog import labels
from splash.catalog.models import ProductText, ProductVariant
from splash.catalog.services import variants_of
from splash.catalog.sizes import size_label
from splash.core import db
from splash.core.errors import NotFoundError
from splash.core.route_table import RouteTable
from splash.shared.collections import parse_id


def product_page(
    text: ProductText,
    others: list[ProductText],
    variants: list[ProductVariant],
    table: RouteTable,
) -> dict[str, Any]:
    """The product page's entity: ``text`` in its locale, ``others`` the other locales' (also
    the studio's preview of a draft, from its rows)."""
    product = text.product
    return {
        **labels.card(product, text, variants, table),
        "description": text.description,
        "images": [labels.image(product, key, text) for key in product.images],
        "minAgeYears": product.min_age_years,
        "sizeGuide": [{**row, "sizeLabel": size_label(row["size"])} for row in product.size_guide],
        # A new variant has no price until the owner gives it one: not shown before.
        "variants": [
            labels.variant_entity(v, product, text, True) for v in variants if v.price > 0
        ],
        "localizations": [
            {"locale": o.locale, "slug": o.slug, "path": labels.path(table, o.locale, o)}
            for o in sorted(others, key=lambda o: o.locale)
            if o.locale in table.locales
        ],
        "seo": {
            "title": text.seo_title,
            "description": text.seo_description,
            "image": (labels.intro_image(product, text) or {}).get("src"),
        },
    }


async def product_by_id(raw_id: str, locale: str, table: RouteTable) -> dict[str, Any]:
    texts = await ProductText.filter(
        product_id=parse_id(raw_id), product__published=True
    ).select_related("product")
    text = next((t for t in texts if t.locale == locale), None)
    if text is None:
        raise NotFoundError("Product not found")
    variants = await variants_of([text.product.id])
    others = [t for t in texts if t is not text]
    return product_page(text, others, variants[text.product.id], table)


async def product_at(locale: str, slug: str, table: RouteTable) -> dict[str, Any] | None:
    """The product published at /shop/{slug} (in the locale's segment), for its page: in a
    :func:`db.read_once` block every published product is read at the first."""
    shop = await db.once("catalog.product_pages", _product_pages)
    if shop is None:  # this product's rows only
        named = ProductText.filter(locale=locale, slug=slug).values("product_id")
        shop = await _product_pages(product_id__in=Subquery(named))
    text = shop.at.get((locale, slug))
    if text is None:
        return None
    others = [other for other in shop.texts[text.product.id] if other is not text]
    return product_page(text, others, shop.variants[text.product.id], table)


@dataclass(frozen=True)
class _ProductPages:
    """Every published product's texts (with the product) by locale and slug and by product, and
    its variants by product: what product pages show, in two statements."""

    at: dict[tuple[str, str], ProductText]
    texts: dict[int, list[ProductText]]
    variants: dict[int, list[ProductVariant]]


async def _product_pages(**lookups: Any) -> _ProductPages:
    """The pages of the published products whose texts ``lookups`` find (all without any)."""
    found = ProductText.filter(product__published=True, **lookups)
    texts = await found.select_related("product")
    by_product: dict[int, list[ProductText]] = {}
    for text in texts:
        by_product.setdefault(text.product.id, []).append(text)
    variants = await variants_of(list(by_product)) if by_product else {}
    return _ProductPages({(t.locale, t.slug): t for t in texts}, by_product, variants)


async def product_paths(locale: str, table: RouteTable) -> list[str]:
    texts = await ProductText.filter(locale=locale, product__published=True).order_by("slug")
    return [labels.path(table, locale, text) for text in texts]


async def product_family_paths(
    product_ids: list[int], table: RouteTable
) -> list[tuple[int, str, str]]:
    """(id, locale, path) of the published products among ``product_ids`` in every locale:
    what republishing them rewrites."""
    rows = await ProductText.filter(product_id__in=product_ids, product__published=True).values(
        "product_id", "locale", "slug"
    )
    return [
        (r["product_id"], r["locale"], table.path_for("product", r["locale"], {"slug": r["slug"]}))
        for r in rows
    ]
