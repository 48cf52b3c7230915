"""Changing the e-mail address (which is also the username) of a signed-in account.

The change waits for proof: the current password to ask for it, then a single-use link mailed
to the new address. Only that link changes the address; it ends every session (the address is
a credential) and tells the old address what happened, so a stolen session alone cannot take an
account over.
"""

from __future__ import annotations

from tortoise.exceptions import IntegrityError

from splash.accounts.models import User
from splash.accounts.schemas import ChangeEmail
from splash.accounts.secrets import failure, now, stored_secret, use_secret
from splash.accounts.services import end_sessions
from splash.accounts.vocabulary import (
    EMAIL_CHANGE_JOB,
    EMAIL_CHANGED_JOB,
    AccountError,
    EmailChangeOutcome,
    SecretKind,
)
from splash.core import passwords
from splash.shared import outbox


async def request_email_change(user: User, body: ChangeEmail, locale: str) -> str:
    """Checks the password and the new address, and enqueues the mail with the link to the new
    address (``accounts.mails`` mints the link); answers the new address."""
    if not user.password_hash:
        raise failure(
            AccountError.NO_PASSWORD,
            "This account signs in with Google; its e-mail address comes from Google",
            ["currentPassword"],
        )
    if not await passwords.verify_password(user.password_hash, body.current_password):
        raise failure(
            AccountError.CURRENT_PASSWORD_INCORRECT,
            "The current password is incorrect",
            ["currentPassword"],
        )
    new_email = body.email.lower()
    if new_email == user.email:
        raise failure(
            AccountError.EMAIL_UNCHANGED, "This is already your e-mail address", ["email"]
        )
    if await User.exists(email=new_email):
        raise failure(AccountError.EMAIL_TAKEN, "Email is already taken", ["email"])
    await outbox.enqueue(
        EMAIL_CHANGE_JOB, {"user_id": user.id, "email": new_email, "locale": locale}
    )
    return new_email


async def confirm_email_change(raw: str | None, locale: str) -> EmailChangeOutcome:
    """Follows the link: ``"changed"`` (the notice to the old address is enqueued with the
    change), also when an earlier visit of this link changed it already (mail scanners open
    links first); ``"taken"`` when another account took the address meanwhile; ``"invalid"``
    for an unknown, expired or superseded link."""
    invalid = EmailChangeOutcome.INVALID
    secret = await stored_secret(SecretKind.EMAIL_CHANGE, raw)
    if secret is None or secret.user_id is None:  # type: ignore[attr-defined]
        return invalid
    user = await User.get(id=secret.user_id)  # type: ignore[attr-defined]
    new_email = str((secret.data or {}).get("email", ""))
    if secret.used_at is not None:
        return EmailChangeOutcome.CHANGED if user.email == new_email else invalid
    if secret.expires_at <= now() or not new_email:
        return invalid
    if not await use_secret(secret):  # a visit at the same moment changes it
        return EmailChangeOutcome.CHANGED
    old_email = user.email
    notice = {"user_id": user.id, "locale": locale, "when": now().isoformat()}
    try:
        async with outbox.transaction():
            # Opening the link proves the new address: an unconfirmed account is confirmed by
            # it. The change, the end of every session and the notice commit together.
            await User.filter(id=user.id).update(
                email=new_email, username=new_email, confirmed=True
            )
            await end_sessions(user)
            await outbox.enqueue(
                EMAIL_CHANGED_JOB, {**notice, "old_email": old_email, "new_email": new_email}
            )
    except IntegrityError:  # another account registered the address since the request
        return EmailChangeOutcome.TAKEN
    user.email = user.username = new_email
    return EmailChangeOutcome.CHANGED
