"""The web side of the app: HTML shell for every SPA route, payloads, assets, builds, health."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Literal, cast

from sanic import Blueprint, Request, empty, file, html, raw, text
from sanic.exceptions import RangeNotSatisfiable
from sanic.models.protocol_types import Range
from sanic.response import HTTPResponse

from splash.core import db, video_files
from splash.core.errors import NotFoundError, ServiceUnavailableError
from splash.core.schemas import PublicModel
from splash.editing import preview as previews
from splash.editing import redirect_rows
from splash.shared import edge
from splash.shared.http.compression import etag_matches
from splash.shared.http.context import domain_locale
from splash.shared.http.redirects import redirect_to
from splash.shared.http.response import public
from splash.shared.http.security_headers import SHELL_CSP, csp_nonce
from splash.site.web import detection, services
from splash.site.web.assets import IMMUTABLE, StaticFile, dev_build, load_build, negotiate
from splash.site.web.build_watch import BuildWatcher
from splash.site.web.byte_ranges import Unsatisfiable, byte_range
from splash.site.web.head import head_tags, indexable
from splash.site.web.published import PublishedSite
from splash.site.web.shell import render_shell
from splash.site.web.sitemap import robots_txt, sitemap_xml
from splash.site.web.studio import NOINDEX, is_studio_path, studio_shell

bp = Blueprint("web")
REVALIDATE = "public, max-age=0, must-revalidate"


class Health(PublicModel):
    """What a load balancer reads: the app answers and its database does too."""

    status: Literal["ok"]


@bp.get("/healthz")
async def healthz(request: Request) -> HTTPResponse:
    """200 when the database answers and, with the builds in a bucket, the current build has
    been copied (a starting instance copies it first: site/web/build_watch.py); else 503."""
    await db.ping()
    watcher: BuildWatcher | None = getattr(request.app.ctx, "build_watcher", None)
    if watcher is not None and not watcher.ready:
        raise ServiceUnavailableError(
            "The published site is still being copied from its bucket", headers={"retry-after": "1"}
        )
    return public(Health(status="ok"), headers={"cache-control": "no-store"})


def _folders(request: Request) -> dict[str, Path]:
    """Every folder a file route serves, resolved (once per app): a route refuses a path into
    another's folder (``served_path``)."""
    folders: dict[str, Path] | None = getattr(request.app.ctx, "served_folders", None)
    if folders is None:
        settings = request.app.ctx.settings
        dist = settings.frontend_dist
        found = {name: dist / name for name in ("assets", "builds", "images")}
        found.update(dist=dist, media=settings.media_dir)
        if settings.video_folder is not None:
            found["videos"] = settings.video_folder
        if settings.media_folder is not None:
            found["library"] = settings.media_folder
        folders = request.app.ctx.served_folders = {k: v.resolve() for k, v in found.items()}
    return folders


def _served(request: Request, folder: str, relative: str, accept_encoding: str = "") -> StaticFile:
    folders = _folders(request)
    found = negotiate(folders[folder], relative, accept_encoding, folders.values())
    if found is None:
        raise NotFoundError(f"No file {relative!r}")
    return found


async def _dist_file(
    request: Request, folder: str, relative: str, cache_control: str
) -> HTTPResponse:
    found = _served(request, folder, relative, request.headers.get("accept-encoding", ""))
    headers = {"cache-control": cache_control, "vary": "accept-encoding"}
    if found.encoding:
        headers["content-encoding"] = found.encoding
    return await file(found.path, mime_type=found.content_type, headers=headers)


@bp.get("/assets/<relative:path>")
async def asset(request: Request, relative: str) -> HTTPResponse:
    return await _dist_file(request, "assets", relative, IMMUTABLE)


@bp.get("/builds/<relative:path>")
async def build_manifest(request: Request, relative: str) -> HTTPResponse:
    if relative == "latest.json":
        return _latest_build(request)
    return await _dist_file(request, "builds", relative, "no-cache")


class LatestBuild(PublicModel):
    """The SPA's build (the file the frontend build wrote) and the published site's."""

    id: str
    built_at: str | None = None
    site: str | None


def _latest_build(request: Request) -> HTTPResponse:
    """The SPA's build and, as ``site``, the published site's: a page rendered by an older one
    loads in full on its next navigation (a publish). The SPA's part is read once per process
    (a new SPA build comes with a new start); the site's is the instance's current build."""
    latest: dict[str, str] | None = getattr(request.app.ctx, "latest_spa_build", None)
    if latest is None:
        found = _served(request, "builds", "latest.json")
        latest = request.app.ctx.latest_spa_build = json.loads(found.path.read_bytes())
    site: PublishedSite = request.app.ctx.published
    answer = LatestBuild.model_validate({**latest, "site": site.build_id})
    return public(answer, headers={"cache-control": "no-cache"})


