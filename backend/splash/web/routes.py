"""The web side of the app: HTML shell for every SPA route, payloads, assets, builds, health."""

from __future__ import annotations

from sanic import Blueprint, Request, empty, file, html, json, redirect
from sanic.response import HTTPResponse
from tortoise import connections

from splash.errors import NotFoundError
from splash.web import services
from splash.web.assets import IMMUTABLE, dev_build, load_build, negotiate
from splash.web.head import head_tags
from splash.web.shell import render_shell

bp = Blueprint("web")
REVALIDATE = "public, max-age=0, must-revalidate"


@bp.get("/healthz")
async def healthz(request: Request) -> HTTPResponse:
    await connections.get("default").execute_query("SELECT 1")
    return json({"status": "ok"}, headers={"cache-control": "no-store"})


async def _dist_file(request: Request, relative: str, cache_control: str) -> HTTPResponse:
    found = negotiate(
        request.app.ctx.settings.frontend_dist, relative, request.headers.get("accept-encoding", "")
    )
    if found is None:
        raise NotFoundError(f"No file {relative!r}")
    headers = {"cache-control": cache_control, "vary": "accept-encoding"}
    if found.encoding:
        headers["content-encoding"] = found.encoding
    return await file(found.path, mime_type=found.content_type, headers=headers)


@bp.get("/assets/<relative:path>")
async def asset(request: Request, relative: str) -> HTTPResponse:
    return await _dist_file(request, f"assets/{relative}", IMMUTABLE)


@bp.get("/builds/<relative:path>")
async def build_manifest(request: Request, relative: str) -> HTTPResponse:
    return await _dist_file(request, f"builds/{relative}", "no-cache")


@bp.get("/images/<relative:path>")
async def image(request: Request, relative: str) -> HTTPResponse:
    """The SPA's own images (frontend/public/images): not hashed, so cached for a day."""
    return await _dist_file(request, f"images/{relative}", "public, max-age=86400")


@bp.get("/media/<relative:path>")
async def media(request: Request, relative: str) -> HTTPResponse:
    """Content images (fixtures/media by default): cached for a week, revalidated after."""
    found = negotiate(request.app.ctx.settings.media_dir, relative, "")
    if found is None:
        raise NotFoundError(f"No media file {relative!r}")
    return await file(
        found.path,
        mime_type=found.content_type,
        headers={"cache-control": "public, max-age=604800"},
    )


@bp.get("/favicon.svg")
async def favicon(request: Request) -> HTTPResponse:
    return await _dist_file(request, "favicon.svg", "public, max-age=86400")


@bp.get("/api/<rest:path>", name="api_not_found")
async def api_not_found(request: Request, rest: str) -> HTTPResponse:
    raise NotFoundError(f"No API route {request.path!r}")


async def _resolve(request: Request, path: str) -> services.Resolved:
    ctx = request.app.ctx
    return await services.resolve(ctx.settings, ctx.routes, ctx.published, request.ctx.locale, path)


@bp.get("/_payload/<relative:path>")
async def payload(request: Request, relative: str) -> HTTPResponse:
    """The payload of one page for client-side navigation: ``/_payload/index.json`` is ``/``."""
    if not relative.endswith(".json"):
        raise NotFoundError("Payloads end in .json")
    stem = relative.removesuffix(".json")
    resolved = await _resolve(request, "/" if stem == "index" else "/" + stem)
    headers = {"etag": resolved.etag, "cache-control": REVALIDATE, "vary": "host"}
    if request.headers.get("if-none-match") == resolved.etag:
        return empty(status=304, headers=headers)
    return HTTPResponse(
        resolved.payload, status=resolved.status, headers=headers, content_type="application/json"
    )


@bp.get("/", name="shell_root")
@bp.get("/<path:path>", name="shell")
async def shell(request: Request, path: str = "") -> HTTPResponse:
    if path.endswith("/"):
        return redirect("/" + path.strip("/"), status=301)
    settings = request.app.ctx.settings
    resolved = await _resolve(request, "/" + path)
    locale = request.ctx.locale
    head = head_tags(
        locale=locale,
        path="/" + path,
        head=resolved.head,
        alternates=resolved.alternates,
        default_locale=settings.default_locale,
        origin=settings.origin,
        indexable=resolved.status == 200,
    )
    dev_url = settings.vite_dev_url
    spa = dev_build(dev_url) if dev_url else load_build(settings.frontend_dist)
    page = render_shell(
        head=head,
        spa=spa,
        fragment="" if dev_url else resolved.fragment,
        payload=resolved.payload,
        dev_url=dev_url,
    )
    return html(page, status=resolved.status, headers={"cache-control": "no-cache", "vary": "host"})
