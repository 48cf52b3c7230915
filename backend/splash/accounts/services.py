"""Accounts: registration and e-mail confirmation, sign-in with a password or Google, password
reset and change, sessions (JWT with a per-user token version) and the user's own profile.

Answers never tell whether an e-mail address has an account, except registration (which must
say the address is taken). Every e-mail is an outbox job committed with the change that causes
it (``accounts.mails`` sends them). Forgot-password and resending the confirmation only
enqueue a job keyed by the address, so a request for an account does exactly the work of one
for an unknown address: the drainer looks the account up.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any
from urllib.parse import urlencode

from pydantic import ValidationError as PydanticValidationError
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from splash.accounts import customers, tokens
from splash.accounts.models import AccountToken, Address, User
from splash.accounts.schemas import (
    AuthResponse,
    ChangePassword,
    Login,
    ProfileUpdate,
    Register,
    ResetPassword,
    UserPublic,
)
from splash.accounts.secrets import (
    failure,
    live_secret,
    new_secret,
    now,
    refuse_blocked,
    stored_secret,
    use_secret,
    with_password,
)
from splash.accounts.vocabulary import (
    CONFIRMATION_JOB,
    PASSWORD_CHANGED_JOB,
    PASSWORD_RESET_JOB,
    AccountError,
    SecretKind,
)
from splash.core import passwords
from splash.core.config import Settings
from splash.core.errors import ValidationError, from_pydantic
from splash.shared import outbox

# --- sessions ------------------------------------------------------------------------------------


def session_token(user: User, settings: Settings) -> str:
    ttl = timedelta(days=settings.session_days)
    return tokens.issue(user.id, user.token_version, settings.secret_key, ttl)


async def user_for_token(token: str, settings: Settings) -> User | None:
    """The user a session token belongs to; None for a malformed, expired, wrongly signed or
    revoked token, and for a blocked user."""
    try:
        claims = tokens.read(token, settings.secret_key)
    except tokens.InvalidToken:
        return None
    user = await User.get_or_none(id=claims.user_id)
    if user is None or user.token_version != claims.version or user.blocked:
        return None
    return user


async def renewed_session(user_id: int, version: int | None, settings: Settings) -> str | None:
    """A new session for a user who was signed in on another of the shop's domains with token
    version ``version``; None when the user is gone or blocked or has ended their sessions since
    (a new password, logout everywhere)."""
    user = await User.get_or_none(id=user_id)
    if user is None or user.blocked or user.token_version != version:
        return None
    return session_token(user, settings)


async def check_guest_address(email: str) -> None:
    """A guest's order may use ``email`` only when no account has it: 409
    ``email_has_account`` otherwise (``accounts.customers``)."""
    await customers.check_guest_address(email)


async def account_for_paid_order(
    email: str,
    firstname: str | None,
    lastname: str | None,
    locale: str,
    addresses: Sequence[dict[str, Any]] = (),
) -> tuple[User, bool]:
    """The account a guest's order goes to once it is paid, and whether it was made just now
    (an unconfirmed account without a password, the order's ``addresses`` saved on it) —
    ``accounts.customers``."""
    return await customers.account_for_paid_order(email, firstname, lastname, locale, addresses)


async def awaits_first_password(user_id: int) -> bool:
    """Whether nobody can sign in to the account yet: a guest's order made it and its owner has
    set no password and linked no Google account (and it is not blocked). While it waits, the
    browser that paid may watch what it bought (``orders.device_passes``)."""
    return await User.filter(
        id=user_id, password_hash=None, google_sub=None, blocked=False
    ).exists()


async def confirmed_address(email: str) -> bool:
    """Whether ``email`` is the address of an account whose owner proved the mailbox (a
    confirmed link, or Google): only such an address is asked by e-mail to pay money."""
    address = customers.normalized(email)
    return await User.filter(email=address, confirmed=True, blocked=False).exists()


async def address_countries(user: User | None) -> list[str]:
    """The countries of the signed-in user's saved addresses, first first; none for a guest."""
    if user is None:
        return []
    return [address.country for address in await Address.filter(user_id=user.id)]


async def public_user(user: User) -> UserPublic:
    addresses = await Address.filter(user_id=user.id)
    # Validated from plain values: ``provider`` is a column's text checked against the Literal.
    return UserPublic.model_validate(
        {
            "id": user.id,
            "username": user.username,
            "email": user.email,
            "provider": user.provider,
            "confirmed": user.confirmed,
            "blocked": user.blocked,
            "firstname": user.firstname,
            "lastname": user.lastname,
            "created_at": user.created_at,
            "updated_at": user.updated_at,
            "addresses": [
                {
                    "id": a.id,
                    "street": a.street,
                    "housenumber": a.housenumber,
                    "addition": a.addition,
                    "additional_info": a.additional_info,
                    "postal_code": a.postal_code,
                    "city": a.city,
                    "country": a.country,
                }
                for a in addresses
            ],
        }
    )


async def signed_in(user: User, settings: Settings) -> AuthResponse:
    """The answer of every sign-in: a fresh session token and the user."""
    return AuthResponse(jwt=session_token(user, settings), user=await public_user(user))


async def end_sessions(user: User) -> None:
    """Every token issued so far stops working (the next one carries the new version)."""
    await User.filter(id=user.id).update(token_version=user.token_version + 1)
    user.token_version += 1


# --- registration and confirmation ---------------------------------------------------------------


async def register(body: Register, locale: str) -> User:
    email = body.email.lower()
    if body.username.lower() != email:
        raise ValidationError.for_field(["username"], "username must equal the e-mail address")
    taken = failure(AccountError.EMAIL_TAKEN, "Email is already taken", ["email"])
    if await User.exists(email=email):
        raise taken
    password_hash = await passwords.hash_password(body.password)
    try:
        # The account and the promise of its confirmation mail commit together.
        async with outbox.transaction():
            user = await User.create(
                email=email, username=email, password_hash=password_hash, locale=locale
            )
            await outbox.enqueue(CONFIRMATION_JOB, {"email": email, "locale": locale})
    except IntegrityError:  # registered by a concurrent request meanwhile
        raise taken from None
    return user


async def confirm_email(raw: str | None) -> bool:
    """Follows a confirmation link: True when the account is confirmed (now, or by an earlier
    visit of the same link — mail scanners open links first), False for an unknown or expired
    link."""
    secret = await stored_secret(SecretKind.CONFIRM, raw)
    if secret is None or secret.user_id is None:  # type: ignore[attr-defined]
        return False
    if secret.used_at is not None:
        return True
    if secret.expires_at <= now():
        return False
    # Together or not at all: a link marked used on an unconfirmed account would answer
    # "confirmed" on every later visit while the account stays locked out.
    async with in_transaction():
        await use_secret(secret)
        await User.filter(id=secret.user_id).update(confirmed=True)  # type: ignore[attr-defined]
    return True


async def resend_confirmation(email: str, locale: str) -> None:
    """Whether the address has an account that waits for confirmation is decided by the
    drainer, never in the request (no lookup here to time)."""
    await outbox.enqueue(CONFIRMATION_JOB, {"email": email.lower(), "locale": locale})


# --- sign-in -------------------------------------------------------------------------------------


async def login(body: Login) -> User:
    user = await with_password(await User.get_or_none(email=body.identifier.lower()), body.password)
    # Only someone who knows the password learns more about the account.
    if not user.confirmed:
        raise failure(AccountError.EMAIL_NOT_CONFIRMED, "Your account email is not confirmed")
    refuse_blocked(user)
    stored = user.password_hash
    if stored and passwords.needs_rehash(stored):
        user.password_hash = await passwords.hash_password(body.password)
        await user.save(update_fields=["password_hash"])
    return user


# --- passwords -----------------------------------------------------------------------------------


def _check_confirmation(password: str, confirmation: str) -> None:
    if password != confirmation:
        raise failure(
            AccountError.PASSWORDS_MISMATCH, "Passwords do not match", ["passwordConfirmation"]
        )


async def forgot_password(email: str, locale: str) -> None:
    """Like ``resend_confirmation``: the drainer finds the account (or drops the job)."""
    await outbox.enqueue(PASSWORD_RESET_JOB, {"email": email.lower(), "locale": locale})


async def _set_password(user: User, password_hash: str, locale: str) -> None:
    """Inside the caller's ``outbox.transaction()``: the new password, every session ended and
    the notice to the account's address, together. An account that had no password (a guest's
    order made it, or it signs in with Google) gets no "your password was changed" alarm: the
    link that set it went to that same address a moment ago, and nothing was changed. The
    account decides, not the link's ``first=1`` (which only picks the page's wording)."""
    had_password = user.password_hash is not None
    user.password_hash = password_hash
    await user.save(update_fields=["password_hash", "updated_at"])
    await end_sessions(user)
    if had_password:
        notice = {"user_id": user.id, "locale": locale, "when": now().isoformat()}
        await outbox.enqueue(PASSWORD_CHANGED_JOB, notice)


async def reset_password(body: ResetPassword, locale: str) -> User:
    _check_confirmation(body.password, body.password_confirmation)
    invalid = failure(AccountError.INVALID_CODE, "Incorrect code provided", ["code"])
    secret = await live_secret(SecretKind.RESET, body.code)
    user = await User.get_or_none(id=secret.user_id) if secret else None  # type: ignore[attr-defined]
    if secret is None or user is None or user.blocked:
        raise invalid
    password_hash = await passwords.hash_password(body.password)  # not inside the transaction
    # The link is spent only together with the new password: a failure in between (a busy
    # database) leaves the link usable for another try.
    async with outbox.transaction():
        if not await use_secret(secret):
            raise invalid
        # Every other reset link of this user stops working too.
        await AccountToken.filter(user_id=user.id, kind=SecretKind.RESET, used_at=None).update(
            used_at=now()
        )
        user.confirmed = True  # the link proved the address
        await user.save(update_fields=["confirmed"])
        await _set_password(user, password_hash, locale)
    return user


# A guest's order makes an account without a password; the order mail's link sets the first
# one. Longer-lived than a reset link (an hour): the parent reads it with the order, not at once.
FIRST_PASSWORD_VALID = timedelta(days=7)


@dataclass(frozen=True)
class PasswordLink:
    """The link that sets the first password of an account a guest's order made."""

    email: str
    name: str
    url: str
    valid_days: int


async def first_password_link(user_id: int, reset_page: str) -> PasswordLink | None:
    """A single-use reset link to ``reset_page`` (the reset route's absolute URL) with a new
    code; None when the account no longer exists, is blocked, already has a password or signs
    in with Google now (``google`` takes over an unconfirmed account). Setting the password
    through it confirms the address, as every reset does (``reset_password``): the link went
    to that address."""
    user = await User.get_or_none(id=user_id)
    if user is None or user.blocked or user.password_hash is not None or user.provider != "local":
        return None
    raw = await new_secret(SecretKind.RESET, FIRST_PASSWORD_VALID, user)
    return PasswordLink(
        email=user.email,
        name=user.firstname or user.email,
        # ``first``: the reset page then says "choose a password" (nothing to renew yet).
        url=f"{reset_page}?{urlencode({'code': raw, 'first': '1'})}",
        valid_days=FIRST_PASSWORD_VALID.days,
    )


async def change_password(user: User, body: ChangePassword, locale: str) -> User:
    if not await passwords.verify_password(user.password_hash, body.current_password):
        raise failure(
            AccountError.CURRENT_PASSWORD_INCORRECT,
            "The current password is incorrect",
            ["currentPassword"],
        )
    _check_confirmation(body.password, body.password_confirmation)
    password_hash = await passwords.hash_password(body.password)
    async with outbox.transaction():
        await _set_password(user, password_hash, locale)
    return user


# --- profile -------------------------------------------------------------------------------------


def parse_profile(raw: object) -> ProfileUpdate:
    """The ``data`` field of PUT /users/me: JSON with personal details and addresses only."""
    if not isinstance(raw, str):
        raise ValidationError.for_field(["data"], "Send the changes as JSON in the field data")
    try:
        value = json.loads(raw)
    except ValueError:
        raise ValidationError.for_field(["data"], "data is not valid JSON") from None
    if not isinstance(value, dict):
        raise ValidationError.for_field(["data"], "data must be a JSON object")
    try:
        return ProfileUpdate.model_validate(value)
    except PydanticValidationError as exc:
        raise from_pydantic(exc, ["data"]) from None


async def update_profile(user: User, changes: ProfileUpdate) -> User:
    sent = changes.model_fields_set
    if changes.addresses is not None:
        owned = {a.id for a in await Address.filter(user_id=user.id)}
        for index, entry in enumerate(changes.addresses):
            if entry.id is not None and entry.id not in owned:
                raise ValidationError.for_field(
                    ["data", "addresses", index, "id"], "Unknown address"
                )
    async with in_transaction():
        if "firstname" in sent:
            user.firstname = changes.firstname
        if "lastname" in sent:
            user.lastname = changes.lastname
        await user.save(update_fields=["firstname", "lastname", "updated_at"])
        if changes.addresses is not None:
            kept = {entry.id for entry in changes.addresses if entry.id is not None}
            await Address.filter(user_id=user.id).exclude(id__in=kept).delete()
            for position, entry in enumerate(changes.addresses):
                fields = customers.address_fields(entry, position)
                if entry.id is None:
                    await Address.create(user_id=user.id, **fields)
                else:
                    await Address.filter(id=entry.id, user_id=user.id).update(**fields)
    return user


async def customer_exists(user_id: int) -> bool:
    """Whether ``user_id`` names a customer account (the studio's routes of other domains)."""
    return await User.exists(id=user_id)
