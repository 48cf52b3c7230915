"""The one error envelope: ``{"data": null, "error": {status, name, message, details}}``.

Services raise the domain errors of ``core.errors``; ``install`` maps them, and anything Sanic or
Pydantic raises, to the envelope. A database lock that outlasts the configured wait is a 503
with Retry-After (busy, not broken); a request's waits for locks count together from its start
(``db.count_lock_waits``: on SQLite it waits the busy timeout in total). A request cut off by
the response timeout is a 503 and a warning (slow, not broken); a client that hangs up before
its answer is logged as 499.
Unknown exceptions become a 500 whose message reveals nothing; they are logged with the request
id.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError
from sanic import Request, Sanic
from sanic.constants import HTTP_METHODS
from sanic.exceptions import (
    MethodNotAllowed,
    RequestCancelled,
    SanicException,
    ServiceUnavailable,
)
from sanic.response import HTTPResponse

from splash.core import db
from splash.core.errors import ApiError, from_pydantic
from splash.shared.http.response import public

log = logging.getLogger("splash.errors")


class ErrorBody(BaseModel):
    status: int
    name: str
    message: str
    details: dict[str, Any]


# Every failure's answer; the API document references it for each error status (a docstring
# would become its published description).
class ErrorEnvelope(BaseModel):
    data: None = None
    error: ErrorBody


def envelope(
    status: int,
    name: str,
    message: str,
    details: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> HTTPResponse:
    error = ErrorBody(status=status, name=name, message=message, details=details or {})
    return public(ErrorEnvelope(data=None, error=error), status=status, headers=headers)


_SANIC_NAMES = {
    400: "BadRequestError",
    401: "UnauthorizedError",
    403: "ForbiddenError",
    404: "NotFoundError",
    405: "MethodNotAllowedError",
    408: "RequestTimeoutError",
    413: "PayloadTooLargeError",
    416: "RangeNotSatisfiableError",
    503: "ServiceUnavailableError",
}


# nginx's code for "the client closed the connection before the answer": not a server error.
CLIENT_CLOSED_REQUEST = 499


def _database_busy(request: Request) -> HTTPResponse:
    # Retry after as long as this request waited for the lock: sooner would likely wait again.
    wait_ms = request.app.ctx.settings.database_busy_timeout_ms
    return envelope(
        503,
        "ServiceUnavailableError",
        "The database is busy; please try again in a moment",
        headers={"retry-after": str(max(1, math.ceil(wait_ms / 1000)))},
    )


def allowed_methods(request: Request) -> list[str]:
    """The methods the route of this request's path takes, asked of the router itself. Sanic
    names them in its 405 only when one handler holds the path: two handlers on one dynamic path
    (the test payment page's GET and POST) gave a 405 without ``Allow``."""
    router, host = request.app.router, request.headers.getone("host", None)
    allowed = []
    for method in HTTP_METHODS:
        try:
            router.get(request.path, method, host)
        except SanicException:
            continue
        allowed.append(str(method))
    return allowed


async def _count_lock_waits(request: Request) -> None:
    request.ctx.lock_waits = db.count_lock_waits()


def install(app: Sanic) -> None:
    # First of the request middleware: anything that writes runs after it.
    app.register_middleware(_count_lock_waits, "request", priority=1000)

    @app.exception(ApiError)
    async def _api_error(request: Request, exc: ApiError) -> HTTPResponse:
        return envelope(exc.status, exc.name, exc.message, exc.details, exc.headers)

    @app.exception(PydanticValidationError)
    async def _pydantic_error(request: Request, exc: PydanticValidationError) -> HTTPResponse:
        err = from_pydantic(exc)
        return envelope(err.status, err.name, err.message, err.details)

    @app.exception(SanicException)
    async def _sanic_error(request: Request, exc: SanicException) -> HTTPResponse:
        status = exc.status_code
        if isinstance(exc, ServiceUnavailable):  # Sanic's response timeout (http.connections)
            log.warning("response timeout", extra={"request_id": str(request.id)})
            return envelope(503, _SANIC_NAMES[503], "The request took too long; please try again")
        if status >= 500:
            log.exception("server error", extra={"request_id": str(request.id)})
            return envelope(500, "InternalServerError", "Internal Server Error")
        name = _SANIC_NAMES.get(status, "HttpError")
        headers = dict(exc.headers or {})
        if isinstance(exc, MethodNotAllowed):
            headers = {k: v for k, v in headers.items() if k.lower() != "allow"}
            headers["allow"] = ", ".join(allowed_methods(request))
        return envelope(status, name, str(exc) or name, headers=headers)

    # RequestCancelled is an asyncio.CancelledError (a BaseException), which Sanic's handler
    # registry accepts though its annotation says Exception.
    @app.exception(RequestCancelled)  # type: ignore[arg-type]
    async def _client_closed(request: Request, exc: RequestCancelled) -> HTTPResponse:
        # Never sent (the connection is gone); the access log records it as 499.
        return envelope(
            CLIENT_CLOSED_REQUEST, "ClientClosedRequest", "The client closed the request"
        )

    @app.exception(Exception)
    async def _unexpected(request: Request, exc: Exception) -> HTTPResponse:
        if db.is_busy(exc):
            log.warning("database busy", extra={"request_id": str(request.id)})
            return _database_busy(request)
        log.exception("unhandled error", extra={"request_id": str(request.id)})
        return envelope(500, "InternalServerError", "Internal Server Error")
