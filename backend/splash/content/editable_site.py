"""Navigation menus and the site settings as the studio edits them (``splash.editing.editable.
Editable``). Every published page shows them, so publishing one republishes everything
(``EVERYTHING``). Settings need the owner (``Permission.SETTINGS``)."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from splash.content.editable import empty_fields
from splash.content.models import Navigation, NavigationItem, SiteSettings
from splash.content.navigation import MENUS
from splash.content.schemas import SellerAddress, SocialLinks
from splash.core.errors import NotFoundError
from splash.core.route_table import RouteTable
from splash.core.schemas import RequestBody
from splash.editing.editable import EVERYTHING, Applied, Document, EntrySummary, Preview
from splash.staff.vocabulary import Permission

MAX_ITEMS = 60  # of one menu, at every depth together


class MenuItemDocument(RequestBody):
    """An item of a menu; ``key`` stays the same in every language (made when empty)."""

    key: str = Field(default="", max_length=64, pattern=r"^$|^[a-z0-9][a-z0-9-]*$")
    title: str = Field(default="", max_length=128)
    path: str = Field(default="", max_length=512)
    items: list[MenuItemDocument] = Field(default_factory=list, max_length=MAX_ITEMS)


class MenuDocument(RequestBody):
    """A menu in one language: its items in order, nested under their parent."""

    items: list[MenuItemDocument] = Field(default_factory=list, max_length=MAX_ITEMS)


def _walk(items: list[dict[str, Any]], path: str) -> list[tuple[str, dict[str, Any]]]:
    """Every item with its path (``items.0.items.1``), in reading order."""
    found: list[tuple[str, dict[str, Any]]] = []
    for index, item in enumerate(items):
        here = f"{path}.{index}"
        found.append((here, item))
        found += _walk(item.get("items", []), f"{here}.items")
    return found


def _menu_key(key: str) -> str:
    if key not in MENUS:
        raise NotFoundError(f"No menu {key!r}; there are {', '.join(MENUS)}")
    return key


class Menus:
    permission = Permission.CONTENT
    localized = True
    document = MenuDocument

    async def live(self, key: str, locale: str) -> Document | None:
        nav = await Navigation.get_or_none(slug=_menu_key(key), locale_id=locale)
        if nav is None:
            return None
        rows = await NavigationItem.filter(navigation=nav).order_by("position", "id")
        below: dict[int | None, list[NavigationItem]] = {}
        for row in rows:
            below.setdefault(row.parent_id, []).append(row)  # type: ignore[attr-defined]

        def tree(parent: int | None) -> list[dict[str, Any]]:
            return [
                {"key": row.key, "title": row.title, "path": row.path, "items": tree(row.id)}
                for row in below.get(parent, [])
            ]

        return {"items": tree(None)}

    def missing(self, document: Document, locale: str) -> list[str]:
        return [
            f"{path}.{name}"
            for path, item in _walk(document.get("items", []), "items")
            for name in empty_fields(item, "title", "path")
        ]

    async def check(self, key: str, locale: str, document: Document) -> None:
        _menu_key(key)

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        nav, _ = await Navigation.get_or_create(slug=_menu_key(key), locale_id=locale)
        await NavigationItem.filter(navigation=nav).delete()
        taken: set[str] = set()
        await self._create(nav, document.get("items", []), None, taken)
        return Applied([EVERYTHING])

    async def _create(
        self,
        nav: Navigation,
        items: list[dict[str, Any]],
        parent: NavigationItem | None,
        taken: set[str],
    ) -> None:
        for position, item in enumerate(items):
            key = item.get("key") or f"item-{len(taken) + 1}"
            while key in taken:
                key = f"{key}-{position + 1}"
            taken.add(key)
            row = await NavigationItem.create(
                navigation=nav,
                parent=parent,
                key=key,
                title=item["title"],
                path=item["path"],
                position=position,
            )
            await self._create(nav, item.get("items", []), row, taken)

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        nav = await Navigation.get(slug=_menu_key(key), locale_id=locale)
        await NavigationItem.filter(navigation=nav).delete()  # a menu is there, empty
        return Applied([EVERYTHING])

    async def entries(self, locale: str) -> list[EntrySummary]:
        there = set(await Navigation.filter(locale_id=locale).values_list("slug", flat=True))
        return [EntrySummary(menu, menu, menu in there, menu in there) for menu in MENUS]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        menu = _nested(document.get("items", []))
        return Preview("/", shared={"navigation": {_menu_key(key): menu}})


def _nested(items: list[dict[str, Any]], counter: list[int] | None = None) -> list[dict[str, Any]]:
    """A draft menu as a payload's tree (``id``, ``title``, ``path``, ``items``)."""
    counter = counter if counter is not None else [0]
    tree = []
    for item in items:
        counter[0] += 1
        tree.append(
            {
                "id": counter[0],
                "title": item.get("title") or "…",
                "path": item.get("path") or "/",
                "items": _nested(item.get("items", []), counter),
            }
        )
    return tree


