"""What the account flows share: a failure the SPA tells apart by ``details.code``, the proof of
a password and the refusal of a blocked account, and single-use secrets (confirmation and reset
links, Google state and tickets) stored only as their SHA-256."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from splash.accounts import tokens
from splash.accounts.models import AccountToken, User
from splash.accounts.vocabulary import AccountError, SecretKind
from splash.core import passwords
from splash.core.errors import ValidationError, field_error


def failure(code: AccountError, message: str, field: list[str] | None = None) -> ValidationError:
    details: dict[str, Any] = {"code": code}
    if field:
        details["errors"] = [field_error(field, message)]
    return ValidationError(message, details)


INVALID_CREDENTIALS = "Email address and/or password incorrect"


async def with_password(user: User | None, password: str) -> User:
    """``user`` when ``password`` is theirs; the same argon2 work when there is no user or no
    password, and the same refusal, so an answer never tells which."""
    stored = user.password_hash if user else None
    if not await passwords.verify_password(stored, password) or user is None:
        raise failure(AccountError.INVALID_CREDENTIALS, INVALID_CREDENTIALS)
    return user


def refuse_blocked(user: User) -> None:
    if user.blocked:
        raise failure(AccountError.BLOCKED, "Your account has been blocked")


def now() -> datetime:
    return datetime.now(UTC)


async def new_secret(
    kind: SecretKind, valid: timedelta, user: User | None = None, data: dict[str, Any] | None = None
) -> str:
    raw, digest = tokens.new_secret()
    await AccountToken.create(
        kind=kind, token_hash=digest, user=user, data=data, expires_at=now() + valid
    )
    return raw


async def stored_secret(kind: SecretKind, raw: object) -> AccountToken | None:
    """The secret behind a link, used or expired or not (a link in an e-mail is often opened
    twice: mail scanners open it first); None for anything unknown or not a string."""
    if not isinstance(raw, str) or not raw or len(raw) > 200:
        return None
    return await AccountToken.get_or_none(kind=kind, token_hash=tokens.digest(raw))


async def live_secret(kind: SecretKind, raw: object) -> AccountToken | None:
    found = await stored_secret(kind, raw)
    if found is None or found.used_at is not None or found.expires_at <= now():
        return None
    return found


async def use_secret(secret: AccountToken) -> bool:
    """Marks a secret used; False when another request used it first."""
    return await AccountToken.filter(id=secret.id, used_at=None).update(used_at=now()) == 1
