"""Page payloads: everything the SPA needs to render one route, computed once per publish.

A payload holds the route, the page (for published routes), the navigation menus, the site
settings and the paths of the same page in the other locales; :mod:`splash.site.web.payloads`
describes it, and every payload is checked against that description here. It is written by
``publish`` and computed live only when nothing is published yet (``make dev`` before a first
publish).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from splash.academy import services as academy
from splash.catalog import product_pages
from splash.content import services as content
from splash.core.config import Settings
from splash.core.route_table import RouteKind, RouteMatch, RouteTable
from splash.editing.editable import Preview
from splash.orders import services as orders
from splash.site.web.compose import fill_article, fill_blocks
from splash.site.web.payloads import checked
from splash.site.web.published import (
    Entry,
    PublishedSite,
    app_key,
    encode_payload,
    not_found_key,
    page_key,
)

NOT_FOUND = "not-found"


async def shared_payload(settings: Settings, locale: str) -> dict[str, Any]:
    site, banner = await content.site_facts(locale)
    return {
        "locale": locale,
        "navigation": await content.menus(locale),
        "settings": {
            **site.model_dump(by_alias=True),
            "banner": banner,
            "origins": {code: settings.origin(code) for code in settings.hosts_by_locale},
            "gtmId": settings.gtm_id,
            "recaptchaSiteKey": settings.recaptcha_site_key,
            "googleSignIn": settings.google_sign_in,
            "buildPollSeconds": settings.build_poll_seconds,
            "apiPrefix": settings.api_prefix,
        },
    }


def app_alternates(table: RouteTable, match: RouteMatch) -> dict[str, str]:
    """An in-browser (app) route's path in every locale."""
    return {code: table.path_for(match.route.name, code, match.params) for code in table.locales}


def _route(name: str, kind: str, path: str, params: dict[str, str]) -> dict[str, Any]:
    return {"name": name, "kind": kind, "path": path, "params": params}


