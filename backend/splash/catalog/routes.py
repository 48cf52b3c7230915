"""Catalog endpoints (contracts/catalog-api.md): variants, and find/findOne for products."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.catalog import product_pages, services
from splash.catalog.schemas import ProductList, ProductOne, VariantOne
from splash.content.requests import requested_locale
from splash.shared.collections import parse_collection_query, parse_populate
from splash.shared.edge import cached_read
from splash.shared.http.openapi import (
    LOCALE_OR_DOMAINS,
    PAGE,
    PAGE_SIZE,
    WHOLE_ID,
    Parameter,
    documented,
    sort_of,
)
from splash.shared.http.request import query
from splash.shared.http.response import public

bp = Blueprint("catalog")

LOCALE = Parameter("locale", "query", "default: the domain's locale", schema=LOCALE_OR_DOMAINS)
# What a variant's populate may name: its image and its product's.
VARIANT_POPULATE = frozenset({"introImage", "product.introImage"})


@bp.get("/product-variants/<variant_id:str>")
@documented(
    "One variant (colour and size) with its price in cents, stock and product",
    tag="catalog",
    response=VariantOne,
    errors=(404,),
    parameters=(
        Parameter("variant_id", "path", "The variant's id", schema=WHOLE_ID),
        Parameter("populate[introImage]", "query", "true: include the variant's image"),
        Parameter(
            "populate[product][populate][introImage]",
            "query",
            "true: the product's image",
        ),
        LOCALE,
    ),
)
@cached_read(token=lambda variant_id: services.variant_state(variant_id))
async def get_variant(request: Request, variant_id: str) -> HTTPResponse:
    populate = parse_populate(query(request).get("populate"), VARIANT_POPULATE).names
    locale = await requested_locale(request)
    answer = await services.variant(variant_id, locale, request.app.ctx.routes, populate)
    return public(VariantOne.model_validate({"data": answer}))


@bp.get("/products")
@documented(
    "Products of a locale: filters, sort, pagination, fields and populate (bracket notation)",
    tag="catalog",
    response=ProductList,
    parameters=(
        LOCALE,
        Parameter(
            "filters[key][$eq]",
            "query",
            "a product's key",
            schema={"maxLength": services.PRODUCTS.filter_lengths["key"]},
        ),
        Parameter("pagination[page]", "query", "1, 2, …", schema=PAGE),
        Parameter("pagination[pageSize]", "query", "1 to 100 (default 25)", schema=PAGE_SIZE),
        Parameter(
            "sort[0]",
            "query",
            "position:asc (default), title:asc, …",
            schema=sort_of("title", "id", "position"),
        ),
    ),
)
async def find_products(request: Request) -> HTTPResponse:
    locale = await requested_locale(request)
    wanted = parse_collection_query(query(request), services.PRODUCTS)
    found = await services.find_products(locale, wanted, request.app.ctx.routes)
    return public(ProductList.model_validate(found))


@bp.get("/products/<product_id:str>")
@documented(
    "One product with its description, photos, size guide, variants and localizations",
    tag="catalog",
    response=ProductOne,
    errors=(404,),
    parameters=(Parameter("product_id", "path", "The product's id", schema=WHOLE_ID), LOCALE),
)
@cached_read(token=lambda product_id: services.product_state(product_id))
async def find_product(request: Request, product_id: str) -> HTTPResponse:
    locale = await requested_locale(request)
    found = await product_pages.product_by_id(product_id, locale, request.app.ctx.routes)
    return public(ProductOne.model_validate({"data": found}))
