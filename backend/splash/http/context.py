"""Who is asking, decided once per request: the domain's locale, the signed-in user and — for a
visitor who is signed out — the guest's order whose device pass the browser holds.

A request middleware sets ``request.ctx.locale`` from the Host header before any handler runs;
the user is read from the ``Authorization: Bearer`` header on first use and kept on
``request.ctx`` so a handler and its helpers never check the token twice. Services receive the
results (a ``User | None``, a ``DeviceOrder | None`` and a locale code), never a header.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sanic import Request

from splash.accounts import services as accounts
from splash.accounts.models import User
from splash.content import services as content
from splash.errors import UnauthorizedError
from splash.http.request import query_str
from splash.orders import services as orders
from splash.web.domains import locale_for_host


def set_locale(request: Request) -> str:
    """The locale of the domain the request came in on, kept on the request."""
    settings = request.app.ctx.settings
    locale = locale_for_host(request.host, settings.domains, settings.default_locale)
    request.ctx.locale = locale
    return locale


async def decide_locale(request: Request) -> None:
    """Request middleware: :func:`set_locale` before any handler runs."""
    set_locale(request)


def domain_locale(request: Request) -> str:
    """The locale :func:`decide_locale` set for this request."""
    locale: str = request.ctx.locale
    return locale


async def requested_locale(request: Request) -> str:
    """The ``locale`` query parameter, else the domain's locale (400 for an unknown one)."""
    return await content.check_locale(query_str(request, "locale") or domain_locale(request))


def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (scheme in any case)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


async def current_user(request: Request) -> User | None:
    """The signed-in user, or None for a guest (no token, or one that is not valid)."""
    if not hasattr(request.ctx, "user"):
        token = bearer_token(request)
        settings = request.app.ctx.settings
        request.ctx.user = None if token is None else await accounts.user_for_token(token, settings)
    user: User | None = request.ctx.user
    return user


async def require_user(request: Request) -> User:
    """The signed-in user; 401 for a missing, malformed, expired, wrongly signed or revoked
    token, and for a blocked user."""
    user = await current_user(request)
    if user is None:
        raise UnauthorizedError("Missing or invalid credentials")
    return user


async def current_device(request: Request) -> orders.DeviceOrder | None:
    """For a visitor who is signed out, the paid guest's order whose pass cookie this browser
    holds while the pass holds (``orders.device_passes``); None when signed in: then the
    account decides."""
    if await current_user(request) is not None or "cookie" not in request.headers:
        return None
    raw = request.cookies.get(orders.DEVICE_PASS_COOKIE)
    return await orders.device_order(raw, datetime.now(UTC))
