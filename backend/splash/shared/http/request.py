"""Per-request helpers every route shares: the parsed query, the domain's locale, the client."""

from __future__ import annotations

from functools import cached_property
from ipaddress import ip_address, ip_network
from typing import Any, TypeVar
from urllib.parse import parse_qs

from pydantic import BaseModel
from pydantic import ValidationError as PydanticValidationError
from sanic import Request
from sanic.headers import parse_content_header
from sanic.request.form import parse_multipart_form
from sanic.response.types import HEADER_TRANSLATION_TABLE

from splash.core.errors import (
    UnsupportedMediaTypeError,
    ValidationError,
    field_error,
    from_pydantic,
)
from splash.shared.http import randomness
from splash.shared.http.query import Query, QueryError, parse_query


class SplashRequest(Request):
    """Sanic's request, with a cheaper id: the client's ``X-Request-ID`` without line breaks or
    NULs (so it goes into a header or a log line as it is), else :func:`randomness.request_id`.
    Sanic's own made a ``uuid4`` and then read it back as a UUID: with ``os.urandom``, about a
    sixth of the CPU of a payload answered from the edge.

    Its path and host are worked out once (Sanic's decode the target, and read the headers,
    each time): the edge, the locale and the access log each ask for them."""

    @cached_property
    def path(self) -> str:  # type: ignore[override]
        return super().path

    @cached_property
    def host(self) -> str:  # type: ignore[override]
        return super().host

    @property
    def id(self) -> str:  # type: ignore[override]
        if not self._id:
            given = self.headers.getone(self.app.config.REQUEST_ID_HEADER, "")
            self._id = given.translate(HEADER_TRANSLATION_TABLE) or randomness.request_id()
        return self._id  # type: ignore[return-value]


def query(request: Request) -> Query:
    """The bracket-notation query of this request, parsed once (400 past the spec's limits)."""
    if not hasattr(request.ctx, "query"):
        try:
            request.ctx.query = parse_query(request.query_string)
        except QueryError as exc:
            raise ValidationError.for_field(
                ["query"] if exc.key is None else ["query", exc.key], str(exc)
            ) from None
    parsed: Query = request.ctx.query
    return parsed


Body = TypeVar("Body", bound=BaseModel)


def json_body(request: Request, model: type[Body]) -> Body:
    """The JSON body checked against ``model``: a 415 unless it is sent as JSON (a cross-site
    page cannot send that without our consent), a 400 naming each failing field."""
    require_json(request)
    if not isinstance(request.json, dict):
        raise ValidationError.for_field(["body"], "Send a JSON object")
    try:
        return model.model_validate(request.json)
    except PydanticValidationError as exc:
        raise from_pydantic(exc) from None


def require_json(request: Request) -> None:
    """A 415 unless the body is declared ``application/json`` (parameters such as charset are
    fine); ``text/plain`` and form encodings are what cross-site pages can send unasked. No body
    at all is left to the 400 that names the missing body."""
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if request.body and media_type != "application/json":
        raise UnsupportedMediaTypeError(
            "Send the body as application/json",
            {"errors": [field_error(["header", "content-type"], "Must be application/json")]},
        )


FORM = "application/x-www-form-urlencoded"
MULTIPART = "multipart/form-data"
MAX_FORM_FIELDS = 20


def form_body(request: Request, model: type[Body]) -> Body:
    """An ``application/x-www-form-urlencoded`` body (a payment provider's webhook, a plain
    HTML form) checked against ``model``: a 415 for another encoding, a 400 naming the field
    for a missing, repeated or invalid one, or for bytes that are not UTF-8. Fields the model
    does not declare are ignored, never read."""
    media_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if media_type != FORM:
        raise UnsupportedMediaTypeError(
            f"Send the body as {FORM}",
            {"errors": [field_error(["header", "content-type"], f"Must be {FORM}")]},
        )
    fields = _urlencoded(request.body)
    declared = [field.alias or name for name, field in model.model_fields.items()]
    for name in declared:  # never echo a field the model does not know
        if len(fields.get(name, ())) > 1:
            raise ValidationError.for_field([name], f"{name} must be a single value")
    try:
        return model.model_validate({name: fields[name][0] for name in declared if name in fields})
    except PydanticValidationError as exc:
        raise from_pydantic(exc) from None


def _urlencoded(body: bytes | None) -> dict[str, list[str]]:
    try:
        text = (body or b"").decode("utf-8")
        return parse_qs(text, errors="strict", max_num_fields=MAX_FORM_FIELDS)
    except UnicodeDecodeError:
        raise ValidationError.for_field(["body"], "The form is not valid UTF-8") from None
    except ValueError:
        message = f"A form has at most {MAX_FORM_FIELDS} fields"
        raise ValidationError.for_field(["body"], message) from None


def form_field(request: Request, name: str) -> str | None:
    """The first value of the text field ``name`` of a ``multipart/form-data`` or
    ``application/x-www-form-urlencoded`` body; None for another body or without the field.

    Instead of Sanic's ``request.form``, which logs an ERROR with a traceback for a body it
    cannot parse and answers an empty form: a multipart type without a boundary is a 400 naming
    the content type, a body that does not parse (a part header without a colon, bytes that
    are not its charset, an unknown charset) a 400 naming the body.
    """
    media_type, parameters = parse_content_header(request.headers.get("content-type", ""))
    if media_type == FORM:
        return next(iter(_urlencoded(request.body).get(name, ())), None)
    if media_type != MULTIPART:
        return None
    boundary = parameters.get("boundary")
    if not isinstance(boundary, str) or not boundary:
        message = f"{MULTIPART} needs a boundary"
        raise ValidationError.for_field(["header", "content-type"], message)
    try:
        fields, _files = parse_multipart_form(request.body or b"", boundary.encode("utf-8"))
    except (ValueError, LookupError):  # UnicodeDecodeError is a ValueError
        raise ValidationError.for_field(["body"], "The multipart form does not parse") from None
    value = fields.get(name)
    return value if isinstance(value, str) else None


def query_str(request: Request, name: str, default: str | None = None) -> str | None:
    value: Any = query(request).get(name, default)
    if value is not None and not isinstance(value, str):
        raise ValidationError.for_field(["query", name], f"{name} must be a single value")
    return value


def query_whole(request: Request, name: str, default: int, most: int) -> int:
    """A whole number 1 to ``most`` from the query (a page, a page size); ``default`` when left
    out."""
    raw = query_str(request, name)
    if raw is None:
        return default
    if not raw.isdigit() or not 1 <= int(raw) <= most:
        raise ValidationError.for_field(["query", name], f"{name} must be 1 to {most}")
    return int(raw)


def client_address(request: Request, trusted_proxies: tuple[str, ...]) -> str:
    """The peer address; the forwarded one only when the peer is a configured trusted proxy."""
    peer = request.conn_info.client_ip if request.conn_info else request.ip
    forwarded = request.headers.get("x-forwarded-for")
    if forwarded and trusted_proxies and _is_trusted(peer, trusted_proxies):
        return forwarded.split(",")[-1].strip()
    return peer


def _is_trusted(peer: str, trusted: tuple[str, ...]) -> bool:
    try:
        address = ip_address(peer)
    except ValueError:
        return False
    return any(address in ip_network(net, strict=False) for net in trusted)
