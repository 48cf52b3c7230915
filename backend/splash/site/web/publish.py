"""``python -m splash publish [--changed page:12 …]``: render the public routes with the SPA's
server entry into a new build.

Everything: for each locale it computes the payload of every published page, of every
in-browser (app) route and of the 404 screen. Only what changed (``--changed page:12``): the
payloads of that page, its translations and the pages below it, and of every entry whose
payload lists that collection (a blog index, the shop); the previous build's other entries
are taken over as they are. A course, level or lesson rewrites the academy pages that show it
(``academy.page_families``). What every payload shares (menus, site settings) is no such
change: after editing that, publish everything.
Either way, the payloads come from one reading of each collection (:func:`db.read_once`), not
one per entry, and an entry whose payload and renderer are the same as in the previous build
keeps its files (no rendering); the others are rendered in Node (:mod:`site.web.render`) while
the next payloads are computed. Each entry's files are named by
a hash of the renderer and the payload and kept in ``files/`` beside the builds; a build folder
holds its ``index.json`` only. The ``CURRENT`` pointer moves last, so readers never see a
half-written build. With ``SPLASH_SITE_STORAGE`` (a bucket every instance shares) the build is
written here too, then sent there: its new files, its index, and last the bucket's pointer
(site/web/build_store.py); each instance then copies it (site/web/build_watch.py).
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from splash.academy import services as academy
from splash.catalog import product_pages
from splash.content import services as content
from splash.core import db
from splash.core.config import Settings
from splash.core.route_table import RouteKind, RouteTable
from splash.shared import edge
from splash.site.web import services
from splash.site.web.build_folder import (
    Previous,
    point_here,
    pointed_build,
    prune_builds,
    read_build,
    write_file,
)
from splash.site.web.build_store import BuildStore, announce, open_build_store
from splash.site.web.head import published_head
from splash.site.web.published import (
    BUILD_FILE,
    FILES,
    app_key,
    encode_payload,
    not_found_key,
    page_key,
)
from splash.site.web.render import RenderError, RenderPool

SUFFIXES = (".json", ".html")  # an entry's payload and fragment

# What republishing a changed entity rewrites: (id, locale, path) of it and its relatives.
Family = Callable[[list[int], RouteTable], Awaitable[list[tuple[int, str, str]]]]
FAMILIES: dict[str, Family] = {
    "page": lambda ids, table: content.page_family_paths(ids),
    "article": content.article_family_paths,
    "product": product_pages.product_family_paths,
    "course": academy.course_family_paths,
    "level": academy.level_family_paths,
    "lesson": academy.lesson_family_paths,
}
# Blocks that show entities of other collections (besides "collection-list", which names it).
LISTING_BLOCKS = {
    "product-item": ("product",),
    "academy-item": ("course",),  # a course card
    "child-courses": ("course", "level"),  # level cards, linking to their course
    "academy-intro": ("course",),  # the published courses' figures
}
# The entities a page shows besides its own, by the fields of its entity that hold them.
SHOWN_PARENTS = {"lesson": ("course", "level")}


class PublishError(RuntimeError):
    pass


@dataclass(frozen=True)
class PublishResult:
    build_id: str
    entries: int
    seconds: float
    rendered: int = 0  # entries rendered anew (the others kept the previous build's files)


@dataclass(frozen=True)
class Change:
    """An entity whose content changed: ``page:12``, ``article:3``, ``product:7``."""

    collection: str
    id: int

    @classmethod
    def parse(cls, text: str) -> Change:
        collection, _, raw = text.partition(":")
        if collection not in FAMILIES or not raw.isdigit():
            known = ", ".join(f"{name}:<id>" for name in FAMILIES)
            raise PublishError(f"cannot read the change {text!r}; expected one of {known}")
        return cls(collection, int(raw))


def sources(payload: dict[str, Any]) -> list[str]:
    """What a published entry shows: ``page:12`` for its own entity, ``course:2`` for an entity
    it shows besides (a lesson page's course and level), ``article:*`` for a block that lists a
    collection (any change in it may change the list)."""
    kind = payload["head"].get("type")
    entity = payload.get(kind) if isinstance(kind, str) else None
    shown: list[str] = []
    if isinstance(entity, dict) and "id" in entity:
        shown.append(f"{kind}:{entity['id']}")
        for name in SHOWN_PARENTS.get(str(kind), ()):
            shown += [f"{name}:{entity[name]['id']}"] if entity.get(name) else []
    blocks = (payload.get("page") or {}).get("blocks") or []
    listed = {block.get("collection") for block in blocks if block.get("type") == "collection-list"}
    listed |= {name for block in blocks for name in LISTING_BLOCKS.get(block.get("type", ""), ())}
    return shown + sorted(f"{name}:*" for name in listed if name)


def stale_keys(index: dict[str, dict[str, Any]], refs: set[str]) -> set[str]:
    """The keys of a published index whose entries show any of ``refs``."""
    return {key for key, meta in index.items() if refs & set(meta.get("sources", ()))}


def split_key(key: str) -> tuple[str, str]:
    """A page key (``nl /blog/x``) as its locale and path."""
    locale, _, path = key.partition(" ")
    return locale, path


def file_name(renderer: str, body: bytes) -> str:
    """An entry's file name (without suffix): the same payload and renderer, the same files."""
    return hashlib.sha256(renderer.encode() + b"\0" + body).hexdigest()[:32]


def renderer_id(settings: Settings) -> str:
    """A hash of the render script and the server entry with its chunks: HTML rendered by
    another build of the SPA is never taken over."""
    script = settings.server_renderer
    files = [script, *sorted(p for p in (script.parent.parent / "dist-server").rglob("*.js"))]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


async def _page_entry(
    settings: Settings, table: RouteTable, locale: str, path: str, shared: dict[str, Any]
) -> dict[str, Any] | None:
    match = table.match(locale, path)
    if match is None:
        return None
    return await services.route_payload(settings, table, locale, path, match, shared)


async def _collect(
    settings: Settings, table: RouteTable
) -> AsyncIterator[tuple[str, dict[str, Any]]]:
    for locale in table.locales:
        shared = await services.shared_payload(settings, locale)
        paths = await content.published_page_paths(locale)
        paths += await content.published_article_paths(locale, table)
        paths += await product_pages.product_paths(locale, table)
        paths += await academy.published_paths(locale, table)
        for path in paths:
            payload = await _page_entry(settings, table, locale, path, shared)
            if payload:
                yield page_key(locale, path), payload
        for route in table.routes:
            if route.kind is RouteKind.APP:
                path = route.paths[locale]
                match = table.match(locale, path)
                assert match is not None
                payload = await services.route_payload(settings, table, locale, path, match, shared)
                assert payload is not None
                yield app_key(locale, route.name), payload
        yield (
            not_found_key(locale),
            await services.not_found_payload(settings, locale, "/404", shared),
        )


async def _changed_targets(
    table: RouteTable, index: dict[str, dict[str, Any]], changes: list[Change]
) -> tuple[list[tuple[str, str]], set[str]]:
    """The (locale, path) of every entry the changes touch, and the previous keys they replace."""
    refs: set[str] = set()
    targets: set[tuple[str, str]] = set()
    for change in changes:
        family = await FAMILIES[change.collection]([change.id], table)
        refs |= {f"{change.collection}:{change.id}", f"{change.collection}:*"}
        refs |= {f"{change.collection}:{entity}" for entity, _, _ in family}
        targets |= {(locale, path) for _, locale, path in family}
    replaced = stale_keys(index, refs)
    targets |= {split_key(key) for key in replaced}
    return sorted(targets), replaced


async def _collect_at(
    settings: Settings, table: RouteTable, targets: list[tuple[str, str]]
) -> AsyncIterator[tuple[str, dict[str, Any]]]:
    shared: dict[str, dict[str, Any]] = {}
    for locale, path in targets:
        if locale not in shared:
            shared[locale] = await services.shared_payload(settings, locale)
        payload = await _page_entry(settings, table, locale, path, shared[locale])
        if payload:
            yield page_key(locale, path), payload


async def _previous(root: Path, store: BuildStore | None) -> Previous | None:
    """The current build: the local folder's, or the bucket's (its index copied here)."""
    if store is None:
        build = pointed_build(root)
        return read_build(root / build) if build else None
    pointer = await store.pointer()
    if pointer is None or pointer.build is None:
        return None
    await store.pull_index(pointer.build)
    return read_build(root / pointer.build)


@dataclass(frozen=True)
class _Made:
    """One entry of the new build: its key, payload, payload bytes, ETag and file name."""

    key: str
    payload: dict[str, Any]
    body: bytes
    etag: str
    name: str


async def _make(
    settings: Settings,
    table: RouteTable,
    renderer: str,
    reusable: Previous | None,
    changes: list[Change],
) -> tuple[list[_Made], dict[int, dict[str, Any]], set[str]]:
    """The entries (all, or those the changes touch), the rendered ones by number, and the
    previous keys they replace. Pages are rendered while the next payloads are computed."""
    known = {meta["payload"] for meta in reusable.index.values()} if reusable else set()
    # (an index names its files relative to its build folder: ../files/<name>.json)
    pool = RenderPool(settings)
    made: list[_Made] = []
    try:
        # A publish of changes computes a few entries: of the collections it keeps only the
        # page tree (every page's path), not all the shop's products, articles and pages.
        kept = [content.PAGE_TREE] if changes and reusable else None
        async with db.session(settings.database_url), db.read_once(only=kept):
            if changes and reusable:
                targets, replaced = await _changed_targets(table, reusable.index, changes)
                source = _collect_at(settings, table, targets)
            else:
                source, replaced = _collect(settings, table), set()
            async for key, payload in source:
                body, etag = encode_payload(payload)
                name = file_name(renderer, body)
                if f"../{FILES}/{name}.json" not in known:
                    pool.add(len(made), payload["route"]["path"], payload)
                made.append(_Made(key, payload, body, etag, name))
        return made, await pool.results(), replaced
    finally:
        pool.cancel()  # a failed publish leaves no renderer running


def _write_build(
    root: Path,
    build_id: str,
    renderer: str,
    made: list[_Made],
    rendered: dict[int, dict[str, Any]],
    reusable: Previous | None,
    kept: dict[str, dict[str, Any]],
) -> int:
    """Writes the build's files and index; the number of entries."""
    heads = {meta["payload"]: meta["head"] for meta in reusable.index.values()} if reusable else {}
    files, folder = root / FILES, root / build_id
    folder.mkdir(parents=True)
    index: dict[str, dict[str, Any]] = dict(kept)
    for number, entry in enumerate(made):
        payload, html = f"../{FILES}/{entry.name}.json", f"../{FILES}/{entry.name}.html"
        if number in rendered:
            write_file(files, f"{entry.name}.json", entry.body)
            write_file(files, f"{entry.name}.html", rendered[number]["html"].encode())
            head = published_head(entry.payload, rendered[number]["head"])
        else:
            head = heads[payload]
        index[entry.key] = {
            "payload": payload,
            "html": html,
            "etag": entry.etag,
            "head": head,
            "status": entry.payload["status"],
            "sources": sources(entry.payload),
        }
    write_file(folder, "index.json", json.dumps(index, ensure_ascii=False).encode())
    write_file(folder, BUILD_FILE, json.dumps({"renderer": renderer}).encode())
    return len(index)


async def publish(
    settings: Settings, table: RouteTable | None = None, changes: Sequence[Change] = ()
) -> PublishResult:
    """Everything, or with ``changes`` only what they touch (over the current build)."""
    started = time.perf_counter()
    table = table or RouteTable.load(settings.routes_file)
    store = open_build_store(settings)
    try:
        build_id, entries, rendered = await _publish(settings, table, list(changes), store)
    finally:
        if store is not None:
            await store.aclose()
    await edge.bump(settings)  # the API's kept answers follow what was published
    if store is not None:
        await announce(settings, build_id)
    return PublishResult(build_id, entries, time.perf_counter() - started, rendered)


async def _publish(
    settings: Settings, table: RouteTable, changes: list[Change], store: BuildStore | None
) -> tuple[str, int, int]:
    """The new build's id, its number of entries and how many were rendered anew. Written in
    the local folder; with a bucket, sent to it (the files rendered anew, then the index) and
    made current there: every instance, this one too, copies it from there."""
    root = settings.publish_dir
    root.mkdir(parents=True, exist_ok=True)
    renderer = renderer_id(settings)
    previous = await _previous(root, store)
    reusable = previous if previous and previous.renderer == renderer else None
    if changes and reusable is None:
        raise PublishError("nothing to publish changes over (no build, or the SPA was rebuilt)")
    try:
        made, rendered, replaced = await _make(settings, table, renderer, reusable, changes)
    except RenderError as exc:
        raise PublishError(str(exc)) from exc
    kept = (
        {key: meta for key, meta in reusable.index.items() if key not in replaced}
        if changes and reusable
        else {}
    )
    build_id = datetime.now(UTC).strftime("%Y%m%d%H%M%S") + "-" + secrets.token_hex(3)
    entries = _write_build(root, build_id, renderer, made, rendered, reusable, kept)
    if store is None:
        point_here(root, build_id)
    else:
        written = {f"{made[number].name}{suffix}" for number in rendered for suffix in SUFFIXES}
        await store.push(build_id, written)
        await store.point(build_id)
    prune_builds(root, build_id, collect=not changes)
    return build_id, entries, len(rendered)
