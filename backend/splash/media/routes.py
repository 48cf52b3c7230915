"""The studio's media library: list, upload, one item, its alt texts, where it is used,
replace and delete. Every change is logged. Uploads stream (``stream=True``): the app's
request size limit holds for every other route, and an upload is refused with a 413 as soon as
it passes ``SPLASH_MEDIA_MAX_BYTES``."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.media import services
from splash.media.models import MediaItem
from splash.media.schemas import (
    AltChange,
    MediaAnswer,
    MediaItemPublic,
    MediaList,
    MediaMeta,
    UsePublic,
    UsesAnswer,
)
from splash.shared import outbox
from splash.shared.collections import parse_id
from splash.shared.http.openapi import WHOLE_ID, Parameter, documented
from splash.shared.http.request import json_body, query_str, query_whole
from splash.shared.http.response import public
from splash.shared.http.uploads import uploaded_file
from splash.staff import activity
from splash.staff.requests import actor, studio_route
from splash.staff.vocabulary import Action, Permission, SubjectType

bp = Blueprint("studio_media", url_prefix="/studio")

MEDIA_ID = Parameter("media_id", "path", "The library item's id", schema=WHOLE_ID)
FIELD = "file"


def _summary(item: MediaItem) -> dict[str, object]:
    return {"fileName": item.file_name, "format": item.format.value, "url": item.url}


async def _sent(request: Request) -> services.Upload:
    sent = await uploaded_file(request, FIELD, request.app.ctx.settings.media_max_bytes)
    return services.Upload(sent.name, sent.data)


@bp.get("/media")
@documented(
    "The media library, newest first, one page; q: part of a file name",
    tag="studio",
    response=MediaList,
    parameters=(
        Parameter("q", "query", "Part of a file name"),
        Parameter("page", "query", "1 to 10,000 (default 1)"),
        Parameter("pageSize", "query", "1 to 100 (default 48)"),
    ),
    errors=(401, 403),
)
@studio_route(Permission.CONTENT)
async def list_media(request: Request) -> HTTPResponse:
    page = query_whole(request, "page", 1, 10_000)
    size = query_whole(request, "pageSize", 48, 100)
    found, total = await services.items(query_str(request, "q"), (page - 1) * size, size)
    meta = MediaMeta(page=page, page_size=size, total=total)
    return public(MediaList(data=[MediaItemPublic.of(item) for item in found], meta=meta))


@bp.post("/media", stream=True)
@documented(
    "Upload an image (JPEG, PNG, WebP, AVIF; checked by its content) as the part file: stored"
    " without metadata; its responsive variants follow from the worker",
    tag="studio",
    upload=FIELD,
    response=MediaAnswer,
    status=201,
    errors=(401, 403, 413, 415),
)
@studio_route(Permission.CONTENT)
async def upload(request: Request) -> HTTPResponse:
    sent = await _sent(request)
    who = actor(request)
    async with outbox.transaction():
        item = await services.upload(sent, who.label, request.app.ctx.settings)
        subject = (SubjectType.MEDIA, item.id)
        await activity.record(who, Action.MEDIA_UPLOADED, subject, after=_summary(item))
    return public(MediaAnswer(data=MediaItemPublic.of(item)), status=201)


@bp.get("/media/<media_id:str>")
@documented(
    "One library item: its file, variants and alt texts",
    tag="studio",
    response=MediaAnswer,
    parameters=(MEDIA_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def media_item(request: Request, media_id: str) -> HTTPResponse:
    item = await services.item(parse_id(media_id))
    return public(MediaAnswer(data=MediaItemPublic.of(item)))


@bp.get("/media/<media_id:str>/uses")
@documented(
    "Where a library item is used: pages, articles and products, in every language",
    tag="studio",
    response=UsesAnswer,
    parameters=(MEDIA_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def media_uses(request: Request, media_id: str) -> HTTPResponse:
    found = await services.uses(parse_id(media_id))
    return public(UsesAnswer(data=[UsePublic.of(use) for use in found]))


@bp.patch("/media/<media_id:str>/alt")
@documented(
    "Set alt texts per language (an empty text removes that language's); others stay",
    tag="studio",
    body=AltChange,
    response=MediaAnswer,
    parameters=(MEDIA_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def change_alt(request: Request, media_id: str) -> HTTPResponse:
    wanted = parse_id(media_id)
    body = json_body(request, AltChange)
    async with outbox.transaction():
        before, item = await services.set_alt(wanted, {str(k): v for k, v in body.alt.items()})
        subject = (SubjectType.MEDIA, item.id)
        after = dict(item.alt)
        await activity.record(
            actor(request), Action.MEDIA_ALT_CHANGED, subject, before=before, after=after
        )
    return public(MediaAnswer(data=MediaItemPublic.of(item)))


@bp.put("/media/<media_id:str>/file", stream=True)
@documented(
    "Replace a library item's file (the part file): the same id, so every use keeps it and"
    " shows the new file once published again; alt texts stay",
    tag="studio",
    upload=FIELD,
    response=MediaAnswer,
    parameters=(MEDIA_ID,),
    errors=(401, 403, 404, 413, 415),
)
@studio_route(Permission.CONTENT)
async def replace(request: Request, media_id: str) -> HTTPResponse:
    wanted = parse_id(media_id)
    sent = await _sent(request)
    async with outbox.transaction():
        before = _summary(await services.item(wanted))
        item = await services.replace(wanted, sent, request.app.ctx.settings)
        subject = (SubjectType.MEDIA, item.id)
        after = _summary(item)
        await activity.record(
            actor(request), Action.MEDIA_REPLACED, subject, before=before, after=after
        )
    return public(MediaAnswer(data=MediaItemPublic.of(item)))


@bp.delete("/media/<media_id:str>")
@documented(
    "Delete a library item and its files (answers what it was); refused (409, naming every"
    " use) while it is used",
    tag="studio",
    response=MediaAnswer,
    parameters=(MEDIA_ID,),
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.CONTENT)
async def delete(request: Request, media_id: str) -> HTTPResponse:
    wanted = parse_id(media_id)
    async with outbox.transaction():
        item = await services.delete(wanted)
        subject = (SubjectType.MEDIA, item.id)
        await activity.record(actor(request), Action.MEDIA_DELETED, subject, before=_summary(item))
    await services.forget_files(wanted, request.app.ctx.settings)
    return public(MediaAnswer(data=MediaItemPublic.of(item)))