class SettingsDocument(RequestBody):
    """The shop-wide facts: the footer, the head tags, the invoice."""

    company_name: str = Field(default="", max_length=128)
    coc_number: str = Field(default="", max_length=32)
    vat_number: str = Field(default="", max_length=32)
    address: SellerAddress | None = None
    social_links: SocialLinks = Field(default_factory=SocialLinks)


SETTINGS_KEY = "site"


class Settings:
    permission = Permission.SETTINGS
    localized = False
    document = SettingsDocument

    async def live(self, key: str, locale: str) -> Document | None:
        row = await SiteSettings.first() if key == SETTINGS_KEY else None
        if row is None:
            return None
        return {
            "companyName": row.company_name,
            "cocNumber": row.coc_number,
            "vatNumber": row.vat_number,
            "address": row.address or None,
            "socialLinks": SocialLinks(**row.social_links).model_dump(by_alias=True),
        }

    def missing(self, document: Document, locale: str) -> list[str]:
        address = [] if document.get("address") else ["address"]
        return empty_fields(document, "companyName", "cocNumber", "vatNumber") + address

    async def check(self, key: str, locale: str, document: Document) -> None:
        if key != SETTINGS_KEY:
            raise NotFoundError(f"The settings are one entry: {SETTINGS_KEY!r}")

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        address = SellerAddress.model_validate(document["address"]).model_dump(by_alias=True)
        links = SocialLinks.model_validate(document.get("socialLinks") or {})
        await SiteSettings.update_or_create(
            id=1,
            defaults={
                "company_name": document["companyName"],
                "coc_number": document["cocNumber"],
                "vat_number": document["vatNumber"],
                "address": address,
                "social_links": links.model_dump(exclude_none=True),
            },
        )
        return Applied([EVERYTHING])

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        raise NotFoundError("The site settings cannot be taken off the site")

    async def entries(self, locale: str) -> list[EntrySummary]:
        live = await SiteSettings.exists()
        return [EntrySummary(SETTINGS_KEY, "Site settings", live, live)]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        return Preview("/", shared={"settings": {**document}})


class BannerDocument(RequestBody):
    """The announcement above every page in one language; empty: no banner."""

    text: str = Field(default="", max_length=200)


class Banners:
    """The banner text per language: part of the settings, so the owner's (``settings``)."""

    permission = Permission.SETTINGS
    localized = True
    document = BannerDocument

    async def live(self, key: str, locale: str) -> Document | None:
        row = await SiteSettings.first() if key == SETTINGS_KEY else None
        text = (row.banner or {}).get(locale) if row else None
        return {"text": text} if text else None

    def missing(self, document: Document, locale: str) -> list[str]:
        return []

    async def check(self, key: str, locale: str, document: Document) -> None:
        if key != SETTINGS_KEY:
            raise NotFoundError(f"The banner is one entry per language: {SETTINGS_KEY!r}")

    async def _write(self, locale: str, text: str) -> Applied:
        row = await SiteSettings.get(id=1)
        banner = {code: value for code, value in (row.banner or {}).items() if code != locale}
        row.banner = {**banner, locale: text} if text else banner
        await row.save(update_fields=["banner"])
        return Applied([EVERYTHING])

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        return await self._write(locale, str(document.get("text") or "").strip())

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        return await self._write(locale, "")

    async def entries(self, locale: str) -> list[EntrySummary]:
        live = await self.live(SETTINGS_KEY, locale)
        return [EntrySummary(SETTINGS_KEY, "Banner", live is not None, live is not None)]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        return Preview("/", shared={"settings": {"banner": document.get("text") or None}})
