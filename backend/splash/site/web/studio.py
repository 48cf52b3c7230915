"""The studio's HTML shell: the studio's own entry and chunks (a build apart from the shop's, so a
shop page holds none of it). No payload and nothing pre-rendered: the studio asks the API who is
signed in. Served on the default domain only, never indexed, never cached."""

from __future__ import annotations

from sanic import Request, html
from sanic.response import HTTPResponse

from splash.core.errors import NotFoundError
from splash.core.templating import template_environment
from splash.shared.http.context import domain_locale
from splash.shared.http.security_headers import csp_nonce
from splash.site.web.assets import STUDIO_ENTRY, dev_build, load_studio_build

NOINDEX = "noindex, nofollow"


def is_studio_path(path: str) -> bool:
    """``studio`` and everything under it (``path`` without its leading slash)."""
    return path == "studio" or path.startswith("studio/")


def studio_shell(request: Request) -> HTTPResponse:
    settings = request.app.ctx.settings
    if domain_locale(request) != settings.default_locale:
        raise NotFoundError("The studio is on the shop's default domain")
    dev_url = settings.vite_dev_url
    spa = dev_build(dev_url, STUDIO_ENTRY) if dev_url else load_studio_build(settings.frontend_dist)
    page = (
        template_environment("splash.site.web")
        .get_template("studio.html")
        .render(
            lang=settings.default_locale,
            spa=spa,
            dev_url=dev_url,
            nonce=csp_nonce(request),
        )
    )
    return html(page, headers={"cache-control": "no-store", "x-robots-tag": NOINDEX})
