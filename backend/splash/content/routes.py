"""Content API: locales, navigation menus, page slugs (slugify), blog articles, categories."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.content import blog, services
from splash.content.collections import ARTICLES, PAGES
from splash.content.requests import requested_locale
from splash.content.schemas import (
    ArticleList,
    ArticleOne,
    CategoryList,
    LocaleList,
    LocalePublic,
    NavigationItemFlat,
    NavigationItemTree,
    PageList,
    PageOne,
    PageSlugsResponse,
)
from splash.shared.collections import (
    LOCALIZATION_FIELDS,
    localization_fields,
    parse_collection_query,
)
from splash.shared.edge import cached_read
from splash.shared.http.openapi import (
    LOCALE,
    LOCALE_OR_DOMAINS,
    PAGE,
    PAGE_SIZE,
    WHOLE_ID,
    Parameter,
    documented,
    sort_of,
)
from splash.shared.http.request import query, query_str
from splash.shared.http.response import public

bp = Blueprint("content")


@bp.get("/i18n/locales")
@documented(
    "The shop's locales, the default one flagged", tag="content", response=list[LocalePublic]
)
@cached_read()
async def list_locales(request: Request) -> HTTPResponse:
    return public(LocaleList(await services.list_locales()))


@bp.get("/navigation/render/<navigation:str>")
@documented(
    "A navigation menu (primary, secondary, legal) as a FLAT list or a TREE",
    tag="content",
    response=list[NavigationItemFlat] | list[NavigationItemTree],
    errors=(404,),
    parameters=(
        Parameter("navigation", "path", "primary, secondary or legal", max_length=32),
        Parameter(
            "locale",
            "query",
            "nl, en, de, es, fr or sv (default: the default locale)",
            schema=LOCALE,
        ),
        Parameter("type", "query", "FLAT (default) or TREE", schema={"enum": ["FLAT", "TREE"]}),
    ),
)
@cached_read()
async def render_navigation(request: Request, navigation: str) -> HTTPResponse:
    menu = await services.render_navigation(
        navigation, query_str(request, "locale"), query_str(request, "type", "FLAT") or "FLAT"
    )
    return public(menu)


@bp.get("/slugify/slugs/page/<slug:str>")
@documented(
    "A page by its slug in a locale, with its localizations (e.g. the cart page per language)",
    tag="content",
    response=PageSlugsResponse,
    errors=(404,),
    parameters=(
        Parameter(
            "slug", "path", "The page's slug in that locale, e.g. winkelmand", max_length=190
        ),
        Parameter(
            "locale", "query", "The slug's locale (default: the domain's)", schema=LOCALE_OR_DOMAINS
        ),
        Parameter(
            "populate[localizations][fields][0]",
            "query",
            "slug, locale or path (default: all three)",
            schema={"enum": list(LOCALIZATION_FIELDS)},
        ),
    ),
)
@cached_read()
async def page_slugs(request: Request, slug: str) -> HTTPResponse:
    locale = await requested_locale(request)
    fields = localization_fields(query(request))
    return public(PageSlugsResponse(data=await services.page_slugs(slug, locale, fields)))


@bp.get("/articles")
@documented(
    "Blog articles of a locale: filters, sort, pagination, fields and populate (bracket notation)",
    tag="content",
    response=ArticleList,
    parameters=(
        Parameter("locale", "query", "default: the domain's locale", schema=LOCALE_OR_DOMAINS),
        Parameter(
            "filters[category][slug][$eq]",
            "query",
            "a category's slug",
            schema={"maxLength": ARTICLES.filter_lengths["category.slug"]},
        ),
        Parameter("pagination[page]", "query", "1, 2, …", schema=PAGE),
        Parameter("pagination[pageSize]", "query", "1 to 100 (default 25)", schema=PAGE_SIZE),
        Parameter(
            "sort[0]",
            "query",
            "publishedAt:desc (default), title:asc, …",
            schema=sort_of(*ARTICLES.sorts),
        ),
    ),
)
@cached_read()
async def find_articles(request: Request) -> HTTPResponse:
    locale = await requested_locale(request)
    wanted = parse_collection_query(query(request), ARTICLES)
    return public(await blog.find_articles(locale, wanted, request.app.ctx.routes))


@bp.get("/articles/<article_id:str>")
@documented(
    "One blog article with its body and localizations",
    tag="content",
    response=ArticleOne,
    errors=(404,),
    parameters=(Parameter("article_id", "path", "The article's id", schema=WHOLE_ID),),
)
@cached_read()
async def find_article(request: Request, article_id: str) -> HTTPResponse:
    wanted = parse_collection_query(query(request), ARTICLES)
    return public(await blog.find_article(article_id, wanted, request.app.ctx.routes))


@bp.get("/categories")
@documented(
    "The blog's categories in a locale",
    tag="content",
    response=CategoryList,
    parameters=(
        Parameter("locale", "query", "default: the domain's locale", schema=LOCALE_OR_DOMAINS),
    ),
)
@cached_read()
async def list_categories(request: Request) -> HTTPResponse:
    locale = await requested_locale(request)
    return public(CategoryList(data=await blog.categories(locale)))


@bp.get("/pages")
@documented(
    "Published pages of a locale: filters, sort, pagination, fields, populate (brackets)",
    tag="content",
    response=PageList,
    parameters=(
        Parameter("locale", "query", "default: the domain's locale", schema=LOCALE_OR_DOMAINS),
        Parameter(
            "filters[slug][$eq]",
            "query",
            "a page's slug",
            schema={"maxLength": PAGES.filter_lengths["slug"]},
        ),
        Parameter(
            "fields[0]",
            "query",
            "slug, title, path, layout, seo, blocks…",
            schema={"enum": sorted(PAGES.fields)},
        ),
        Parameter("populate[localizations]", "query", "true to include them"),
    ),
)
@cached_read()
async def find_pages(request: Request) -> HTTPResponse:
    locale = await requested_locale(request)
    wanted = parse_collection_query(query(request), PAGES)
    ctx = request.app.ctx
    return public(await services.find_pages(locale, wanted, ctx.routes, ctx.fill_blocks))


@bp.get("/pages/<page_id:str>")
@documented(
    "One published page with its blocks and localizations",
    tag="content",
    response=PageOne,
    errors=(404,),
    parameters=(Parameter("page_id", "path", "The page's id", schema=WHOLE_ID),),
)
@cached_read()
async def find_page(request: Request, page_id: str) -> HTTPResponse:
    wanted = parse_collection_query(query(request), PAGES)
    ctx = request.app.ctx
    return public(await services.find_page_by_id(page_id, wanted, ctx.routes, ctx.fill_blocks))
