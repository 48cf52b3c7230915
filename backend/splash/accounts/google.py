"""Google sign-in: the OpenID Connect code flow with PKCE and a nonce, bound to one browser.

1. ``google_start``: a single-use state (holding the nonce, the PKCE verifier and the hash of a
   browser binding) and the consent-screen URL. The route puts the binding in a short-lived
   HttpOnly SameSite=Lax cookie, so a callback URL started in another browser (login CSRF) fails.
2. ``google_finish``: Google's redirect back. The code is exchanged with the client secret and the
   PKCE verifier; the ID token is verified (signature, iss, aud, exp, nonce). Nothing else Google-
   shaped is ever accepted: a bare Google access token signs nobody in.
3. The verified identity is matched to an account (``_resolve``). The browser then gets a Splash
   sign-in ticket (single-use, two minutes, bound to the same cookie) that the SPA trades for a
   session at ``GET /auth/google/callback?access_token=<ticket>``.

Accounts and e-mail addresses: an unconfirmed local account with Google's verified address was
made by someone who never proved the address — maybe an attacker waiting for the owner — so its
password, sessions, links and saved addresses die before it becomes the Google account's. A
confirmed local account is linked only after its owner proves the password (``link_with_password``).
"""

from __future__ import annotations

import hmac
import logging
import time
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

import httpx
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from splash.accounts import oidc, tokens
from splash.accounts.models import AccountToken, Address, User
from splash.accounts.secrets import (
    failure,
    live_secret,
    new_secret,
    now,
    refuse_blocked,
    use_secret,
    with_password,
)
from splash.accounts.vocabulary import AccountError, SecretKind
from splash.core.config import Settings
from splash.core.route_table import RouteTable

log = logging.getLogger(__name__)

FLOW_COOKIE = "splash_google"
STATE_VALID = timedelta(minutes=10)
TICKET_VALID = timedelta(minutes=2)
KEYS_MAX_AGE = 3600.0  # Google rotates its signing keys over days; refetch hourly
KEYS_REFETCH_GAP = 30.0  # an unknown key id refetches, but not more often than this
INVALID_TICKET = "This Google sign-in has expired. Please try again."


def _redirect_uri(settings: Settings, locale: str) -> str:
    return f"{settings.origin(locale)}{settings.api_prefix}/connect/google/callback"


def google_return(settings: Settings, locale: str, table: RouteTable, **query: str) -> str:
    """The SPA's return point of the Google flow on the locale's domain."""
    path = table.path_for("connect-google-redirect", locale)
    return f"{settings.origin(locale)}{path}?{urlencode(query)}"


@dataclass(frozen=True)
class Start:
    """Where to send the browser, and the binding to keep in its cookie (None: no flow)."""

    location: str
    binding: str | None = None


async def google_start(settings: Settings, locale: str, table: RouteTable) -> Start:
    if not settings.google_sign_in:
        return Start(google_return(settings, locale, table, error="unavailable"))
    binding, binding_hash = tokens.new_secret()
    pkce, nonce = oidc.Pkce.new(), tokens.new_secret()[0]
    data = {"locale": locale, "nonce": nonce, "verifier": pkce.verifier, "binding": binding_hash}
    state = await new_secret(SecretKind.GOOGLE_STATE, STATE_VALID, data=data)
    query = {
        "client_id": settings.google_client_id,
        "redirect_uri": _redirect_uri(settings, locale),
        "response_type": "code",
        "scope": "openid email profile",
        "state": state,
        "nonce": nonce,
        "code_challenge": pkce.challenge,
        "code_challenge_method": "S256",
        "prompt": "select_account",
    }
    return Start(f"{settings.google_authorize_url}?{urlencode(query)}", binding)


def _bound(secret: AccountToken, binding: str | None) -> bool:
    """True when the secret was handed to the browser that holds ``binding`` in its cookie."""
    expected = (secret.data or {}).get("binding")
    if not binding or not isinstance(expected, str) or len(binding) > 200:
        return False
    return hmac.compare_digest(expected, tokens.digest(binding))


