"""The academy's API (contracts/academy-api.md): a parent's view of a course and their progress,
and what the player needs — access, the short-lived key token and the key itself."""

from __future__ import annotations

from datetime import UTC, datetime

from sanic import Blueprint, Request, raw
from sanic.response import HTTPResponse

from splash.academy import services, videos
from splash.academy.schemas import (
    AcademyMeAnswer,
    CourseMeAnswer,
    ProgressAnswer,
    ProgressUpdate,
)
from splash.accounts.requests import current_user, require_user
from splash.orders.requests import current_device
from splash.shared.collections import parse_id
from splash.shared.http.context import domain_locale
from splash.shared.http.openapi import WHOLE_ID, Parameter, documented
from splash.shared.http.ratelimit import rate_limited
from splash.shared.http.request import json_body, query_str
from splash.shared.http.response import public

bp = Blueprint("academy")

PRIVATE = {"cache-control": "private, no-store"}

# --- courses and progress ------------------------------------------------------------------------


@bp.get("/courses/<course_id:str>/me")
@documented(
    "The signed-in parent's view of a course: access and progress per lesson, progress per "
    "level, the unlock buttons' prices for them, and where to continue. Signed out, the browser "
    "that paid a guest's order (its device pass cookie) sees what that order unlocked as owned, "
    "with no progress, at a guest's prices; else 401",
    tag="academy",
    response=CourseMeAnswer,
    errors=(401, 404),
    parameters=(Parameter("course_id", "path", "The course's id", schema=WHOLE_ID),),
)
async def course_me(request: Request, course_id: str) -> HTTPResponse:
    course, locale, table = parse_id(course_id), domain_locale(request), request.app.ctx.routes
    device = await current_device(request)
    if device is not None:
        found = await services.course_on_device(device, course, locale, table)
    else:
        user = await require_user(request)
        found = await services.course_me(user.id, course, locale, table)
    answer = public(CourseMeAnswer.model_validate({"data": found}))
    answer.headers.update(PRIVATE)
    return answer


@bp.get("/academy/me")
@documented(
    "The signed-in parent's courses (where they own or watched something), for the profile",
    tag="academy",
    response=AcademyMeAnswer,
    errors=(401,),
)
async def academy_me(request: Request) -> HTTPResponse:
    user = await require_user(request)
    found = await services.academy_me(user.id, domain_locale(request), request.app.ctx.routes)
    answer = public(AcademyMeAnswer.model_validate({"data": found}))
    answer.headers.update(PRIVATE)
    return answer


@bp.put("/lessons/<lesson_id:str>/progress")
@documented(
    "Save where the signed-in parent is in a lesson they may watch (position capped at the "
    "video's duration; completed stays completed)",
    tag="academy",
    body=ProgressUpdate,
    response=ProgressAnswer,
    errors=(401, 403, 404, 415),
    parameters=(Parameter("lesson_id", "path", "The lesson's id", schema=WHOLE_ID),),
)
async def save_progress(request: Request, lesson_id: str) -> HTTPResponse:
    user = await require_user(request)
    lesson = parse_id(lesson_id)
    update = json_body(request, ProgressUpdate)
    saved = await services.save_progress(user.id, lesson, update.position_ms, update.completed)
    return public(ProgressAnswer.model_validate({"data": saved}))


# --- video ---------------------------------------------------------------------------------------

LESSON_ID = Parameter("lesson_id", "path", "The lesson's id", schema=WHOLE_ID)
NO_STORE = {"cache-control": "no-store"}
# A player fetches the key once per rendition it plays (and again after a token expires):
# generous for people, a wall for a script trying tokens.
KEY_LIMIT, KEY_WINDOW = 120, 60


@bp.get("/lessons/<lesson_id:str>/access")
@documented(
    "May the visitor watch the lesson (owned, free preview or locked), with a short-lived key "
    "token when they may, and where a signed-in parent left off. Signed out, the browser that "
    "paid a guest's order (its device pass cookie) owns what that order unlocked",
    tag="academy",
    response=videos.LessonAccessAnswer,
    parameters=(LESSON_ID,),
    errors=(404,),
)
async def lesson_access(request: Request, lesson_id: str) -> HTTPResponse:
    user = await current_user(request)
    view = await videos.lesson_access(
        parse_id(lesson_id),
        user.id if user else None,
        request.app.ctx.settings.secret_key,
        datetime.now(UTC),
        await current_device(request),
    )
    response = public(videos.LessonAccessAnswer(data=view))
    response.headers.update(NO_STORE)
    return response


@bp.get("/lessons/<lesson_id:str>/key")
@documented(
    "The lesson's AES-128 key (16 bytes) for a valid key token of this lesson whose holder may "
    "still watch it; 403 for a missing, expired, tampered or foreign token",
    tag="academy",
    response=bytes,
    media_type="application/octet-stream",
    parameters=(
        LESSON_ID,
        Parameter("token", "query", "The key token the access call gave", required=True),
    ),
    errors=(403, 404, 429),
)
@rate_limited(KEY_LIMIT, KEY_WINDOW)
async def lesson_key(request: Request, lesson_id: str) -> HTTPResponse:
    key = await videos.lesson_key(
        parse_id(lesson_id),
        query_str(request, "token"),
        request.app.ctx.settings.secret_key,
        datetime.now(UTC),
    )
    return raw(key, content_type="application/octet-stream", headers=NO_STORE)
