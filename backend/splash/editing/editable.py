"""What a collection must offer to be edited in the studio: the ``Editable`` protocol, and
the list of collections plugged in (``plug_in``, called by ``splash.site.wiring``).

An entry is ``(collection, key, locale)``: ``("page", "faq", "nl")``, ``("article",
"first-lesson", "de")``, ``("menu", "primary", "nl")``, ``("settings", "site", "")``. The key
is what stays the same across languages (a localization key, a menu's name); a collection
that is not per language uses the locale ``""``.

A draft is a document: a JSON object validated by the collection's ``document`` model, the
same Pydantic models (blocks, rich text, images, addresses) the seed and the API validate
with. Drafting is lenient about what a finished entry needs (a title may still be empty);
``missing`` names what publishing needs, as field paths. Editing keeps the drafts, their
revisions, the versions and the redirects; the collection only reads and writes its own live
rows.

Adding a collection (catalog: products, variants, prices, the size guide; academy: courses,
levels, lessons, offers) is one class in its own domain implementing this protocol:

- ``permission``: ``Permission.CONTENT`` for texts, ``Permission.SETTINGS`` (owner only) for
  prices, offers and settings; ``localized``: whether entries exist per language;
- ``document``: the request model of one entry (a ``RequestBody``);
- ``live(key, locale)``: the published document, or None (never published, or unpublished);
- ``missing(document, locale)``: the empty required fields, as paths (``["title",
  "blocks.2.alt"]``); publishing is refused while there are any;
- ``check(key, locale, document)``: the rules that need the database (a slug taken by another
  entry of the language: a ``ValidationError`` naming ``slug``), at every save and publish;
- ``apply(key, locale, document, table)``: make it live, in the caller's transaction; answers
  ``Applied``: what to republish (``"page:12"``; ``"*"`` for everything, as a menu needs;
  none when the public site shows nothing of it) and
  the paths that moved, old → new (editing records their redirects);
- ``unpublish(key, locale, table)``: the same, taking it off the site;
- ``entries(locale)``: every entry for the studio's list, with whether it exists in that
  language (a missing translation);
- ``preview(key, locale, document, table)``: what the public site would show for the
  document: ``Preview`` (the path it lives at, the kind of page and its payload entity, or the
  shared parts a menu or settings change: ``{"navigation": …}``).

A collection whose new entries the studio makes from its list (a variant, a level, a lesson)
also implements ``Creatable``: ``new_entry`` (the request model of what a new entry needs,
a variant's product, colour, size and price), ``field_permissions`` (a field that needs more
than the collection's permission: a variant's price, the owner's), ``exists(key)`` (the key
is taken: 409 naming ``key``) and ``create(key, locale, fields)`` (the live rows, in the
caller's transaction). ``splash.editing.creating`` checks, logs and republishes.

Then add it to ``EDITABLES`` in ``splash.site.wiring``; the studio routes, drafts, conflicts,
history, scheduling and preview links work for it with no further code. A collection that
shows on published pages also needs its change kind in ``site.web.publish.FAMILIES``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from splash.core.errors import NotFoundError
from splash.core.route_table import RouteTable
from splash.staff.vocabulary import Permission

Document = dict[str, Any]
EVERYTHING = "*"  # a change every published page shows (menus, settings): publish it all


@dataclass(frozen=True)
class Applied:
    """What making an entry live (or taking it off) changed: the publish changes (``page:12``,
    or ``*``) and the paths that moved, old → new, in the entry's language."""

    changes: list[str]
    moved: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class EntrySummary:
    """One entry in the studio's list of a collection in one language."""

    key: str
    title: str
    live: bool  # published in this language
    translated: bool  # exists in this language at all (False: a missing translation)
    path: str | None = None
    category: str | None = None  # an article's category key
    date: datetime | None = None  # an article's date shown
    id: int | None = None  # the academy's row id (a lesson's: its video panel's address)
    video_ms: int | None = None  # a lesson's video's length (the default of its minutes)


@dataclass(frozen=True)
class Preview:
    """What the public site would show for a draft: where, what kind of page with which entity,
    or (menus, settings) the parts every page shares (``shared``, over the live ones) on the
    page at ``path``."""

    path: str
    kind: str | None = None  # "page", "article"; None: the live page at ``path``
    entity: dict[str, Any] | None = None
    shared: dict[str, Any] = field(default_factory=dict)


class Editable(Protocol):
    permission: Permission
    localized: bool

    @property
    def document(self) -> type[BaseModel]: ...

    async def live(self, key: str, locale: str) -> Document | None: ...

    def missing(self, document: Document, locale: str) -> list[str]: ...

    async def check(self, key: str, locale: str, document: Document) -> None: ...

    async def apply(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Applied: ...

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied: ...

    async def entries(self, locale: str) -> list[EntrySummary]: ...

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview: ...


@runtime_checkable
class Creatable(Editable, Protocol):
    """An editable collection whose new entries the studio makes (``splash.editing.creating``)."""

    field_permissions: Mapping[str, Permission]

    @property
    def new_entry(self) -> type[BaseModel]: ...

    async def exists(self, key: str) -> bool: ...

    async def create(self, key: str, locale: str, fields: Document) -> Applied: ...


EDITABLES: dict[str, Editable] = {}


def plug_in(editables: Mapping[str, Editable]) -> None:
    """The editable collections by name, replacing what was plugged in before."""
    EDITABLES.clear()
    EDITABLES.update(editables)


def editable(collection: str) -> Editable:
    found = EDITABLES.get(collection)
    if found is None:
        known = ", ".join(sorted(EDITABLES))
        raise NotFoundError(f"No editable collection {collection!r}; there are {known}")
    return found
