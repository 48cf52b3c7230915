"""The API describes itself: ``/api/openapi.json`` built from the Pydantic models each route
declares with ``@documented``, browsable at ``/api/docs``.

Schemas come from Pydantic itself (recursive models included); routes without ``@documented``
under the API prefix fail the completeness test, so nothing is left undescribed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, TypeAdapter
from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema
from sanic import Request, Sanic, html, json
from sanic.response import HTTPResponse

from splash.core.locales import LOCALES
from splash.shared.http.errors import ErrorEnvelope
from splash.shared.http.security_headers import csp_nonce

Handler = TypeVar("Handler", bound=Callable[..., Any])
REF = "#/components/schemas/{model}"
FORM = "application/x-www-form-urlencoded"


_DESCRIPTIONS = {
    400: "Invalid input (details.errors[].path names the field)",
    401: "Not signed in",
    403: "Not allowed",
    404: "Not found",
    409: "Conflict",
    413: "Too large (details.errors[].path names the field)",
    415: "Unsupported body encoding (details.errors[].path names the content-type header)",
    429: "Too many requests (see Retry-After)",
    503: "Unavailable for a moment: a service it needs cannot be reached (see Retry-After)",
}


_SUCCESS = {"201": "Created", "302": "Found (see Location)", "303": "See Other (see Location)"}


# The longest path parameter an operation takes unless it says otherwise: ids, form and menu
# names are all shorter. ``splash.shared.http.path`` answers 404 past it, before any lookup.
PATH_MAX_LENGTH = 64


@dataclass(frozen=True)
class Parameter:
    name: str
    where: str  # "query", "path" or "header"
    description: str
    required: bool = False
    # Path parameters: the length of the column the value is looked up by (published as
    # maxLength; longer values are a 404 at the edge, see splash.shared.http.path).
    max_length: int = PATH_MAX_LENGTH
    # What the operation accepts beyond "a string" (pattern, enum…), so the document promises
    # no more than the code takes and a fuzzer's valid requests are valid.
    schema: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Operation:
    summary: str
    tag: str
    response: Any = None
    body: Any = None
    parameters: tuple[Parameter, ...] = ()
    errors: tuple[int, ...] = ()
    status: int = 200
    multipart: bool = False  # the body is JSON in the form field ``data`` (PUT /users/me)
    media_type: str = "application/json"  # of the success answer (``str`` for an HTML page)
    # Further success statuses with the same answer (POST /orders: 200 replays the 201).
    also: tuple[int, ...] = ()
    form: bool = False  # the body is application/x-www-form-urlencoded (webhooks, HTML forms)
    upload: str | None = None  # the body is multipart/form-data: one file in the part named


def documented(
    summary: str,
    *,
    tag: str,
    response: Any = None,
    body: Any = None,
    parameters: tuple[Parameter, ...] = (),
    errors: tuple[int, ...] = (),
    status: int = 200,
    multipart: bool = False,
    media_type: str = "application/json",
    also: tuple[int, ...] = (),
    form: bool = False,
    upload: str | None = None,
) -> Callable[[Handler], Handler]:
    def mark(handler: Handler) -> Handler:
        operation = Operation(
            summary,
            tag,
            response,
            body,
            parameters,
            tuple(sorted({400, *errors})),
            status,
            multipart,
            media_type,
            also,
            form,
            upload,
        )
        setattr(handler, "__openapi__", operation)  # noqa: B010  # read by build_document
        return handler

    return mark


def _without_nul(node: Any) -> None:
    """Say of every free-text string (no pattern, enum or const of its own) that it holds no
    U+0000, as splash.core.schemas.RequestBody enforces; the answers never hold one either."""
    if isinstance(node, list):
        for item in node:
            _without_nul(item)
    elif isinstance(node, dict):
        if node.get("type") == "string" and not {"pattern", "enum", "const"} & node.keys():
            node["pattern"] = NO_NUL
        for value in node.values():
            _without_nul(value)


# JSON Schema's "integer" includes 25.0; a strict integer (every integer a request body takes:
# StrictInt, so that JSON's true is not a quantity of 1) refuses it, so the document says so.
STRICT_INTEGER = 'Written as a JSON integer: 25, not 25.0, 2.5e1, "25" or true.'
_STRICT = "x-splash-strict"


class _Schemas(GenerateJsonSchema):
    def int_schema(self, schema: core_schema.IntSchema) -> JsonSchemaValue:
        json_schema = super().int_schema(schema)
        if schema.get("strict"):
            json_schema[_STRICT] = True
        return json_schema


def _describe_strict_integers(node: Any) -> None:
    if isinstance(node, list):
        for item in node:
            _describe_strict_integers(item)
    elif isinstance(node, dict):
        if node.pop(_STRICT, False):
            own = node.get("description")
            node["description"] = f"{own}. {STRICT_INTEGER}" if own else STRICT_INTEGER
        for value in node.values():
            _describe_strict_integers(value)


def _schema(kind: Any, components: dict[str, Any]) -> dict[str, Any]:
    """The schema of a type; models go to components and are referenced by name."""
    schema = TypeAdapter(kind).json_schema(
        ref_template=REF, mode="serialization", by_alias=True, schema_generator=_Schemas
    )
    _without_nul(schema)
    _describe_strict_integers(schema)
    components.update(schema.pop("$defs", {}))
    if isinstance(kind, type) and issubclass(kind, BaseModel):
        components[kind.__name__] = schema
        return {"$ref": REF.format(model=kind.__name__)}
    return schema


# Shapes several operations share.
WHOLE_ID = {"pattern": "^[0-9]{1,12}$"}  # splash.shared.collections.parse_id
PAGE = {"pattern": "^[1-9][0-9]{0,3}$|^10000$"}  # 1 to MAX_PAGE
PAGE_SIZE = {"pattern": "^[1-9][0-9]?$|^100$"}  # 1 to MAX_PAGE_SIZE
LOCALE = {"enum": list(LOCALES)}
LOCALE_OR_DOMAINS = {"enum": ["", *LOCALES]}  # empty: the domain's locale
# No text the API takes holds U+0000 (refused at the edge: PostgreSQL cannot store it).
NO_NUL = "^[^\\u0000]*$"


def sort_of(*fields: str) -> dict[str, Any]:
    """``sort[0]``: one of ``fields``, optionally ``:asc`` or ``:desc``."""
    return {"pattern": f"^({'|'.join(fields)})(:(asc|desc))?$"}


def _parameter_schema(parameter: Parameter) -> dict[str, Any]:
    schema: dict[str, Any] = {"type": "string", "pattern": NO_NUL}
    if parameter.where == "path":
        schema.update(minLength=1, maxLength=parameter.max_length)
    elif parameter.required:
        schema["minLength"] = 1  # an empty value is a missing one
    return {**schema, **parameter.schema}


def _path(uri: str) -> str:
    parts = []
    for part in uri.strip("/").split("/"):
        if part.startswith("<") and part.endswith(">"):
            part = "{" + part[1:-1].split(":")[0] + "}"
        parts.append(part)
    return "/" + "/".join(parts)


def build_document(
    app: Sanic, prefix: str, published: tuple[type[BaseModel], ...] = ()
) -> dict[str, Any]:
    """``published``: models of what the site publishes outside the API (the page payloads of
    ``/_payload/<path>.json``), listed among the schemas with no operation of their own."""
    components: dict[str, Any] = {}
    paths: dict[str, dict[str, Any]] = {}
    error_ref = _schema(ErrorEnvelope, components)
    for model in published:
        _schema(model, components)
    for route in app.router.routes:
        operation: Operation | None = getattr(route.handler, "__openapi__", None)
        if operation is None:
            continue
        responses: dict[str, Any] = {}
        for status in (operation.status, *operation.also):
            success = str(status)
            responses[success] = {"description": _SUCCESS.get(success, "OK")}
            if operation.response is not None:
                responses[success]["content"] = {
                    operation.media_type: {"schema": _schema(operation.response, components)}
                }
        for status in operation.errors:
            responses[str(status)] = {
                "description": _DESCRIPTIONS[status],
                "content": {"application/json": {"schema": error_ref}},
            }
        spec: dict[str, Any] = {
            "summary": operation.summary,
            "tags": [operation.tag],
            "responses": responses,
            "operationId": route.name.replace(".", "_"),
            "parameters": [
                {
                    "name": p.name,
                    "in": p.where,
                    "description": p.description,
                    "required": p.required or p.where == "path",
                    "schema": _parameter_schema(p),
                }
                for p in operation.parameters
            ],
        }
        if operation.upload:
            part = {"type": "string", "format": "binary", "contentMediaType": "image/*"}
            schema = {
                "type": "object",
                "required": [operation.upload],
                "properties": {operation.upload: part},
            }
            content = {"multipart/form-data": {"schema": schema}}
            spec["requestBody"] = {"required": True, "content": content}
        elif operation.body is not None:
            schema = _schema(operation.body, components)
            if operation.multipart:
                field = {"type": "string", "contentMediaType": "application/json"}
                schema = {
                    "type": "object",
                    "required": ["data"],
                    "properties": {"data": {**field, "contentSchema": schema}},
                }
            media = (
                "multipart/form-data"
                if operation.multipart
                else FORM
                if operation.form
                else "application/json"
            )
            spec["requestBody"] = {"required": True, "content": {media: {"schema": schema}}}
        for method in route.methods:
            if method not in ("HEAD", "OPTIONS"):
                paths.setdefault(_path(route.uri), {})[method.lower()] = spec
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Splash API",
            "version": "1",
            "description": "Content, shop, academy and account API of Splash. Failures use "
            'the envelope `{"data": null, "error": {status, name, message, details}}`.',
        },
        "servers": [{"url": "/"}],
        "paths": dict(sorted(paths.items())),
        "components": {"schemas": components},
    }


_DOCS = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Splash API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="https://unpkg.com/swagger-ui-dist@5/swagger-ui.css"></head>
<body><div id="docs"><p>Loading the API documentation of <a href="{url}">{url}</a>…</p></div>
<script src="https://unpkg.com/swagger-ui-dist@5/swagger-ui-bundle.js"></script>
<script nonce="{nonce}">SwaggerUIBundle({{url: "{url}", dom_id: "#docs"}});</script>
</body></html>"""
SWAGGER_UI = "https://unpkg.com/swagger-ui-dist@5/"
# Swagger UI comes from its CDN and styles itself inline; only this page's policy allows that.
DOCS_CSP = (
    ("script-src", (SWAGGER_UI,)),
    ("style-src", (SWAGGER_UI, "'unsafe-inline'")),
    ("img-src", ("data:",)),
)


def install(app: Sanic, prefix: str, published: tuple[type[BaseModel], ...] = ()) -> None:
    document: dict[str, Any] = {}

    @app.get(f"{prefix}/openapi.json", name="openapi_document")
    async def openapi_document(request: Request) -> HTTPResponse:
        if not document:
            document.update(build_document(request.app, prefix, published))
        return json(document)

    @app.get(f"{prefix}/docs", name="openapi_docs", ctx_csp=DOCS_CSP)
    async def openapi_docs(request: Request) -> HTTPResponse:
        return html(_DOCS.format(url=f"{prefix}/openapi.json", nonce=csp_nonce(request)))