@bp.get("/images/<relative:path>")
async def image(request: Request, relative: str) -> HTTPResponse:
    """The SPA's own images (frontend/public/images): not hashed, so cached for a day."""
    return await _dist_file(request, "images", relative, "public, max-age=86400")


@bp.get("/media/videos/<relative:path>", name="video_media")
async def video_media(request: Request, relative: str) -> HTTPResponse:
    """A lesson video's public files when they are stored locally (splash.academy.storage):
    playlists, segments, captions and posters only, immutable, in byte ranges for players
    (206 with Content-Range, 416 for a range past the end)."""
    kind = video_files.content_type(relative)
    if kind is None or "videos" not in _folders(request):
        raise NotFoundError(f"No video file {relative!r}")
    found = _served(request, "videos", relative)
    try:
        ranged = byte_range(request.headers.get("range"), found.path.stat().st_size)
    except Unsatisfiable as exc:
        raise RangeNotSatisfiable(
            "The range starts past the end of the file", headers={"content-range": str(exc)}
        ) from None
    headers = {"cache-control": video_files.IMMUTABLE, "accept-ranges": "bytes"}
    # ByteRange has Sanic's Range fields, as plain ints (the protocol says int | None).
    sanic_range = cast("Range | None", ranged)
    return await file(found.path, mime_type=kind, headers=headers, _range=sanic_range)


@bp.get("/media/library/<relative:path>", name="library_media")
async def library_media(request: Request, relative: str) -> HTTPResponse:
    """The media library's images when they are stored locally (splash.media.storage): each
    version in a folder of its own, so immutable."""
    if "library" not in _folders(request):
        raise NotFoundError(f"No library file {relative!r}")
    found = _served(request, "library", relative)
    return await file(
        found.path, mime_type=found.content_type, headers={"cache-control": IMMUTABLE}
    )


@bp.get("/media/<relative:path>")
async def media(request: Request, relative: str) -> HTTPResponse:
    """Content images (fixtures/media by default): cached for a week, revalidated after. A
    lesson video's files are the route above's: ``/media/videos/…`` reaches it, and no other
    spelling gets past ``served_path``."""
    found = _served(request, "media", relative)
    return await file(
        found.path,
        mime_type=found.content_type,
        headers={"cache-control": "public, max-age=604800"},
    )


@bp.get("/favicon.svg")
async def favicon(request: Request) -> HTTPResponse:
    return await _dist_file(request, "dist", "favicon.svg", "public, max-age=86400")


@bp.get("/api/<rest:path>", name="api_not_found")
async def api_not_found(request: Request, rest: str) -> HTTPResponse:
    raise NotFoundError(f"No API route {request.path!r}")


async def _resolve(
    request: Request, path: str, query: dict[str, str] | None = None
) -> services.Resolved:
    ctx = request.app.ctx
    return await services.resolve(
        ctx.settings, ctx.routes, ctx.published, domain_locale(request), path, query
    )


def payload_url(path: str) -> str:
    """A path's payload, as the SPA asks for it (``payloadUrl`` in src/app/payload.ts)."""
    clean = path.rstrip("/")
    return f"/_payload/{clean.lstrip('/') or 'index'}.json"


@bp.get("/_payload/<relative:path>")
async def payload(request: Request, relative: str) -> HTTPResponse:
    """The payload of one page for client-side navigation: ``/_payload/index.json`` is ``/``."""
    if not relative.endswith(".json"):
        raise NotFoundError("Payloads end in .json")
    stem = relative.removesuffix(".json")
    resolved = await _resolve(request, "/" if stem == "index" else "/" + stem)
    if resolved.status == 404:  # a client-side navigation to a moved page: its new payload
        target = await redirect_rows.redirect_for(domain_locale(request), "/" + stem)
        if target is not None:
            return redirect_to(request, payload_url(target), status=301, headers={"vary": "host"})
    headers = {"etag": resolved.etag, "cache-control": REVALIDATE, "vary": "host"}
    if etag_matches(request.headers.get("if-none-match"), resolved.etag):
        return empty(status=304, headers=headers)
    if resolved.build is not None:
        edge.mark(request, resolved.build, _current_build(request))
    return HTTPResponse(
        resolved.payload, status=resolved.status, headers=headers, content_type="application/json"
    )


def _indexable(request: Request, locale: str, path: str, status: int) -> bool:
    match = request.app.ctx.routes.match(locale, path)
    return indexable(status, match.route.name if match else None)


@bp.get("/sitemap.xml")
async def sitemap(request: Request) -> HTTPResponse:
    settings, locale = request.app.ctx.settings, domain_locale(request)
    pages = [
        (path, alternates)
        for path, alternates in request.app.ctx.published.pages(locale)
        if _indexable(request, locale, path, 200)
    ]
    body = sitemap_xml(pages, settings.origin, locale, settings.default_locale)
    return raw(
        body,
        content_type="application/xml; charset=utf-8",
        headers={"cache-control": "public, max-age=3600"},
    )


