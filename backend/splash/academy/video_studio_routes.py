"""The studio's lesson video panel: a video sent in resumable chunks (as tus does it: announce,
then ``PATCH`` chunks with ``Upload-Offset``, ask the offset again after a break), the worker's
import polled, captions per language (WebVTT) and a poster. Editors and owners
(``Permission.CONTENT``); every change is in the activity log."""

from __future__ import annotations

from collections.abc import Awaitable

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.academy import lesson_media, video_panel, video_uploads
from splash.academy.storage import create_storage
from splash.academy.video_schemas import LessonVideoAnswer, VideoUploadAnswer, VideoUploadCreate
from splash.academy.video_upload_models import VideoUpload
from splash.core.errors import UnsupportedMediaTypeError, ValidationError, field_error
from splash.editing import publishing
from splash.shared import outbox
from splash.shared.collections import parse_id
from splash.shared.http.openapi import LOCALE, WHOLE_ID, Parameter, documented
from splash.shared.http.request import json_body
from splash.shared.http.response import public
from splash.staff import activity
from splash.staff.requests import actor, require_staff, studio_route
from splash.staff.vocabulary import Action, Permission, SubjectType

bp = Blueprint("studio_lesson_videos", url_prefix="/studio")

LESSON_ID = Parameter("lesson_id", "path", "The lesson's id", schema=WHOLE_ID)
UPLOAD_ID = Parameter("upload_id", "path", "The upload's id", schema=WHOLE_ID)
LOCALE_PATH = Parameter("locale", "path", "The captions' language", schema=LOCALE)
OFFSET = Parameter(
    "upload-offset", "header", "Where the chunk starts", True, schema={"pattern": "^[0-9]{1,15}$"}
)
CHUNK_TYPES = ("application/octet-stream", "application/offset+octet-stream")
EDITED = (400, 401, 403, 404, 409)


def _media_type(request: Request, allowed: tuple[str, ...], what: str) -> None:
    sent = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if not any(sent == kind or (kind.endswith("/") and sent.startswith(kind)) for kind in allowed):
        raise UnsupportedMediaTypeError(
            f"Send {what}",
            {"errors": [field_error(["header", "content-type"], f"Must be {allowed[0]}")]},
        )


def _offset(request: Request) -> int:
    raw = request.headers.get("upload-offset", "")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 15):
        raise ValidationError.for_field(["header", "upload-offset"], "Send a whole number")
    return int(raw)


def _upload_answer(request: Request, row: VideoUpload, status: int = 200) -> HTTPResponse:
    answer = VideoUploadAnswer(data=video_panel.upload_public(row, request.app.ctx.settings))
    return public(answer, status=status, headers={"upload-offset": str(row.received)})


