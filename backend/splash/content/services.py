"""Content use cases: locales, navigation menus, site settings."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tortoise.expressions import Case, F, When

from splash.content import blog, navigation
from splash.content.blocks import RICH_TEXT
from splash.content.models import Locale, Navigation, NavigationItem, Page, SiteSettings
from splash.content.page_blocks import BlockFiller, blocks_of
from splash.content.paths import PageTree
from splash.content.schemas import (
    LocalePublic,
    NavigationFlat,
    NavigationTree,
    PageList,
    PageOne,
    PageSlugs,
    SellerAddress,
    SettingsPublic,
    SocialLinks,
)
from splash.core import db
from splash.core.errors import NotFoundError, ValidationError
from splash.core.fixtures import FixtureError
from splash.core.locales import LOCALES
from splash.core.route_table import RouteTable
from splash.shared.collections import (
    LOCALIZATION_FIELDS,
    CollectionQuery,
    pagination_meta,
    parse_id,
)


async def list_locales() -> list[LocalePublic]:
    """The shop's locales (read once in a :func:`db.read_once` block)."""
    locales = await db.once("content.locales", _read_locales)
    return locales if locales is not None else await _read_locales()


async def _read_locales() -> list[LocalePublic]:
    return [
        LocalePublic(code=row.code, name=row.name, is_default=row.is_default)
        for row in await Locale.all()
    ]


async def has_content() -> bool:
    return await Locale.exists()


async def check_locale(locale: str | None, field: str = "locale") -> str:
    """A known locale code, the default one when none is given; 400 for an unknown one. The
    shop's locales are its configured ones (the settings give each a domain), so a given code
    is checked without a query: nearly every read asks this first."""
    if locale is None:
        default = await Locale.get_or_none(is_default=True)
        return default.code if default else LOCALES[0]
    if locale not in LOCALES:
        raise ValidationError.for_field(
            ["query", field], f"Unknown locale {locale!r}; expected one of {', '.join(LOCALES)}"
        )
    return locale


async def render_navigation(
    menu: str, locale: str | None, render_type: str
) -> NavigationFlat | NavigationTree:
    code = await check_locale(locale)
    try:
        kind = navigation.RenderType(render_type.upper())
    except ValueError:
        raise ValidationError.for_field(["query", "type"], "type must be FLAT or TREE") from None
    items = await _menu(menu, code, kind)
    if kind is navigation.RenderType.TREE:
        return NavigationTree.model_validate(items)
    return NavigationFlat.model_validate(items)


async def _menu(menu: str, locale: str, kind: navigation.RenderType) -> list[dict[str, Any]]:
    nav = await Navigation.get_or_none(slug=menu, locale_id=locale)
    if nav is None:
        raise NotFoundError(f"Navigation {menu!r} not found")
    rows = await NavigationItem.filter(navigation=nav).values(
        "id", "parent_id", "title", "path", "position"
    )
    return navigation.render([navigation.MenuEntry(**row) for row in rows], kind)


async def menus(locale: str) -> dict[str, list[dict[str, Any]]]:
    """Every menu of a locale as a tree, for page payloads."""
    tree = navigation.RenderType.TREE
    return {menu: await _menu(menu, locale, tree) for menu in navigation.MENUS}


async def site_settings() -> SettingsPublic:
    return (await site_facts(None))[0]


async def site_facts(locale: str | None) -> tuple[SettingsPublic, str | None]:
    """The site settings and the banner text of ``locale`` (None: no banner), in one read."""
    row = await SiteSettings.first()
    if row is None:
        raise NotFoundError("Site settings have not been seeded")
    banner = (row.banner or {}).get(locale) if locale else None
    return _settings_public(row), banner or None


def _settings_public(row: SiteSettings) -> SettingsPublic:
    return SettingsPublic(
        company_name=row.company_name,
        coc_number=row.coc_number,
        vat_number=row.vat_number,
        address=SellerAddress.model_validate(row.address) if row.address else None,
        social_links=SocialLinks(**row.social_links),
    )


# The texts an order consents to (spec §5), by their pages' localization keys.
LEGAL_PAGES = ("privacy", "terms")


async def legal_version(locale: str) -> str:
    """The version of the privacy policy and the terms a customer sees in ``locale``: a short
    fingerprint of each published page's title and blocks ("privacy.terms", 8 hex characters
    each; "none" for a page that is missing), so the order records exactly which texts were
    agreed to and any edit of them reads as a new version."""
    rows = await Page.filter(
        locale_id=locale, localization_key__in=LEGAL_PAGES, published=True
    ).values("localization_key", "title", "blocks")
    texts = {row["localization_key"]: [row["title"], row["blocks"]] for row in rows}
    return ".".join(_fingerprint(texts[key]) if key in texts else "none" for key in LEGAL_PAGES)