class GoogleKeys:
    """Google's published signing keys (JWKS), cached; refetched when a token names a new key."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._jwks: dict[str, Any] = {"keys": []}
        self._fetched = -KEYS_MAX_AGE

    def _knows(self, kid: str | None) -> bool:
        return any(key.get("kid") == kid for key in self._jwks.get("keys", []))

    async def jwks(self, http: httpx.AsyncClient, kid: str | None) -> dict[str, Any]:
        age = time.monotonic() - self._fetched
        if age > KEYS_MAX_AGE or (not self._knows(kid) and age > KEYS_REFETCH_GAP):
            response = await http.get(self.url, timeout=10)
            response.raise_for_status()
            jwks = response.json()
            if not isinstance(jwks, dict) or not isinstance(jwks.get("keys"), list):
                raise ValueError("not a JWKS document")
            self._jwks, self._fetched = jwks, time.monotonic()
        return self._jwks


async def _exchange(
    settings: Settings, http: httpx.AsyncClient, code: str, verifier: str, locale: str
) -> str | None:
    """The ID token for ``code`` (client secret + PKCE verifier), or None."""
    try:
        response = await http.post(
            settings.google_token_url,
            data={
                "code": code,
                "client_id": settings.google_client_id,
                "client_secret": settings.google_client_secret,
                "redirect_uri": _redirect_uri(settings, locale),
                "grant_type": "authorization_code",
                "code_verifier": verifier,
            },
            headers={"accept": "application/json"},
            timeout=10,
        )
        id_token = response.json().get("id_token") if response.is_success else None
    except (httpx.HTTPError, ValueError, AttributeError):
        log.warning("google token exchange failed", exc_info=True)
        return None
    return id_token if isinstance(id_token, str) and len(id_token) < 8192 else None


async def _verified(
    settings: Settings, keys: GoogleKeys, http: httpx.AsyncClient, id_token: str, nonce: str
) -> oidc.GoogleIdentity | None:
    issuer = settings.google_issuer
    try:
        jwks = await keys.jwks(http, oidc.key_id(id_token))
        return oidc.verify_id_token(
            id_token,
            jwks,
            (issuer, issuer.removeprefix("https://")),
            str(settings.google_client_id),
            nonce,
        )
    except (oidc.InvalidIdToken, httpx.HTTPError, ValueError) as exc:
        log.warning("google id token refused: %s", exc)
        return None


async def google_finish(
    settings: Settings,
    table: RouteTable,
    keys: GoogleKeys,
    http: httpx.AsyncClient,
    locale: str,
    query: dict[str, str | None],
    binding: str | None,
) -> str:
    """Google's callback (``query``: code, state, error): where to send the browser — the SPA's
    return point with a sign-in or link ticket, or with an error."""
    secret = await live_secret(SecretKind.GOOGLE_STATE, query.get("state"))
    if secret is None or not _bound(secret, binding) or not await use_secret(secret):
        return google_return(settings, locale, table, error="state")
    data = secret.data or {}
    started_on = str(data.get("locale", locale))
    if started_on not in settings.hosts_by_locale:
        started_on = locale
    code = query.get("code")
    if query.get("error") or not code or not settings.google_sign_in:
        return google_return(settings, started_on, table, error="denied")
    id_token = await _exchange(settings, http, code, str(data.get("verifier")), started_on)
    if id_token is None:
        return google_return(settings, started_on, table, error="exchange")
    identity = await _verified(settings, keys, http, id_token, str(data.get("nonce")))
    if identity is None:
        return google_return(settings, started_on, table, error="token")
    answer = await _resolve(identity, started_on, str(data["binding"]))
    return google_return(settings, started_on, table, **answer)


async def _resolve(identity: oidc.GoogleIdentity, locale: str, binding_hash: str) -> dict[str, str]:
    """The SPA's query for this verified identity: a sign-in ticket, a link ticket, or an error."""
    bound = {"binding": binding_hash}
    user = await User.get_or_none(google_sub=identity.sub)
    if user is None:
        user = await User.get_or_none(email=identity.email)
        if user is not None and user.google_sub is not None:
            return {"error": "conflict"}  # the address belongs to another Google account
        if user is not None and user.confirmed:
            link = {**bound, "sub": identity.sub}
            ticket = await new_secret(SecretKind.GOOGLE_LINK, STATE_VALID, user, data=link)
            return {"link": ticket, "email": user.email}
        user = await _take_over(user, identity) if user else await _create(identity, locale)
        if user is None:
            return {"error": "conflict"}
    if user.blocked:
        return {"error": "blocked"}
    return {
        "access_token": await new_secret(SecretKind.GOOGLE_TICKET, TICKET_VALID, user, data=bound)
    }