@bp.get("/lessons/<lesson_id:str>/video")
@documented(
    "A lesson's video as it plays now (captions, poster) and its newest upload",
    tag="studio",
    response=LessonVideoAnswer,
    parameters=(LESSON_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def lesson_video(request: Request, lesson_id: str) -> HTTPResponse:
    found = await video_panel.lesson_video(parse_id(lesson_id), request.app.ctx.settings)
    return public(LessonVideoAnswer(data=found))


@bp.post("/lessons/<lesson_id:str>/video/uploads")
@documented(
    "Announce a lesson video (name, type, size in bytes) to send in chunks; answers its upload"
    " (413 past SPLASH_VIDEO_UPLOAD_MAX_BYTES)",
    tag="studio",
    body=VideoUploadCreate,
    response=VideoUploadAnswer,
    status=201,
    parameters=(LESSON_ID,),
    errors=(401, 403, 404, 413),
)
@studio_route(Permission.CONTENT)
async def start_upload(request: Request, lesson_id: str) -> HTTPResponse:
    wanted = parse_id(lesson_id)
    body = json_body(request, VideoUploadCreate)
    member = await require_staff(request)
    settings = request.app.ctx.settings
    row = await video_uploads.start(
        wanted, body.file_name, body.size, body.content_type, member.id, settings
    )
    return _upload_answer(request, row, status=201)


@bp.get("/video-uploads/<upload_id:str>")
@documented(
    "An upload's state: the bytes received (where to go on after a break; also in the"
    " Upload-Offset header), then the import's stage, percent and failure",
    tag="studio",
    response=VideoUploadAnswer,
    parameters=(UPLOAD_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.CONTENT)
async def upload_state(request: Request, upload_id: str) -> HTTPResponse:
    return _upload_answer(request, await video_uploads.find(parse_id(upload_id)))


@bp.patch("/video-uploads/<upload_id:str>")
@documented(
    "One chunk of an upload (application/octet-stream) starting at Upload-Offset; 409"
    " with the right offset when it starts elsewhere; the last byte queues the import",
    tag="studio",
    response=VideoUploadAnswer,
    parameters=(UPLOAD_ID, OFFSET),
    errors=(401, 403, 404, 409, 413, 415),
)
@studio_route(Permission.CONTENT)
async def upload_chunk(request: Request, upload_id: str) -> HTTPResponse:
    wanted = parse_id(upload_id)
    _media_type(request, CHUNK_TYPES, "the chunk as application/octet-stream")
    offset = _offset(request)

    async def uploaded(row: VideoUpload) -> None:
        after = {"fileName": row.file_name, "size": row.size, "upload": row.id}
        subject = (SubjectType.LESSON, row.lesson_id)
        await activity.record(actor(request), Action.VIDEO_UPLOADED, subject, after=after)

    settings = request.app.ctx.settings
    row = await video_uploads.receive(wanted, offset, request.body or b"", settings, uploaded)
    return _upload_answer(request, row)


async def _logged(
    request: Request, lesson_id: int, action: Action, work: Awaitable[lesson_media.Change]
) -> None:
    """The change and its activity entry in one transaction."""
    async with outbox.transaction():
        change = await work
        subject = (SubjectType.LESSON, lesson_id)
        await activity.record(
            actor(request), action, subject, before=change.before, after=change.after
        )
        await publishing.republish_everything()  # the lesson's pages name its captions, poster


@bp.put("/lessons/<lesson_id:str>/captions/<locale:str>")
@documented(
    "A lesson's captions in one language (text/vtt, checked: 400 naming the line); answers the"
    " lesson's video",
    tag="studio",
    response=LessonVideoAnswer,
    parameters=(LESSON_ID, LOCALE_PATH),
    errors=(*EDITED, 415),
)
@studio_route(Permission.CONTENT)
async def put_captions(request: Request, lesson_id: str, locale: str) -> HTTPResponse:
    wanted = parse_id(lesson_id)
    _media_type(request, ("text/vtt",), "the captions as text/vtt")
    settings = request.app.ctx.settings
    storage = create_storage(settings)
    work = lesson_media.put_captions(wanted, locale, request.body or b"", storage)
    try:
        await _logged(request, wanted, Action.CAPTIONS_CHANGED, work)
    finally:
        await storage.aclose()
    return public(LessonVideoAnswer(data=await video_panel.lesson_video(wanted, settings)))


@bp.delete("/lessons/<lesson_id:str>/captions/<locale:str>")
@documented(
    "Remove a lesson's captions in one language; answers the lesson's video",
    tag="studio",
    response=LessonVideoAnswer,
    parameters=(LESSON_ID, LOCALE_PATH),
    errors=EDITED,
)
@studio_route(Permission.CONTENT)
async def remove_captions(request: Request, lesson_id: str, locale: str) -> HTTPResponse:
    wanted = parse_id(lesson_id)
    work = lesson_media.remove_captions(wanted, locale)
    await _logged(request, wanted, Action.CAPTIONS_CHANGED, work)
    settings = request.app.ctx.settings
    return public(LessonVideoAnswer(data=await video_panel.lesson_video(wanted, settings)))


@bp.put("/lessons/<lesson_id:str>/poster")
@documented(
    "A lesson's poster from a JPEG, PNG or WebP image (checked by its content, stored as WebP"
    " without metadata); answers the lesson's video",
    tag="studio",
    response=LessonVideoAnswer,
    parameters=(LESSON_ID,),
    errors=(*EDITED, 415),
)
@studio_route(Permission.CONTENT)
async def put_poster(request: Request, lesson_id: str) -> HTTPResponse:
    wanted = parse_id(lesson_id)
    _media_type(request, ("image/",), "the poster as an image (JPEG, PNG or WebP)")
    settings = request.app.ctx.settings
    storage = create_storage(settings)
    work = lesson_media.put_poster(wanted, request.body or b"", storage)
    try:
        await _logged(request, wanted, Action.POSTER_CHANGED, work)
    finally:
        await storage.aclose()
    return public(LessonVideoAnswer(data=await video_panel.lesson_video(wanted, settings)))