@bp.get("/robots.txt")
async def robots(request: Request) -> HTTPResponse:
    origin = request.app.ctx.settings.origin(domain_locale(request))
    return text(robots_txt(origin), headers={"cache-control": "public, max-age=86400"})


def _locale_redirect(request: Request) -> HTTPResponse | None:
    """``?locale=xx`` stores the choice (the language switcher links with it); a visit of the
    root without a stored choice follows the browser's languages."""
    settings, locale = request.app.ctx.settings, domain_locale(request)
    supported = request.app.ctx.routes.locales
    chosen: str = request.args.get("locale", "") if request.query_string else ""
    if chosen in supported:
        response = redirect_to(request, request.path)
        response.add_cookie(
            detection.COOKIE,
            chosen,
            max_age=detection.COOKIE_MAX_AGE,
            path="/",
            samesite="Lax",
            secure=settings.scheme == "https",
        )
        return response
    if request.path != "/":
        return None
    target = detection.root_redirect(
        domain_locale=locale,
        cookie=request.cookies.get(detection.COOKIE) if "cookie" in request.headers else None,
        accept_language=request.headers.get("accept-language", ""),
        user_agent=request.headers.get("user-agent", ""),
        supported=supported,
    )
    if target is None:
        return None
    return redirect_to(
        request, settings.origin(target) + "/", headers={"vary": "accept-language, cookie"}
    )


def _current_build(request: Request) -> Callable[[], Awaitable[str | None]]:
    published: PublishedSite = request.app.ctx.published

    async def current() -> str | None:
        return published.build_id

    return current


def _stays(request: Request) -> bool:
    """Whether a visit of the root is answered here rather than redirected."""
    return _locale_redirect(request) is None


@bp.get("/", name="shell_root", ctx_csp=SHELL_CSP)
@bp.get("/<path:path>", name="shell", ctx_csp=SHELL_CSP)
async def shell(request: Request, path: str = "") -> HTTPResponse:
    if path.endswith("/"):
        return redirect_to(request, "/" + path.strip("/"), status=301)
    if is_studio_path(path):
        return studio_shell(request)
    moved = _locale_redirect(request)
    if moved is not None:
        return moved
    query = {name: values[0] for name, values in request.args.items()}
    resolved = await _resolve(request, "/" + path, query)
    if resolved.status == 404:
        moved_to = await _moved(request, "/" + path)
        if moved_to is not None:
            return moved_to
    if resolved.build is not None:
        # The domain's root redirects some visitors (by cookie and browser languages).
        edge.mark(request, resolved.build, _current_build(request), None if path else _stays)
    return html(
        _render(request, path, resolved),
        status=resolved.status,
        headers={"cache-control": "no-cache", "vary": "host"},
    )


async def _moved(request: Request, path: str) -> HTTPResponse | None:
    """A 301 to where a page or article lives now, for a path publishing moved it from (slug
    redirects, ``splash.editing.redirects``); asked only when no page is found."""
    target = await redirect_rows.redirect_for(domain_locale(request), path)
    if target is None:
        return None
    query = f"?{request.query_string}" if request.query_string else ""
    return redirect_to(request, target + query, status=301, headers={"vary": "host"})


@bp.get("/_preview/<token:str>", name="preview", ctx_csp=SHELL_CSP)
async def preview(request: Request, token: str) -> HTTPResponse:
    """A draft as the public site would show it, through a signed, expiring link from the
    studio (no account needed): never indexed, never kept (404 tampered, 410 expired)."""
    ctx = request.app.ctx
    found = await previews.previewed(ctx.settings, token, domain_locale(request), ctx.routes)
    payload = await services.preview_payload(ctx.settings, ctx.routes, found.locale, found.preview)
    if payload is None:
        raise NotFoundError("The draft's page has no route")
    resolved = services.computed(payload)
    return html(
        _render(request, found.preview.path.lstrip("/"), resolved, indexable=False),
        headers={"cache-control": "no-store", "x-robots-tag": NOINDEX, "vary": "host"},
    )


def _render(
    request: Request, path: str, resolved: services.Resolved, indexable: bool | None = None
) -> str:
    settings = request.app.ctx.settings
    locale = domain_locale(request)
    head = head_tags(
        locale=locale,
        path="/" + path,
        head=resolved.head,
        alternates=resolved.alternates,
        default_locale=settings.default_locale,
        origin=settings.origin,
        indexable=(
            _indexable(request, locale, "/" + path, resolved.status)
            if indexable is None
            else indexable
        ),
    )
    dev_url = settings.vite_dev_url
    spa = dev_build(dev_url) if dev_url else load_build(settings.frontend_dist)
    return render_shell(
        head=head,
        spa=spa,
        fragment="" if dev_url else resolved.fragment,
        payload=resolved.payload,
        dev_url=dev_url,
        nonce=csp_nonce(request),
        site_build=resolved.build,
    )
