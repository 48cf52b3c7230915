"""Cross-site state-changing requests are refused (403) before any handler runs.

A page on another site can make a browser POST to us without a CORS preflight ("simple
requests": form posts, ``text/plain``). Browsers say where such a request comes from: ``Origin``
on every POST/PUT/PATCH/DELETE, and ``Sec-Fetch-Site``. A request whose Origin is not one of the
shop's own origins (``SPLASH_DOMAINS`` with ``SPLASH_SCHEME`` and ``SPLASH_PUBLIC_PORT``), or
that the browser marks ``cross-site``, is refused. A request with neither header comes from no
browser page (curl, a server) and is allowed: it carries no visitor's cookies or trust.

The one way to exempt a route (a payment provider posting from its own servers) is the route
context: ``@bp.post(path, ctx_cross_site=True)``. A route that pages of the shop's *other*
domains post to (the language hand-off: splash.nl and splash.de are different sites, so the
browser says ``cross-site``) names ``ctx_cross_site=SHOP_ORIGINS``: it takes a POST only with an
``Origin`` that is one of the shop's own, and refuses one without. The JSON endpoints are covered
a second way: ``json_body`` refuses any body not sent as ``application/json``, which no simple
request can be.
"""

from __future__ import annotations

from collections.abc import Collection

from sanic import Request

from splash.core.errors import ForbiddenError

STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})
# The route context value of a route that the shop's own pages on its other domains post to.
SHOP_ORIGINS = "shop-origins"


def cross_site_reason(
    method: str,
    origin: str | None,
    fetch_site: str | None,
    own_origins: Collection[str],
    between_shop_domains: bool = False,
) -> str | None:
    """Why this request is refused as cross-site, or None when it may go on; pure."""
    if method.upper() not in STATE_CHANGING:
        return None
    if between_shop_domains:
        if origin is None or origin.strip().lower() not in own_origins:
            return "Only the shop's own pages can post here"
        return None
    if fetch_site is not None and fetch_site.strip().lower() == "cross-site":
        return "Cross-site requests cannot change anything here"
    if origin is not None and origin.strip().lower() not in own_origins:
        return f"Requests from {origin.strip()!r} cannot change anything here"
    return None


def _route_rule(request: Request) -> object:
    """What the route's context says: True (exempt), SHOP_ORIGINS, or nothing."""
    route = request.route
    return None if route is None else getattr(route.ctx, "cross_site", None)


async def refuse_cross_site(request: Request) -> None:
    """Request middleware: a 403 in the error envelope for a cross-site state change."""
    rule = _route_rule(request)
    reason = cross_site_reason(
        request.method,
        request.headers.get("origin"),
        request.headers.get("sec-fetch-site"),
        request.app.ctx.settings.origins,
        between_shop_domains=rule == SHOP_ORIGINS,
    )
    if reason is not None and rule is not True:
        raise ForbiddenError(reason, {"origin": request.headers.get("origin")})
