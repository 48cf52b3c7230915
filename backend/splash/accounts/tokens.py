"""Session tokens (JWT, HS256 only, via PyJWT) and one-time secrets (pure: no I/O).

A session token names the user and their token version; raising the version on the user
revokes every token issued before. One-time secrets (e-mail confirmation, password reset,
Google state) are 256 random bits, handed out once and stored only as their SHA-256.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from splash.core.one_time import digest as digest
from splash.core.one_time import new_secret as new_secret

# PyJWT is imported where a token is made or read: with the cryptography it loads, it is a
# sixth of the backend's import time, which every ``python -m splash publish`` would pay.

ALGORITHM = "HS256"


@dataclass(frozen=True)
class Claims:
    user_id: int
    version: int


class InvalidToken(Exception):
    pass


def issue(
    user_id: int, version: int, secret: str, ttl: timedelta, now: datetime | None = None
) -> str:
    import jwt

    issued = now or datetime.now(UTC)
    # ``jti``: every session its own token, even two issued to one user in one second (the
    # language hand-off's new session never equals the session it came from).
    payload = {
        "sub": str(user_id),
        "ver": version,
        "iat": issued,
        "exp": issued + ttl,
        "jti": secrets.token_urlsafe(12),
    }
    return jwt.encode(payload, secret, algorithm=ALGORITHM)


def read(token: str, secret: str) -> Claims:
    """The claims of a valid token; InvalidToken for a forged, expired, malformed or
    differently signed one (``alg: none`` and every algorithm but HS256 are refused)."""
    import jwt

    try:
        payload = jwt.decode(
            token, secret, algorithms=[ALGORITHM], options={"require": ["sub", "exp", "iat"]}
        )
        user_id, version = int(payload["sub"]), payload.get("ver")
    except (jwt.PyJWTError, ValueError, TypeError) as exc:
        raise InvalidToken(str(exc)) from exc
    if not isinstance(version, int) or isinstance(version, bool):
        raise InvalidToken("no token version")
    return Claims(user_id, version)