def _fingerprint(text: object) -> str:
    canonical = json.dumps(text, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:8]


PAGE_TREE = "content.page_tree"  # its db.once key


async def _page_tree() -> PageTree:
    """Every published page (id, slug, locale, localization key) and its full path: read once
    in a :func:`db.read_once` block (publishing)."""
    tree = await db.once(PAGE_TREE, _read_page_tree)
    return tree if tree is not None else await _read_page_tree()


async def _read_page_tree() -> PageTree:
    # In id order: a page's translations are listed the same way whatever the database's row
    # order, so an unchanged page's payload keeps its bytes (and its published files).
    rows = (
        await Page.filter(published=True)
        .order_by("id")
        .values("id", "slug", "parent_id", "locale_id", "localization_key")
    )
    return PageTree.of(rows)


async def _published_page(locale: str, page_id: int) -> Page:
    """A published page of the tree with its own columns; in a :func:`db.read_once` block
    those of all the locale's published pages are read at the first."""
    pages = await db.once(f"content.pages:{locale}", lambda: _published_pages(locale))
    found = pages.get(page_id) if pages is not None else None
    return found if found is not None else await Page.get(id=page_id)


async def _published_pages(locale: str) -> dict[int, Page]:
    return {page.id: page for page in await Page.filter(locale_id=locale, published=True)}


# A page's own columns, which the tree does not hold.
_OWN = ("title", "layout", "seo_title", "seo_description", "seo_image", "blocks")
_OWN_JSON = ("seo_image", "blocks")


async def _tree_and_page(page_id: int) -> tuple[PageTree, Page | None]:
    """The page tree and the published page ``page_id`` in one statement: the page's own
    columns are asked of its row only (``CASE WHEN id = …``), so the tree stays as light."""
    own = {f"own_{name}": Case(When(id=page_id, then=F(name)), default=None) for name in _OWN}
    rows = (
        await Page.filter(published=True)
        .order_by("id")
        .annotate(**own)
        .values("id", "slug", "parent_id", "locale_id", "localization_key", *own)
    )
    tree = PageTree.of(rows)
    found = next((r for r in rows if r["id"] == page_id), None)
    if found is None:
        return tree, None
    columns = {name: found[f"own_{name}"] for name in _OWN}
    for name in _OWN_JSON:  # an annotation comes back as the database spells it
        if isinstance(columns[name], str):
            columns[name] = json.loads(columns[name])
    keys = ("id", "slug", "parent_id", "locale_id", "localization_key")
    return tree, Page(**{key: found[key] for key in keys}, **columns)


async def page_family_paths(page_ids: list[int]) -> list[tuple[int, str, str]]:
    """(id, locale, path) of the published pages among ``page_ids``, of their translations and
    of the pages below them (a changed slug moves those): what republishing them rewrites."""
    tree = await _page_tree()
    rows, paths = tree.rows, tree.paths
    keys = {r["localization_key"] for r in rows if r["id"] in page_ids}
    family = {r["id"] for r in rows if r["localization_key"] in keys}
    grown = True
    while grown:
        below = {r["id"] for r in rows if r["parent_id"] in family} - family
        family |= below
        grown = bool(below)
    return [
        (r["id"], r["locale_id"], paths[r["id"]])
        for r in rows
        if r["id"] in family and r["id"] in paths
    ]


async def find_page(
    locale: str, path: str, table: RouteTable, fill: BlockFiller
) -> dict[str, Any] | None:
    """The published page at ``path`` in ``locale`` with its localizations, or None."""
    tree = await _page_tree()
    wanted = "/" + path.strip("/")
    match = tree.at(locale, wanted)
    if match is None:
        return None
    page = await _published_page(locale, match["id"])
    return await _full_page(page, wanted, tree, table, fill)


async def _full_page(
    page: Page, path: str, tree: PageTree, table: RouteTable, fill: BlockFiller
) -> dict[str, Any]:
    """A loaded page as the API and the payloads give it, its tree already read."""
    return {
        "id": page.id,
        "slug": page.slug,
        "locale": page.locale_id,
        "path": path,
        "title": page.title,
        "layout": page.layout,
        "blocks": (await blocks_of([page], table, fill))[0],
        "seo": {
            "title": page.seo_title or page.title,
            "description": page.seo_description,
            "image": page.seo_image,
        },
        "localizations": [
            {"locale": loc["locale"], "slug": loc["slug"], "path": loc["path"]}
            for loc in tree.localizations(page.id, page.localization_key)
        ],
    }


