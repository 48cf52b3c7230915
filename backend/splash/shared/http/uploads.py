"""A file sent as one part of a ``multipart/form-data`` body to a streaming route
(``@bp.post(..., stream=True)``), read with a limit of its own: the app's request size limit
(``REQUEST_MAX_SIZE``) holds for every other route, and an upload past its limit is refused
with a 413 as soon as its declared length, or the bytes read so far, pass it — never read
whole first."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sanic import Request
from sanic.headers import parse_content_header
from sanic.request.form import parse_multipart_form

from splash.core.errors import (
    PayloadTooLargeError,
    UnsupportedMediaTypeError,
    ValidationError,
    field_error,
)

MULTIPART = "multipart/form-data"
ENVELOPE = 64 * 1024  # the part headers and boundaries around the file, at most


@dataclass(frozen=True)
class SentFile:
    name: str  # as the browser sent it: shown only, never a path
    data: bytes


def _too_large(field: str, most: int) -> PayloadTooLargeError:
    message = f"The file may be at most {most} bytes"
    return PayloadTooLargeError(message, {"errors": [field_error([field], message)]})


async def _body(request: Request, field: str, most: int) -> bytes:
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > most + ENVELOPE:
        raise _too_large(field, most)
    chunks: list[bytes] = []
    size = 0
    stream: Any = request.stream  # Http (HTTP/1.1) or ASGIApp: both read the next chunk
    while stream is not None and (chunk := await stream.read()) is not None:
        size += len(chunk)
        if size > most + ENVELOPE:
            raise _too_large(field, most)
        chunks.append(chunk)
    return b"".join(chunks) or (request.body or b"")


async def uploaded_file(request: Request, field: str, most: int) -> SentFile:
    """The file in the part ``field``: a 415 for another body type, a 400 naming ``field`` when
    it is missing or empty, a 413 past ``most`` bytes."""
    media_type, parameters = parse_content_header(request.headers.get("content-type", ""))
    if media_type != MULTIPART:
        raise UnsupportedMediaTypeError(
            f"Send the file as {MULTIPART}",
            {"errors": [field_error(["header", "content-type"], f"Must be {MULTIPART}")]},
        )
    boundary = parameters.get("boundary")
    if not isinstance(boundary, str) or not boundary:
        message = f"{MULTIPART} needs a boundary"
        raise ValidationError.for_field(["header", "content-type"], message)
    body = await _body(request, field, most)
    try:
        _fields, files = parse_multipart_form(body, boundary.encode("utf-8"))
    except (ValueError, LookupError):
        raise ValidationError.for_field(["body"], "The multipart form does not parse") from None
    sent = files.get(field)
    if sent is None or not sent.body:
        raise ValidationError.for_field([field], f"Send a non-empty file in the part {field}")
    if len(sent.body) > most:
        raise _too_large(field, most)
    return SentFile(sent.name or "", sent.body)
