"""The request's own context, decided once per request: the locale of the domain it came in on,
and the bearer token it carries. Who the token belongs to is the accounts domain's
(``accounts.requests``), the guest's order a browser's pass opens the orders domain's
(``orders.requests``), a requested locale the content domain's (``content.requests``).

A request middleware sets ``request.ctx.locale`` from the Host header before any handler runs.
Services receive the results (a ``User | None``, a ``DeviceOrder | None``, a locale code), never
a header.
"""

from __future__ import annotations

from sanic import Request

from splash.core.domains import locale_for_host


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


def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (scheme in any case)."""
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()
