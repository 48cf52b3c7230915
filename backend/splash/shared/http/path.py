"""Path parameters as every API handler receives them: percent-decoded, and refused at the edge
when nothing can be stored under them.

Sanic matches routes on the raw path and hands a handler the raw segment (``%C2%B4``, not the
acute accent it encodes). ``decode_path_parameters`` runs before every documented operation (the
ones ``@documented`` describes, i.e. the API) and, for each path parameter:

- decodes it once (UTF-8); bytes that are not UTF-8, or U+0000, are a 400 naming the parameter;
- refuses a value longer than its documented ``max_length`` (the column it is looked up by, also
  published as ``maxLength`` in the OpenAPI document) with a 404, as for any unknown slug: no
  stored thing can have it, and the database is never asked (Tortoise's length check would
  otherwise raise a 500).

Static files and the HTML shell (``<relative:path>`` routes) are not documented operations and
keep their own handling.
"""

from __future__ import annotations

from urllib.parse import unquote

from sanic import Request

from splash.core.errors import NotFoundError, ValidationError
from splash.shared.http.openapi import PATH_MAX_LENGTH, Operation


async def decode_path_parameters(request: Request) -> None:
    route = request.route
    operation: Operation | None = getattr(route.handler, "__openapi__", None) if route else None
    if operation is None or not request.match_info:
        return
    limits = {p.name: p.max_length for p in operation.parameters if p.where == "path"}
    request.match_info = {
        name: _decoded(name, raw, limits.get(name, PATH_MAX_LENGTH))
        for name, raw in request.match_info.items()
    }


def _decoded(name: str, raw: str, max_length: int) -> str:
    try:
        value = unquote(raw, errors="strict")
    except UnicodeDecodeError:
        raise ValidationError.for_field(["path", name], f"{name} is not valid UTF-8") from None
    if "\x00" in value:  # PostgreSQL cannot compare text holding U+0000
        raise ValidationError.for_field(["path", name], f"{name} holds a NUL character")
    if len(value) > max_length:
        raise NotFoundError(f"No {name} {value[:max_length]!r}… (longer than {max_length})")
    return value
