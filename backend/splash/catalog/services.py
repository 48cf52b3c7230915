"""The catalog: products with texts per locale, their variants (colour and size, price in cents,
stock) and the size guide. Shapes as in contracts/catalog-api.md."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from pypika_tortoise.functions import Count
from pypika_tortoise.queries import QueryBuilder, Table
from pypika_tortoise.terms import Criterion, EmptyCriterion
from tortoise.backends.base.client import BaseDBAsyncClient

from splash.catalog import labels
from splash.catalog.inventory import add_digital_variant as add_digital_variant
from splash.catalog.inventory import return_stock as return_stock
from splash.catalog.inventory import stock_on_sale as stock_on_sale
from splash.catalog.inventory import take_stock as take_stock
from splash.catalog.inventory import upsert_digital_product as upsert_digital_product
from splash.catalog.models import Product, ProductText, ProductVariant
from splash.catalog.stock_levels import low_stock_count as low_stock_count
from splash.catalog.stock_levels import plug_in_reserved as plug_in_reserved
from splash.catalog.vocabulary import ProductType
from splash.core import db
from splash.core.errors import NotFoundError
from splash.core.route_table import RouteTable
from splash.shared.collections import Collection, CollectionQuery, pagination_meta, parse_id

PRODUCTS = Collection(
    name="products",
    filters={"key": "product__key", "slug": "slug", "title": "title", "type": "product__type"},
    sorts={"title": "title", "id": "product_id", "position": "product__position"},
    fields=frozenset({"key", "slug", "title", "intro", "path", "type", "priceFrom", "colours"}),
    populate=frozenset({"introImage"}),  # accepted; cards always carry their image
    default_sort=(("position", True),),
    filter_lengths={
        "key": db.text_length(Product, "key"),
        "slug": db.text_length(ProductText, "slug"),
        "title": db.text_length(ProductText, "title"),
        "type": db.text_length(Product, "type"),
    },
)


async def has_products() -> bool:
    return await Product.exists()


async def _text(product_id: int, locale: str) -> ProductText | None:
    return await ProductText.get_or_none(product_id=product_id, locale=locale)


async def variant_state(raw_id: str) -> Hashable:
    """What a variant's answer holds besides content: its stock and switch (None: no such)."""
    rows = ProductVariant.filter(id=parse_id(raw_id)).limit(1)
    return tuple(await rows.values_list("stock", "active"))


async def product_state(raw_id: str) -> Hashable:
    """What a product's answer holds besides content: its variants' stock and switches."""
    rows = ProductVariant.filter(product_id=parse_id(raw_id)).order_by("id")
    return tuple(await rows.values_list("id", "stock", "active"))


async def variant(
    raw_id: str, locale: str, table: RouteTable, populate: frozenset[str]
) -> dict[str, Any]:
    """GET /product-variants/{id}: ``populate`` may hold ``introImage`` and
    ``product.introImage``. A variant the shop does not sell (switched off, without a price,
    of an unpublished product) is not found."""
    found = await ProductVariant.get_or_none(id=parse_id(raw_id)).select_related("product")
    if found is None or not found.product.published or not labels.on_sale(found):
        raise NotFoundError("Product variant not found")
    product = found.product
    text = await _text(product.id, locale)
    answer = labels.variant_entity(found, product, text, "introImage" in populate)
    answer["product"] = {
        "id": product.id,
        "key": product.key,
        "type": product.type,
        "slug": text.slug if text else None,
        "path": labels.path(table, locale, text) if text else None,
        "title": text.title if text else product.key,
    }
    if "product.introImage" in populate:
        answer["product"]["introImage"] = labels.intro_image(product, text)
    return answer


async def variants_of(
    product_ids: list[int], reader: BaseDBAsyncClient | None = None
) -> dict[int, list[ProductVariant]]:
    """Each product's variants, in one query (on ``reader``: the replica, when given)."""
    by_product: dict[int, list[ProductVariant]] = {pid: [] for pid in product_ids}
    for row in await ProductVariant.filter(product_id__in=product_ids).using_db(reader):
        by_product[row.product_id].append(row)  # type: ignore[attr-defined]
    return by_product


def _fields(card: dict[str, Any], query: CollectionQuery) -> dict[str, Any]:
    """The card's fields that ``query`` asks for (always its id and image)."""
    if query.fields is None:
        return card
    return {k: v for k, v in card.items() if k in query.fields or k in ("id", "introImage")}


async def find_products(locale: str, query: CollectionQuery, table: RouteTable) -> dict[str, Any]:
    """The public product list: read from the replica when there is one (a product published a
    moment ago may be missing from it for that moment; its page and the checkout read the
    database itself)."""
    reader = db.replica()
    found = ProductText.filter(locale=locale, product__published=True, **query.lookups)
    found = found.using_db(reader)
    texts, total = await db.page_of(
        found.order_by(*query.order_by, "id").select_related("product"),
        (query.page - 1) * query.page_size,
        query.page_size,
    )
    variants = await variants_of([t.product.id for t in texts], reader)
    return {
        "data": [
            _fields(labels.card(t.product, t, variants[t.product.id], table), query) for t in texts
        ],
        "meta": pagination_meta(query, total),
    }