async def _create(identity: oidc.GoogleIdentity, locale: str) -> User | None:
    try:
        return await User.create(
            email=identity.email,
            username=identity.email,
            provider="google",
            google_sub=identity.sub,
            confirmed=True,
            firstname=identity.given_name,
            lastname=identity.family_name,
            locale=locale,
        )
    except IntegrityError:  # the same sign-in finished twice at once
        return None


async def _take_over(user: User, identity: oidc.GoogleIdentity) -> User:
    """An unconfirmed local account becomes the Google account's, its local credentials dead
    first: no password, every session ended, every link unusable, no addresses it was given."""
    async with in_transaction():
        await User.filter(id=user.id).update(
            password_hash=None,
            provider="google",
            google_sub=identity.sub,
            confirmed=True,
            firstname=identity.given_name,
            lastname=identity.family_name,
            token_version=user.token_version + 1,
            updated_at=now(),
        )
        await AccountToken.filter(user_id=user.id, used_at=None).update(used_at=now())
        await Address.filter(user_id=user.id).delete()
    return await User.get(id=user.id)


async def _live_ticket(
    kind: SecretKind, raw: str | None, binding: str | None, field: str
) -> AccountToken:
    secret = await live_secret(kind, raw)
    if secret is None or not _bound(secret, binding):
        raise failure(AccountError.PROVIDER_ERROR, INVALID_TICKET, [field])
    return secret


async def redeem_ticket(raw: str | None, binding: str | None) -> User:
    """The user of a sign-in ticket minted by ``google_finish`` for this browser (single use)."""
    secret = await _live_ticket(SecretKind.GOOGLE_TICKET, raw, binding, "access_token")
    user = await User.get_or_none(id=secret.user_id)  # type: ignore[attr-defined]
    if user is None or not await use_secret(secret):
        raise failure(AccountError.PROVIDER_ERROR, INVALID_TICKET, ["access_token"])
    refuse_blocked(user)
    return user


async def link_with_password(raw: str | None, password: str, binding: str | None) -> User:
    """Links Google to a confirmed account once its owner proves the password; the ticket stays
    usable for another try until it expires (the endpoint is rate-limited)."""
    secret = await _live_ticket(SecretKind.GOOGLE_LINK, raw, binding, "code")
    owner = await User.get_or_none(id=secret.user_id)  # type: ignore[attr-defined]
    user = await with_password(owner, password)
    refuse_blocked(user)
    if not await use_secret(secret):
        raise failure(AccountError.PROVIDER_ERROR, INVALID_TICKET, ["code"])
    sub = str((secret.data or {}).get("sub"))
    try:
        await User.filter(id=user.id, google_sub=None).update(google_sub=sub, updated_at=now())
    except IntegrityError:  # that Google account was linked to another account meanwhile
        raise failure(
            AccountError.PROVIDER_ERROR, "This Google account is linked elsewhere"
        ) from None
    return await User.get(id=user.id)