async def published_page_paths(locale: str) -> list[str]:
    """The full path of every published page of a locale, for publishing."""
    tree = await _page_tree()
    return sorted(
        tree.paths[r["id"]] for r in tree.rows if r["locale_id"] == locale and r["id"] in tree.paths
    )


async def page_slugs(slug: str, locale: str, fields: frozenset[str] | None) -> PageSlugs:
    """The page with this slug in this locale and its localizations (the slugify call): how the
    SPA finds, say, the cart page ('winkelmand') in every language."""
    tree = await _page_tree()
    page = next((r for r in tree.rows if r["locale_id"] == locale and r["slug"] == slug), None)
    if page is None or page["id"] not in tree.paths:
        raise NotFoundError(f"No page with slug {slug!r} in locale {locale!r}")
    wanted = fields or frozenset(LOCALIZATION_FIELDS)

    def shape(entry: dict[str, Any]) -> dict[str, Any]:
        return {
            "id": entry["id"],
            **{k: entry[k] for k in ("slug", "locale", "path") if k in wanted},
        }

    own = {"id": page["id"], "slug": page["slug"], "locale": locale, "path": tree.paths[page["id"]]}
    return PageSlugs.model_validate(
        {
            **own,
            "localizations": [
                shape(entry) for entry in tree.localizations(page["id"], page["localization_key"])
            ],
        }
    )


async def article_at(locale: str, slug: str, table: RouteTable) -> dict[str, Any] | None:
    """The published blog article at a slug, with body and localizations (for publishing)."""
    return await blog.article_at(locale, slug, table)


async def published_article_paths(locale: str, table: RouteTable) -> list[str]:
    return [blog.article_path(table, locale, slug) for slug in await blog.article_slugs(locale)]


async def article_family_paths(
    article_ids: list[int], table: RouteTable
) -> list[tuple[int, str, str]]:
    return await blog.article_family_paths(article_ids, table)


def _shape_page(entry: dict[str, Any], query: CollectionQuery) -> dict[str, Any]:
    keep = {"id"} | (query.fields if query.fields is not None else set(entry) - {"blocks"})
    if "localizations" in query.populate:
        keep.add("localizations")
    return {key: value for key, value in entry.items() if key in keep}


async def find_pages(
    locale: str, query: CollectionQuery, table: RouteTable, fill: BlockFiller
) -> PageList:
    """Published pages of a locale (generic find); blocks only when asked for in fields."""
    tree = await _page_tree()
    found = Page.filter(locale_id=locale, published=True, id__in=list(tree.paths), **query.lookups)
    pages, total = await db.page_of(
        found.order_by(*query.order_by), (query.page - 1) * query.page_size, query.page_size
    )
    blocks = (
        await blocks_of(pages, table, fill) if query.fields and "blocks" in query.fields else None
    )
    data = []
    for number, page in enumerate(pages):
        entry = {
            "id": page.id,
            "slug": page.slug,
            "locale": page.locale_id,
            "path": tree.paths[page.id],
            "title": page.title,
            "layout": page.layout,
            "seo": {
                "title": page.seo_title or page.title,
                "description": page.seo_description,
                "image": page.seo_image,
            },
            "localizations": tree.localizations(page.id, page.localization_key),
        }
        if blocks is not None:
            entry["blocks"] = blocks[number]
        data.append(_shape_page(entry, query))
    return PageList.model_validate({"data": data, "meta": pagination_meta(query, total)})


async def find_page_by_id(
    raw_id: str, query: CollectionQuery, table: RouteTable, fill: BlockFiller
) -> PageOne:
    tree, page = await _tree_and_page(parse_id(raw_id))
    if page is None or page.id not in tree.paths:
        raise NotFoundError(f"Page {raw_id} not found")
    full = await _full_page(page, tree.paths[page.id], tree, table, fill)
    full["localizations"] = tree.localizations(page.id, page.localization_key)
    keep = {"id"} | (query.fields if query.fields is not None else set(full))
    return PageOne.model_validate(
        {"data": {k: v for k, v in full.items() if k in keep or k == "localizations"}, "meta": {}}
    )


def checked_rich_text(nodes: object, where: str) -> list[dict[str, Any]]:
    """Rich text as stored (the content system's structured JSON); a FixtureError names
    ``where`` when it is not valid rich text."""
    try:
        body = RICH_TEXT.validate_python(nodes)
    except ValueError as exc:
        raise FixtureError(f"{where}: {exc}") from exc
    return [node.model_dump(exclude_unset=True) for node in body]