@dataclass(frozen=True)
class BlockCards:
    """The product cards a page's blocks show: the shop's first ones (of ``total``) and the
    ones named by key."""

    first: list[dict[str, Any]]  # in shop order
    total: int  # the published products with texts in the locale
    by_key: dict[str, dict[str, Any]]

    def first_page(self, size: int) -> dict[str, Any]:
        """The first ``size`` products, as the collection list block shows them."""
        query = CollectionQuery(page_size=size)
        return {"data": self.first[:size], "meta": pagination_meta(query, self.total)}


async def block_cards(locale: str, table: RouteTable, first: int, keys: list[str]) -> BlockCards:
    """The cards of the shop's first ``first`` products and of the products ``keys``, in one
    statement (a row per variant)."""
    query = db.sql_query()

    def shown(alias: str) -> tuple[Table, Table, QueryBuilder]:
        text, product = db.table(ProductText, alias), db.table(Product, f"{alias}_product")
        found = query.from_(text).join(product).on(product.id == text.product_id)
        return text, product, found.where((text.locale == locale) & product.published.eq(True))

    text, product, statement = shown("text")
    ranked, ranked_product, leading = shown("ranked")
    *_, counted = shown("counted")
    variant = db.table(ProductVariant, "variant")
    wanted: Criterion | EmptyCriterion = EmptyCriterion()
    if first:
        order = (ranked_product.position, ranked.id)
        wanted |= text.id.isin(leading.select(ranked.id).orderby(*order).limit(first))
    if keys:
        wanted |= product.key.isin(keys)
    statement = (
        statement.left_join(variant)
        .on(variant.product_id == product.id)
        .select(
            *db.columns(text, ProductText),
            *db.columns(product, Product),
            *db.columns(variant, ProductVariant),
            counted.select(Count("*")).as_("total"),
        )
        .where(wanted)
        .orderby(product.position, text.id, variant.position, variant.id)
    )
    return _block_cards(await db.rows(statement), table, first)


def _block_cards(rows: list[dict[str, Any]], table: RouteTable, first: int) -> BlockCards:
    found: dict[int, tuple[ProductText, Product, list[ProductVariant]]] = {}
    for row in rows:
        if row["text.id"] not in found:
            text, product = (
                db.instance(ProductText, "text", row),
                db.instance(Product, "text_product", row),
            )
            assert text and product  # joined, not left-joined
            found[row["text.id"]] = (text, product, [])
        variant = db.instance(ProductVariant, "variant", row)
        if variant is not None:
            found[row["text.id"]][2].append(variant)
    cards = {p.key: labels.card(p, text, variants, table) for text, p, variants in found.values()}
    total = int(rows[0]["total"]) if rows else 0
    return BlockCards(list(cards.values())[:first], total, cards)


@dataclass(frozen=True)
class Sellable:
    """What the cart quote needs to know about a variant: its price and stock, and what a cart
    line shows (texts in the asked locale)."""

    id: int
    sku: str
    price: int
    stock: int
    available: bool
    product_type: ProductType
    title: str  # the product's
    variant_label: str  # "Blauw, M"
    image: dict[str, Any] | None
    path: str | None


async def sellables(ids: list[int], locale: str, table: RouteTable) -> dict[int, Sellable]:
    """The published variants among ``ids``, in two queries however many there are."""
    rows = await ProductVariant.filter(id__in=ids, product__published=True).select_related(
        "product"
    )
    product_ids = {row.product.id for row in rows}
    texts = {
        text.product_id: text  # type: ignore[attr-defined]
        for text in await ProductText.filter(product_id__in=product_ids, locale=locale)
    }
    return {row.id: _sellable(row, texts.get(row.product.id), locale, table) for row in rows}


def _sellable(
    row: ProductVariant, text: ProductText | None, locale: str, table: RouteTable
) -> Sellable:
    product = row.product
    digital = product.type is ProductType.DIGITAL  # a lesson is never out of stock, bought once
    return Sellable(
        id=row.id,
        sku=row.sku,
        price=row.price,
        # How many may be bought: none of a switched-off variant, whatever its stock.
        stock=1 if digital else max(row.stock, 0) if row.active else 0,
        available=row.active if digital else labels.available(row),
        product_type=product.type,
        title=labels.title(product, text),
        variant_label=labels.variant_label(row, text),
        image=labels.image(product, row.colour, text) or labels.intro_image(product, text),
        path=labels.path(table, locale, text) if text else None,
    )


async def product_ids(keys: Iterable[str]) -> dict[str, int]:
    """Product key → id, for the keys that exist."""
    return dict(await Product.filter(key__in=list(keys)).values_list("key", "id"))


async def physical_product_keys() -> list[str]:
    """The keys of the products that are shipped, in shop order."""
    rows = Product.filter(type=ProductType.PHYSICAL).order_by("position", "id")
    return [str(key) for key in await rows.values_list("key", flat=True)]


async def set_list_price(variant_id: int, price: int) -> None:
    """A variant's price from now on (cents): new quotes and orders use it, an order keeps
    the prices its lines were bought at."""
    await ProductVariant.filter(id=variant_id).update(price=price)


async def product_ids_of_variants(variant_ids: Iterable[int]) -> dict[int, int]:
    """Variant id → its product's id."""
    rows = await ProductVariant.filter(id__in=list(variant_ids)).values_list("id", "product_id")
    return dict(rows)
