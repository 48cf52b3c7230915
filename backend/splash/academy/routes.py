"""The academy's API (contracts/academy-api.md): a parent's view of a course and their progress,
and what the player needs — access, the short-lived key token and the key itself."""

from __future__ import annotations

from datetime import UTC, datetime

from sanic import Blueprint, Request, raw
from sanic.response import HTTPResponse

from splash.academy import videos
from splash.collections import parse_id
from splash.http.context import current_user
from splash.http.openapi import WHOLE_ID, Parameter, documented
from splash.http.ratelimit import rate_limited
from splash.http.request import query_str
from splash.http.response import public

bp = Blueprint("academy")

# --- courses and progress ------------------------------------------------------------------------


# --- video ---------------------------------------------------------------------------------------

LESSON_ID = Parameter("lesson_id", "path", "The lesson's id", schema=WHOLE_ID)
NO_STORE = {"cache-control": "no-store"}
# A player fetches the key once per rendition it plays (and again after a token expires):
# generous for people, a wall for a script trying tokens.
KEY_LIMIT, KEY_WINDOW = 120, 60


@bp.get("/lessons/<lesson_id:str>/access")
@documented(
    "May the visitor watch the lesson (owned, free preview or locked), with a short-lived key "
    "token when they may, and where a signed-in parent left off",
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
