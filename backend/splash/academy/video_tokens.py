"""The short-lived token a lesson's key URL carries (pure: PyJWT, HS256 only).

It is bound to one lesson and to the user the access call found entitled (``sub``), or to the
paying browser's pass it found entitled (``pass``: a guest's order, ``orders.device_passes``), or
to nobody for a free preview, and lives ten minutes. It is signed with its own key, derived from
the shop's secret, and says its purpose, so a sign-in token (same secret, other claims) never
opens a key, and a lesson-key token never signs anyone in.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt

ALGORITHM = "HS256"
PURPOSE = "lesson-key"
TTL_SECONDS = 600


@dataclass(frozen=True)
class KeyGrant:
    """What a valid token says: who may fetch the key of which lesson, until when."""

    lesson_id: int
    user_id: int | None  # None: a free preview, anyone's (or a device pass's)
    expires_at: datetime
    device_pass: int | None = None  # the pass it was minted for (user_id None then)


class InvalidKeyToken(Exception):
    pass


def signing_key(secret: str) -> bytes:
    """The token's own key: the shop's secret never signs two kinds of token directly."""
    return hmac.new(secret.encode(), b"splash lesson-key token", hashlib.sha256).digest()


def mint(
    lesson_id: int,
    user_id: int | None,
    secret: str,
    now: datetime,
    ttl: int = TTL_SECONDS,
    device_pass: int | None = None,
) -> str:
    issued = int(now.timestamp())
    claims: dict[str, object] = {
        "purpose": PURPOSE,
        "lesson": lesson_id,
        "sub": None if user_id is None else str(user_id),
        "iat": issued,
        "exp": issued + ttl,
    }
    if device_pass is not None:
        claims["pass"] = device_pass
    return jwt.encode(claims, signing_key(secret), algorithm=ALGORITHM)


def expires_at(now: datetime, ttl: int = TTL_SECONDS) -> datetime:
    """When a token minted at ``now`` stops opening the key (whole seconds, as in the token)."""
    return datetime.fromtimestamp(int(now.timestamp()), UTC) + timedelta(seconds=ttl)


def verify(token: str, lesson_id: int, secret: str, now: datetime) -> KeyGrant:
    """The grant of a token for this lesson at ``now``; InvalidKeyToken for an expired,
    tampered, foreign (another lesson, another purpose) or malformed one. ``alg: none`` and
    every algorithm but HS256 are refused."""
    try:
        claims = jwt.decode(
            token,
            signing_key(secret),
            algorithms=[ALGORITHM],
            # Time is checked against the given ``now`` below, not the wall clock; ``sub`` is
            # null for a preview, which PyJWT's own check of it refuses.
            options={
                "require": ["purpose", "lesson", "iat", "exp"],
                "verify_exp": False,
                "verify_iat": False,
                "verify_sub": False,
            },
        )
    except jwt.PyJWTError as exc:
        raise InvalidKeyToken(str(exc)) from exc
    if claims["purpose"] != PURPOSE:
        raise InvalidKeyToken("not a lesson-key token")
    lesson, expiry, subject = claims["lesson"], claims["exp"], claims.get("sub")
    if type(lesson) is not int or lesson != lesson_id:
        raise InvalidKeyToken("a token for another lesson")
    if type(expiry) is not int or expiry <= now.timestamp():
        raise InvalidKeyToken("the token has expired")
    if subject is not None and not (
        isinstance(subject, str) and subject.isascii() and subject.isdigit()
    ):
        raise InvalidKeyToken("a malformed subject")
    device_pass = claims.get("pass")
    if device_pass is not None and (type(device_pass) is not int or subject is not None):
        raise InvalidKeyToken("a malformed pass")
    user_id = None if subject is None else int(subject)
    return KeyGrant(lesson, user_id, datetime.fromtimestamp(expiry, UTC), device_pass)
