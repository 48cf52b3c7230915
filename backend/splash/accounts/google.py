"""Google sign-in (OAuth 2.0 code flow): the start with a single-use state, the callback that
trades the code for an access token, and the sign-in with that token (find, link or create)."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

import httpx
from tortoise.exceptions import IntegrityError

from splash.accounts.models import User
from splash.accounts.secrets import failure, live_secret, new_secret, use_secret
from splash.config import Settings
from splash.errors import ValidationError
from splash.route_table import RouteTable

log = logging.getLogger(__name__)

GOOGLE_STATE_VALID = timedelta(minutes=10)


def _google_configured(settings: Settings) -> bool:
    return bool(settings.google_client_id and settings.google_client_secret)


def _google_redirect_uri(settings: Settings, locale: str) -> str:
    return f"{settings.origin(locale)}{settings.api_prefix}/connect/google/callback"


def google_return(settings: Settings, locale: str, table: RouteTable, **query: str) -> str:
    """The SPA's return point of the Google flow on the locale's domain."""
    path = table.path_for("connect-google-redirect", locale)
    return f"{settings.origin(locale)}{path}?{urlencode(query)}"


async def google_start(settings: Settings, locale: str, table: RouteTable) -> str:
    """Where to send the browser: Google's consent screen, with a single-use state."""
    if not _google_configured(settings):
        return google_return(settings, locale, table, error="unavailable")
    state = await new_secret("google-state", GOOGLE_STATE_VALID, data={"locale": locale})
    query = {
        "client_id": settings.google_client_id,
        "redirect_uri": _google_redirect_uri(settings, locale),
        "response_type": "code",
        "scope": "openid email profile",
        "state": state,
        "prompt": "select_account",
    }
    return f"{settings.google_authorize_url}?{urlencode(query)}"


async def google_finish(
    settings: Settings,
    table: RouteTable,
    http: httpx.AsyncClient,
    locale: str,
    code: str | None,
    state: str | None,
    error: str | None,
) -> str:
    """Google's callback: checks the state, trades the code for an access token and answers
    where to send the browser (the SPA's return point with the token, or with an error)."""
    secret = await live_secret("google-state", state)
    if secret is None or not await use_secret(secret):
        return google_return(settings, locale, table, error="state")
    started_on = str((secret.data or {}).get("locale", locale))
    if started_on not in settings.hosts_by_locale:
        started_on = locale
    if error or not code or not _google_configured(settings):
        return google_return(settings, started_on, table, error="denied")
    try:
        response = await http.post(
            settings.google_token_url,
            data={
                "code": code,
                "client_id": settings.google_client_id,
                "client_secret": settings.google_client_secret,
                "redirect_uri": _google_redirect_uri(settings, started_on),
                "grant_type": "authorization_code",
            },
            headers={"accept": "application/json"},
            timeout=10,
        )
        access_token = response.json().get("access_token") if response.is_success else None
    except (httpx.HTTPError, ValueError, AttributeError):
        log.warning("google token exchange failed", exc_info=True)
        access_token = None
    if not isinstance(access_token, str) or not access_token:
        return google_return(settings, started_on, table, error="exchange")
    return google_return(settings, started_on, table, access_token=access_token)


async def _google_profile(
    settings: Settings, http: httpx.AsyncClient, access_token: str
) -> dict[str, Any]:
    refused = failure("provider_error", "Google did not accept the sign-in", ["access_token"])
    try:
        response = await http.get(
            settings.google_userinfo_url,
            headers={"authorization": f"Bearer {access_token}", "accept": "application/json"},
            timeout=10,
        )
        profile = response.json() if response.is_success else None
    except (httpx.HTTPError, ValueError):
        log.warning("google profile request failed", exc_info=True)
        profile = None
    if not isinstance(profile, dict) or not profile.get("sub") or not profile.get("email"):
        raise refused
    return profile


def _name(value: object) -> str | None:
    return value.strip()[:80] or None if isinstance(value, str) else None


async def google_sign_in(
    settings: Settings, http: httpx.AsyncClient, access_token: str | None, locale: str
) -> User:
    """The user behind a Google access token: found by Google id, else linked to the account
    with the same verified e-mail, else created (confirmed, provider google)."""
    if not access_token or len(access_token) > 4096:
        raise ValidationError.for_field(["access_token"], "access_token is required")
    profile = await _google_profile(settings, http, access_token)
    sub, email = str(profile["sub"]), str(profile["email"]).lower()
    if profile.get("email_verified") is not True:
        raise failure(
            "provider_error", "Google has not verified this e-mail address", ["access_token"]
        )
    user = await User.get_or_none(google_sub=sub) or await User.get_or_none(email=email)
    if user is None:
        try:
            user = await User.create(
                email=email,
                username=email,
                provider="google",
                google_sub=sub,
                confirmed=True,
                firstname=_name(profile.get("given_name")),
                lastname=_name(profile.get("family_name")),
                locale=locale,
            )
        except IntegrityError:
            raise failure("provider_error", "This Google account is linked elsewhere") from None
    elif user.google_sub is None:
        user.google_sub, user.confirmed = sub, True
        await user.save(update_fields=["google_sub", "confirmed", "updated_at"])
    if user.blocked:
        raise failure("blocked", "Your account has been blocked")
    return user