async def route_payload(
    settings: Settings,
    table: RouteTable,
    locale: str,
    path: str,
    match: RouteMatch,
    shared: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """The payload of a known route, or None when the path names nothing that exists.

    ``shared`` is this locale's :func:`shared_payload` when the caller already has it (publishing
    computes it once per locale, not once per route).
    """
    route = match.route
    if route.kind is RouteKind.SERVER:
        return None
    shared = shared or await shared_payload(settings, locale)
    if route.kind is RouteKind.APP:
        return checked(
            {
                **shared,
                "status": 200,
                "page": None,
                "route": _route(route.name, route.kind, path, match.params),
                "alternates": app_alternates(table, match),
                "head": {},
            }
        )
    if route.collection == "article":
        article = await content.article_at(locale, match.params["slug"], table)
        if article is not None:
            article = await fill_article(article, locale)
            return _published(shared, locale, path, match, "article", article)
    if route.collection == "product":
        product = await product_pages.product_at(locale, match.params["slug"], table)
        if product is not None:
            return _published(shared, locale, path, match, "product", product)
    if route.collection == "course":
        course = await academy.course_at(locale, match.params["slug"], table)
        if course is not None:
            return _published(shared, locale, path, match, "course", course)
    if route.collection == "lesson":
        params = match.params
        lesson = await academy.lesson_at(locale, params["course"], params["slug"], table, settings)
        if lesson is not None:
            return _published(shared, locale, path, match, "lesson", lesson)
    # A content page may live under a collection's prefix (/academy/how-it-works next to the
    # courses at /academy/{slug}): a path that names no entity of the collection is a page.
    page = await content.find_page(locale, path, table, fill_blocks)
    return _published(shared, locale, path, match, "page", page) if page else None


def _published(
    shared: dict[str, Any],
    locale: str,
    path: str,
    match: RouteMatch,
    kind: str,
    entity: dict[str, Any],
) -> dict[str, Any]:
    alternates = {loc["locale"]: loc["path"] for loc in entity["localizations"]}
    alternates[locale] = path
    return checked(
        {
            **shared,
            "status": 200,
            "page": entity if kind == "page" else None,
            **({kind: entity} if kind != "page" else {}),
            "route": _route(match.route.name, match.route.kind, path, match.params),
            "alternates": alternates,
            "head": {**entity["seo"], "type": kind},
        }
    )


async def not_found_payload(
    settings: Settings, locale: str, path: str, shared: dict[str, Any] | None = None
) -> dict[str, Any]:
    return checked(
        {
            **(shared or await shared_payload(settings, locale)),
            "status": 404,
            "page": None,
            "route": _route(NOT_FOUND, "app", path, {}),
            "alternates": {},
            "head": {},
        }
    )


@dataclass(frozen=True)
class Resolved:
    """What answers one URL: status, payload, pre-rendered fragment and head facts."""

    status: int
    payload: bytes
    etag: str
    fragment: str
    head: dict[str, Any]
    alternates: dict[str, str]
    build: str | None = None  # the published build it comes from; None when computed live


def _from_entry(entry: Entry, alternates: dict[str, str] | None = None) -> Resolved:
    return Resolved(
        entry.status,
        entry.payload,
        entry.etag,
        entry.html,
        entry.head,
        alternates if alternates is not None else entry.head.get("alternates", {}),
        entry.build,
    )


def computed(payload: dict[str, Any]) -> Resolved:
    """A payload computed now (a preview, or before a first publish): nothing pre-rendered."""
    return _live(payload)


def _live(payload: dict[str, Any]) -> Resolved:
    body, etag = encode_payload(payload)
    return Resolved(payload["status"], body, etag, "", payload["head"], payload["alternates"])


# The payment return names its order in the query, as the provider sends the parent back
# (``/order-payment?order=<slug>``); the order's page names it in its path (``/order/:slug``).
ORDER_QUERY = {"order-payment": "order"}


def _order_slug(match: RouteMatch, query: Mapping[str, str] | None) -> str | None:
    """The slug of the order a route names ("" for none given), None for a route that names
    no order; the payment return's payload (``query`` None) leaves its check to the SPA."""
    if match.route.collection == "order":
        return match.params.get("slug", "")
    name = ORDER_QUERY.get(match.route.name)
    return None if name is None or query is None else query.get(name, "")


async def resolve(
    settings: Settings,
    table: RouteTable,
    site: PublishedSite,
    locale: str,
    path: str,
    query: Mapping[str, str] | None = None,
) -> Resolved:
    """Published output when there is any; computed live only before a first publish.

    An order's pages are a 404 when they name no order (issue 24, point 21), checked by one
    lookup of the slug; their answer then depends on the database, not on the build alone, so
    it is never kept at the edge (``build`` None).
    """
    match = table.match(locale, path)
    slug = _order_slug(match, query) if match else None
    if slug is None:
        return await _matched(settings, table, site, locale, path, match) or await _not_found(
            settings, site, locale, path
        )
    found = None
    if await orders.order_exists(slug):
        found = await _matched(settings, table, site, locale, path, match)
    return replace(found or await _not_found(settings, site, locale, path), build=None)


async def _matched(
    settings: Settings,
    table: RouteTable,
    site: PublishedSite,
    locale: str,
    path: str,
    match: RouteMatch | None,
) -> Resolved | None:
    published = site.build_id is not None
    if match and match.route.kind is RouteKind.PAGE and published:
        entry = site.get(page_key(locale, path))
        if entry:
            return _from_entry(entry)
    elif match and match.route.kind is RouteKind.APP and published:
        entry = site.get(app_key(locale, match.route.name))
        if entry:
            return _from_entry(entry, app_alternates(table, match))
    elif match and match.route.kind is not RouteKind.SERVER and not published:
        payload = await route_payload(settings, table, locale, path, match)
        if payload:
            return _live(payload)
    return None


async def _not_found(settings: Settings, site: PublishedSite, locale: str, path: str) -> Resolved:
    entry = site.get(not_found_key(locale)) if site.build_id is not None else None
    if entry:
        return _from_entry(entry, {})
    return _live(await not_found_payload(settings, locale, path))


async def preview_payload(
    settings: Settings, table: RouteTable, locale: str, preview: Preview
) -> dict[str, Any] | None:
    """The payload a draft would publish (``editing.preview``): its entity at its path, or the
    live page at ``path`` with the draft's shared parts (a menu, the settings) over the live
    ones; None when the path names nothing."""
    shared = await shared_payload(settings, locale)
    for part, value in preview.shared.items():
        shared[part] = {**shared[part], **value} if isinstance(shared.get(part), dict) else value
    match = table.match(locale, preview.path)
    if match is None:
        return None
    if preview.kind is not None and preview.entity is not None:
        return _published(shared, locale, preview.path, match, preview.kind, preview.entity)
    return await route_payload(settings, table, locale, preview.path, match, shared)
