"""Domain errors. Services raise these; ``shared.http.errors`` maps them to the error envelope.

Pure: no Sanic, so services and pure modules can raise them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import ValidationError as PydanticValidationError


class ApiError(Exception):
    status = 500
    name = "ApplicationError"

    def __init__(
        self,
        message: str,
        details: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.details = details or {}
        self.headers = headers or {}


class ValidationError(ApiError):
    status = 400
    name = "ValidationError"

    @classmethod
    def for_field(cls, path: Sequence[str | int], message: str) -> ValidationError:
        return cls(message, {"errors": [field_error(path, message)]})


class UnauthorizedError(ApiError):
    status = 401
    name = "UnauthorizedError"


class ForbiddenError(ApiError):
    status = 403
    name = "ForbiddenError"


class NotFoundError(ApiError):
    status = 404
    name = "NotFoundError"


class ConflictError(ApiError):
    status = 409
    name = "ConflictError"


class PayloadTooLargeError(ApiError):
    """A body, or a file announced for upload, larger than the route takes."""

    status = 413
    name = "PayloadTooLargeError"


class UnsupportedMediaTypeError(ApiError):
    status = 415
    name = "UnsupportedMediaTypeError"


class RateLimitError(ApiError):
    status = 429
    name = "RateLimitError"


class ServiceUnavailableError(ApiError):
    """A service Splash depends on (the payment provider) cannot be reached: try again later
    (pass a ``retry-after`` header)."""

    status = 503
    name = "ServiceUnavailableError"


def field_error(path: Sequence[str | int], message: str) -> dict[str, Any]:
    return {"path": [str(p) for p in path], "message": message, "name": "ValidationError"}


def from_pydantic(exc: PydanticValidationError, prefix: Iterable[str] = ()) -> ValidationError:
    errors = [field_error([*prefix, *err["loc"]], err["msg"]) for err in exc.errors()]
    count = len(errors)
    message = errors[0]["message"] if count == 1 else f"{count} errors occurred"
    return ValidationError(message, {"errors": errors})
