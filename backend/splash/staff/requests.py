"""Who is asking in the studio: the staff session a request's cookie holds, checked against
the permission its route declares. Every studio route is wrapped by :func:`studio_route`; a
test walks the routes and fails on one without it.

The cookie is the studio's own (``splash_studio``, HttpOnly, SameSite=Strict, Secure on https,
sent only to ``/api/studio``): a customer's bearer token never opens the studio, and a staff
session is no customer sign-in. The studio lives on the default domain only; elsewhere its
routes are not found."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any

from sanic import Request
from sanic.response import HTTPResponse

from splash.core.config import Settings
from splash.core.errors import ForbiddenError, NotFoundError, UnauthorizedError
from splash.shared.http.context import domain_locale
from splash.shared.http.request import client_address
from splash.staff import services
from splash.staff.activity import Actor
from splash.staff.models import StaffMember, StaffSession
from splash.staff.vocabulary import ROLE_PERMISSIONS, SIGNED_IN, SIGNED_OUT, Permission, Role

COOKIE = "splash_studio"
Handler = Callable[..., Awaitable[HTTPResponse]]


def cookie_path(settings: Settings) -> str:
    return f"{settings.api_prefix}/studio"


def set_session_cookie(
    response: HTTPResponse, signed: services.Signed | None, settings: Settings
) -> None:
    """The session's cookie on ``response``; None: the cookie gone."""
    response.add_cookie(
        COOKIE,
        signed.token if signed else "",
        path=cookie_path(settings),
        max_age=settings.staff_session_hours * 3600 if signed else 0,
        httponly=True,
        samesite="Strict",
        secure=settings.scheme == "https",
    )


async def current_session(request: Request) -> StaffSession | None:
    if not hasattr(request.ctx, "staff_session"):
        raw = request.cookies.get(COOKIE)
        request.ctx.staff_session = await services.session_for(raw, request.app.ctx.settings)
    session: StaffSession | None = request.ctx.staff_session
    return session


async def require_staff(request: Request) -> StaffMember:
    session = await current_session(request)
    if session is None:
        raise UnauthorizedError("Sign in to the studio first")
    return session.staff


def actor(request: Request, member: StaffMember | None = None, label: str = "") -> Actor:
    """Who does what, from where, for the activity log."""
    session = getattr(request.ctx, "staff_session", None)
    member = member or (session.staff if session else None)
    address = client_address(request, request.app.ctx.settings.trusted_proxies)
    return Actor(member, member.email if member else label, address)


def studio_route(permission: Permission | str) -> Callable[[Handler], Handler]:
    """Declare what a studio route needs: a permission (401 signed out, 403 without it),
    ``SIGNED_IN`` (any staff member), or ``SIGNED_OUT`` for the few a signed-out browser calls
    (signing in, setting up)."""

    def decorate(handler: Handler) -> Handler:
        @wraps(handler)
        async def checked(request: Request, *args: Any, **kwargs: Any) -> HTTPResponse:
            settings = request.app.ctx.settings
            if domain_locale(request) != settings.default_locale:
                raise NotFoundError("The studio is on the shop's default domain")
            if permission != SIGNED_OUT:
                member = await require_staff(request)
                if (
                    permission != SIGNED_IN
                    and permission not in ROLE_PERMISSIONS[Role(member.role)]
                ):
                    raise ForbiddenError(f"Your role ({member.role}) cannot do this")
            return await handler(request, *args, **kwargs)

        checked.__studio_permission__ = permission  # type: ignore[attr-defined]
        return checked

    return decorate
