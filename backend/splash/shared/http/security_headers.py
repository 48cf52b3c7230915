"""Security headers on every response: pages, API answers, assets, errors, redirects, 404s.

The Content-Security-Policy allows scripts from this origin only, plus a nonce made per response
for the shell's inline scripts (the published HTML is pre-rendered and cached, so the nonce is
put in when the shell is rendered, never into a published file). Third parties appear only when
they are configured: Google Tag Manager with ``SPLASH_GTM_ID``, reCAPTCHA with a site key, the
Vite dev server with ``SPLASH_VITE_DEV_URL``. The consent embed's players (YouTube without
cookies, Vimeo, Google Maps) are frames only, and only after the visitor asked for them.

The ``secure`` package was evaluated and not used: it builds one fixed header set up front, so
a per-response nonce means building and validating a new policy object on every response, and
HSTS by scheme or a route's own sources need the same per-request logic this module holds anyway.

A route that needs more (the API docs page loads Swagger UI) names its extra sources in the
route context, as pairs because route contexts must be hashable:
``@bp.get(path, ctx_csp=(("script-src", ("https://…",)),))``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import urlsplit

from sanic import Request
from sanic.response import BaseHTTPResponse

from splash.core.config import Settings
from splash.shared.http import randomness

GTM = {
    "script-src": ("https://www.googletagmanager.com",),
    "img-src": ("https://www.googletagmanager.com", "https://*.google-analytics.com"),
    "connect-src": (
        "https://www.googletagmanager.com",
        "https://*.google-analytics.com",
        "https://*.analytics.google.com",
    ),
}
# Google's documented reCAPTCHA policy: its script, and its frame on two hosts.
RECAPTCHA = {
    "script-src": ("https://www.google.com/recaptcha/", "https://www.gstatic.com/recaptcha/"),
    "frame-src": ("https://www.google.com/recaptcha/", "https://recaptcha.google.com/recaptcha/"),
}
EMBEDS = (
    "https://www.youtube-nocookie.com",
    "https://player.vimeo.com",
    "https://www.google.com/maps/",
)
# Features the shop never uses are off; the video players may use what playing a video needs.
PERMISSIONS_POLICY = ", ".join(
    [
        *(
            f"{feature}=()"
            for feature in (
                "accelerometer",
                "camera",
                "display-capture",
                "geolocation",
                "gyroscope",
                "magnetometer",
                "microphone",
                "midi",
                "payment",
                "usb",
            )
        ),
        *(
            f'{feature}=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")'
            for feature in ("autoplay", "encrypted-media", "fullscreen", "picture-in-picture")
        ),
    ]
)
HSTS = "max-age=31536000"
STATIC_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": PERMISSIONS_POLICY,
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


def csp_nonce(request: Request) -> str:
    """This response's nonce, made on first use (the shell puts it on its inline scripts)."""
    if not hasattr(request.ctx, "csp_nonce"):
        request.ctx.csp_nonce = randomness.nonce()
    nonce: str = request.ctx.csp_nonce
    return nonce


def _dev_sources(dev_url: str) -> dict[str, tuple[str, ...]]:
    """The Vite dev server serves modules and CSS (injected as <style>) and pushes updates
    over a WebSocket on its own origin."""
    parts = urlsplit(dev_url)
    origin = f"{parts.scheme}://{parts.netloc}"
    socket = f"{'wss' if parts.scheme == 'https' else 'ws'}://{parts.netloc}"
    return {
        "script-src": (origin,),
        "style-src": (origin, "'unsafe-inline'"),
        "connect-src": (origin, socket),
        "img-src": (origin,),
    }


# The SPA's pages (web's shell routes): the lesson player's web components (media-chrome) style
# their shadow roots with <style> elements no nonce reaches, and a client-side navigation keeps
# the first page's policy, so every shell allows inline styles. Styles cannot run code: scripts
# stay nonce-only. Other pages (the invoice, the test payment page) keep hashed styles.
SHELL_CSP = (("style-src", ("'unsafe-inline'",)),)


def _video_sources(base_url: str | None) -> dict[str, tuple[str, ...]]:
    """Lesson videos served from elsewhere (a CDN in front of S3): the player fetches their
    playlists, segments and captions there, and shows their posters."""
    parts = urlsplit(base_url or "")
    if not parts.scheme or not parts.netloc:
        return {}
    origin = f"{parts.scheme}://{parts.netloc}"
    return {"connect-src": (origin,), "media-src": (origin,), "img-src": (origin,)}


def _media_sources(base_url: str | None) -> dict[str, tuple[str, ...]]:
    """The media library's images served from elsewhere (a CDN in front of S3)."""
    parts = urlsplit(base_url or "")
    if not parts.scheme or not parts.netloc:
        return {}
    return {"img-src": (f"{parts.scheme}://{parts.netloc}",)}


def content_security_policy(
    settings: Settings,
    nonce: str | None = None,
    extra: Mapping[str, Sequence[str]] | None = None,
) -> str:
    """The policy for one response; pure."""
    directives: dict[str, list[str]] = {
        "default-src": ["'self'"],
        "script-src": ["'self'"] + ([f"'nonce-{nonce}'"] if nonce else []),
        "style-src": ["'self'"],
        "img-src": ["'self'"],
        "connect-src": ["'self'"],
        # hls.js plays through a MediaSource (a blob: URL) and transmuxes in a blob: worker.
        "media-src": ["'self'", "blob:"],
        "worker-src": ["'self'", "blob:"],
        "frame-src": list(EMBEDS),
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        # The language hand-off posts a form to the shop's other domains (``splash.handoff``).
        "form-action": ["'self'", *sorted(settings.origins)],
        "frame-ancestors": ["'none'"],
    }
    additions: list[Mapping[str, Sequence[str]]] = [
        _video_sources(settings.video_base_url),
        _media_sources(settings.media_base_url),
        GTM if settings.gtm_id else {},
        RECAPTCHA if settings.recaptcha_site_key else {},
        _dev_sources(settings.vite_dev_url) if settings.vite_dev_url else {},
        extra or {},
    ]
    for addition in additions:
        for directive, sources in addition.items():
            present = directives.setdefault(directive, [])
            present.extend(source for source in sources if source not in present)
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


NONCE_MARK = "\x00"  # where a response's nonce goes in a kept policy


def _policy(request: Request) -> str:
    """This response's policy: computed once per route kind and kept on the app, then only
    the nonce is put in."""
    route = request.route
    extra = getattr(route.ctx, "csp", ()) if route is not None else ()
    nonce: str | None = getattr(request.ctx, "csp_nonce", None)
    kept: dict[tuple[object, bool], str] = request.app.ctx.csp_policies
    key = (extra, nonce is not None)
    policy = kept.get(key)
    if policy is None:
        settings: Settings = request.app.ctx.settings
        mark = NONCE_MARK if nonce is not None else None
        policy = kept[key] = content_security_policy(settings, mark, dict(extra))
    return policy.replace(NONCE_MARK, nonce) if nonce is not None else policy


async def add_security_headers(request: Request, response: BaseHTTPResponse) -> None:
    """Response middleware: the headers above, HSTS when the shop or this request is https."""
    headers = response.headers
    headers["content-security-policy"] = _policy(request)
    headers.update(STATIC_HEADERS)
    if request.app.ctx.settings.scheme == "https" or request.scheme == "https":
        headers["strict-transport-security"] = HSTS
