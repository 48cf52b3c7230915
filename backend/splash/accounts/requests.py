"""Who is asking: the user a request's bearer token belongs to, read on first use and kept on
``request.ctx``, so a handler and its helpers never check the token twice."""

from __future__ import annotations

from sanic import Request

from splash.accounts import services as accounts
from splash.accounts.models import User
from splash.core.errors import UnauthorizedError
from splash.shared.http.context import bearer_token


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
