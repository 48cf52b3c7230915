"""The studio's editing routes (``/api/studio/content/…``): drafts, publishing, scheduling,
history and preview links of every editable collection (``splash.editing``), and new entries
of the collections the studio makes from their list (variants, levels, lessons). An entry is
``/<collection>/<key>?locale=nl`` (no locale for the settings).

Every route declares ``Permission.CONTENT``; an entry of a collection that needs more (the
settings: ``Permission.SETTINGS``, owners only) is refused with 403 in the handler, by the
collection's own ``permission``. Saves, publishes, unpublishes, schedules and restores are in
the activity log (``splash.editing``)."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.core.errors import ForbiddenError, ValidationError
from splash.editing import creating, drafts, history, listing, preview, publishing
from splash.editing.drafts import EntryName
from splash.editing.editable import EDITABLES, Editable, editable
from splash.editing.models import Draft, Version
from splash.editing.schemas import (
    CollectionListAnswer,
    CollectionPublic,
    DiffAnswer,
    DraftAnswer,
    DraftPublic,
    DraftSave,
    EntryAnswer,
    EntryCreate,
    EntryListAnswer,
    EntryPublic,
    EntrySummaryPublic,
    FieldChangePublic,
    PreviewAnswer,
    PreviewLink,
    PublishRequest,
    ScheduleRequest,
    SlugAnswer,
    VersionAnswer,
    VersionListAnswer,
    VersionPublic,
)
from splash.editing.slugs import slugify
from splash.shared.http.openapi import Parameter, documented
from splash.shared.http.request import json_body, query_str
from splash.shared.http.response import public
from splash.staff.requests import actor, require_staff, studio_route
from splash.staff.vocabulary import ROLE_PERMISSIONS, Permission, Role

bp = Blueprint("studio_editing", url_prefix="/studio/content")

COLLECTION = Parameter("collection", "path", "page, article, menu or settings", required=True)
KEY = Parameter("key", "path", "The entry's key (a page's localization key)", required=True)
LOCALE = Parameter("locale", "query", "The entry's language (none for the settings)")
VERSION = Parameter("version", "path", "A version's number", required=True)
ENTRY = (COLLECTION, KEY, LOCALE)
TAG = "studio"


async def _allowed(request: Request, collection: str, found: Editable) -> None:
    """403 unless the signed-in role may edit the collection (the settings: owners)."""
    member = await require_staff(request)
    if found.permission not in ROLE_PERMISSIONS[Role(member.role)]:
        raise ForbiddenError(f"Your role ({member.role}) cannot edit {collection}")


def _locale(request: Request) -> str:
    return query_str(request, "locale", "") or ""


async def _entry(request: Request, collection: str, key: str) -> tuple[EntryName, Editable]:
    """The entry the path names, when the signed-in role may edit its collection."""
    name, found = drafts.entry_name(collection, key, _locale(request))
    await _allowed(request, collection, found)
    return name, found


async def _entry_answer(name: EntryName, found: Editable) -> EntryAnswer:
    state = await drafts.state(name, found)
    return EntryAnswer(
        data=EntryPublic(
            collection=name.collection,
            key=name.key,
            locale=name.locale,
            document=state.document,
            revision=state.revision,
            saved_by=state.saved_by,
            saved_at=state.saved_at,
            live=state.live,
            published_revision=state.published_revision,
            publish_at=state.publish_at,
            schedule_refused=state.schedule_refused,
            missing=state.missing,
        )
    )


def _number(raw: str, field: list[str] | None = None) -> int:
    if not raw.isdigit() or not 1 <= int(raw) <= 2_000_000_000:
        where = field or ["version"]
        raise ValidationError.for_field(where, "A version is a whole number from 1")
    return int(raw)


def _draft(draft: Draft) -> DraftAnswer:
    return DraftAnswer(
        data=DraftPublic(
            revision=draft.revision,
            saved_by=draft.saved_by_label,
            saved_at=draft.saved_at,
            publish_at=draft.publish_at,
        )
    )


def _version(version: Version) -> VersionPublic:
    return VersionPublic(
        number=version.number,
        published_by=version.published_by_label,
        published_at=version.published_at,
    )


@bp.get("/slug")
@documented(
    "A slug made from a title by a language's rules (ä → ae in German, å → a in Swedish)",
    tag=TAG,
    response=SlugAnswer,
    parameters=(
        Parameter("title", "query", "The title", required=True),
        Parameter("locale", "query", "The language", required=True),
    ),
    errors=(401, 403),
)
@studio_route(Permission.CONTENT)
async def slug(request: Request) -> HTTPResponse:
    title = query_str(request, "title", "") or ""
    locale = query_str(request, "locale", "") or ""
    if len(title) > 190:
        raise ValidationError.for_field(["query", "title"], "A title is at most 190 characters")
    return public(SlugAnswer(data=slugify(title, locale)))


@bp.get("/collections")
@documented(
    "Every editable collection, and whether the signed-in role may save and publish its "
    "entries (prices, offers and settings: owners only; the studio shows others no control)",
    tag=TAG,
    response=CollectionListAnswer,
    errors=(401, 403),
)
@studio_route(Permission.CONTENT)
async def collections(request: Request) -> HTTPResponse:
    member = await require_staff(request)
    held = ROLE_PERMISSIONS[Role(member.role)]
    return public(
        CollectionListAnswer(
            data=[
                CollectionPublic(
                    name=name,
                    localized=found.localized,
                    permission=found.permission.value,
                    editable=found.permission in held,
                )
                for name, found in EDITABLES.items()
            ]
        )
    )


@bp.get("/<collection:str>")
@documented(
    "Every entry of a collection in one language: live, translated (a missing translation "
    "when not), with unpublished changes",
    tag=TAG,
    response=EntryListAnswer,
    parameters=(COLLECTION, LOCALE),
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def entries(request: Request, collection: str) -> HTTPResponse:
    found, locale = editable(collection), _locale(request)
    drafts.check_locale(collection, found, locale)
    await _allowed(request, collection, found)
    listed = await listing.listing(collection, found, locale)
    return public(
        EntryListAnswer(
            data=[
                EntrySummaryPublic(
                    key=item.entry.key,
                    title=item.entry.title,
                    live=item.entry.live,
                    translated=item.entry.translated,
                    drafted=item.drafted,
                    path=item.entry.path,
                    category=item.entry.category,
                    date=item.entry.date,
                    id=item.entry.id,
                    video_ms=item.entry.video_ms,
                )
                for item in listed
            ]
        )
    )


@bp.post("/<collection:str>")
@documented(
    "Make a new entry live (a variant, a level, a lesson): 400 naming each bad field, 403 "
    "naming a field the role may not set (a variant's price: owners only), 409 naming ``key`` "
    "when it exists; answers the entry as it opens",
    tag=TAG,
    body=EntryCreate,
    response=EntryAnswer,
    parameters=(COLLECTION, LOCALE),
    errors=(401, 403, 404, 409),
    status=201,
)
@studio_route(Permission.CONTENT)
async def create(request: Request, collection: str) -> HTTPResponse:
    body = json_body(request, EntryCreate)
    name, found = creating.creatable(collection, body.key, _locale(request))
    await _allowed(request, collection, found)
    member = await require_staff(request)
    held = ROLE_PERMISSIONS[Role(member.role)]
    await creating.create(actor(request), name, found, body.fields, held)
    return public(await _entry_answer(name, found), status=201)


@bp.get("/<collection:str>/<key:str>")
@documented(
    "An entry: its draft (or what is live), revision, who saved it when, what is live, and "
    "the fields publishing still needs",
    tag=TAG,
    response=EntryAnswer,
    parameters=ENTRY,
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def entry(request: Request, collection: str, key: str) -> HTTPResponse:
    name, found = await _entry(request, collection, key)
    return public(await _entry_answer(name, found))


@bp.put("/<collection:str>/<key:str>")
@documented(
    "Save the entry's draft (autosave too), based on a revision: 409 with who saved a newer "
    "one and when; 400 naming each bad field (blocks.2.title)",
    tag=TAG,
    body=DraftSave,
    response=DraftAnswer,
    parameters=ENTRY,
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.CONTENT)
async def save(request: Request, collection: str, key: str) -> HTTPResponse:
    name, found = await _entry(request, collection, key)
    body = json_body(request, DraftSave)
    draft = await drafts.save(actor(request), name, found, body.document, body.revision)
    return public(_draft(draft))


@bp.post("/<collection:str>/<key:str>/publish")
@documented(
    "Publish the draft: refused (400) while required fields are empty; a version is kept and "
    "the public site republishes what changed",
    tag=TAG,
    body=PublishRequest,
    response=VersionAnswer,
    parameters=ENTRY,
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.CONTENT)
async def publish(request: Request, collection: str, key: str) -> HTTPResponse:
    name, found = await _entry(request, collection, key)
    body = json_body(request, PublishRequest)
    routes = request.app.ctx.routes
    version = await publishing.publish(actor(request), name, found, routes, body.revision)
    return public(VersionAnswer(data=_version(version)))


@bp.post("/<collection:str>/<key:str>/unpublish")
@documented(
    "Take the entry off the public site (its draft and versions stay)",
    tag=TAG,
    response=EntryAnswer,
    parameters=ENTRY,
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.CONTENT)
async def unpublish(request: Request, collection: str, key: str) -> HTTPResponse:
    name, found = await _entry(request, collection, key)
    await publishing.unpublish(actor(request), name, found, request.app.ctx.routes)
    return public(await _entry_answer(name, found))


@bp.put("/<collection:str>/<key:str>/schedule")
@documented(
    "Publish the draft at a chosen time (null: cancel); saving or publishing again cancels it",
    tag=TAG,
    body=ScheduleRequest,
    response=DraftAnswer,
    parameters=ENTRY,
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.CONTENT)
async def schedule(request: Request, collection: str, key: str) -> HTTPResponse:
    name, found = await _entry(request, collection, key)
    body = json_body(request, ScheduleRequest)
    draft = await publishing.schedule(actor(request), name, found, body.at, body.revision)
    return public(_draft(draft))


@bp.get("/<collection:str>/<key:str>/versions")
@documented(
    "The entry's published versions, newest first: who published each and when",
    tag=TAG,
    response=VersionListAnswer,
    parameters=ENTRY,
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def versions(request: Request, collection: str, key: str) -> HTTPResponse:
    name, _ = await _entry(request, collection, key)
    found = await history.versions(name)
    return public(VersionListAnswer(data=[_version(version) for version in found]))


@bp.get("/<collection:str>/<key:str>/versions/<version:str>/changes")
@documented(
    "What changed from version ``since`` (default: the one before) to this one: field paths "
    "with their values before and after",
    tag=TAG,
    response=DiffAnswer,
    parameters=(*ENTRY, VERSION, Parameter("since", "query", "The older version's number")),
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def changes(request: Request, collection: str, key: str, version: str) -> HTTPResponse:
    name, _ = await _entry(request, collection, key)
    newer = _number(version)
    since = query_str(request, "since")
    older = _number(since, ["query", "since"]) if since is not None else newer - 1
    found = await history.changes(name, older, newer) if older >= 1 else []
    answer = [FieldChangePublic(path=c.path, before=c.before, after=c.after) for c in found]
    return public(DiffAnswer(data=answer))


@bp.post("/<collection:str>/<key:str>/versions/<version:str>/restore")
@documented(
    "Make an old version the draft (publish it to make it live again)",
    tag=TAG,
    response=DraftAnswer,
    parameters=(*ENTRY, VERSION),
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def restore(request: Request, collection: str, key: str, version: str) -> HTTPResponse:
    name, _ = await _entry(request, collection, key)
    draft = await history.restore(actor(request), name, _number(version))
    return public(_draft(draft))


@bp.post("/<collection:str>/<key:str>/preview")
@documented(
    "A signed, expiring link to the draft on its language's domain, for anyone (no account)",
    tag=TAG,
    response=PreviewAnswer,
    parameters=ENTRY,
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def preview_link(request: Request, collection: str, key: str) -> HTTPResponse:
    name, _ = await _entry(request, collection, key)
    made = preview.link(request.app.ctx.settings, name)
    return public(PreviewAnswer(data=PreviewLink(url=made.url, expires_at=made.expires_at)))
