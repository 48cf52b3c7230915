"""Changing the e-mail address (which is also the username) of a signed-in account.

The change waits for proof: the current password to ask for it, then a single-use link mailed
to the new address. Only that link changes the address; it ends every session (the address is
a credential) and tells the old address what happened, so a stolen session alone cannot take an
account over.
"""

from __future__ import annotations

from datetime import timedelta
from urllib.parse import urlencode

from tortoise.exceptions import IntegrityError

from splash.accounts import passwords
from splash.accounts.models import User
from splash.accounts.schemas import ChangeEmail
from splash.accounts.secrets import failure, new_secret, now, stored_secret, use_secret
from splash.accounts.services import account_mail, end_sessions
from splash.config import Settings
from splash.mail.mailer import Email

EMAIL_CHANGE_VALID = timedelta(hours=24)
KIND = "email_change"


async def request_email_change(
    user: User, body: ChangeEmail, locale: str, settings: Settings
) -> Email:
    """Checks the password and the new address; the mail with the link to the new address."""
    if not user.password_hash:
        raise failure(
            "no_password",
            "This account signs in with Google; its e-mail address comes from Google",
            ["currentPassword"],
        )
    if not await passwords.verify_password(user.password_hash, body.current_password):
        raise failure(
            "current_password_incorrect", "The current password is incorrect", ["currentPassword"]
        )
    new_email = body.email.lower()
    if new_email == user.email:
        raise failure("email_unchanged", "This is already your e-mail address", ["email"])
    if await User.exists(email=new_email):
        raise failure("email_taken", "Email is already taken", ["email"])
    raw = await new_secret(KIND, EMAIL_CHANGE_VALID, user, {"email": new_email})
    link = f"{settings.origin(locale)}{settings.api_prefix}/auth/email-change?" + urlencode(
        {"code": raw}
    )
    context = {
        "link": link,
        "valid_hours": int(EMAIL_CHANGE_VALID.total_seconds() // 3600),
        "new_email": new_email,
    }
    return account_mail("email_change", locale, user, context, settings, to=new_email)


async def confirm_email_change(
    raw: str | None, locale: str, settings: Settings
) -> tuple[str, Email | None]:
    """Follows the link: ``("changed", notice for the old address)``; ``("changed", None)`` when
    an earlier visit of this link changed it already (mail scanners open links first);
    ``("taken", None)`` when another account took the address meanwhile; ``("invalid", None)``
    for an unknown, expired or superseded link."""
    invalid = ("invalid", None)
    secret = await stored_secret(KIND, raw)
    if secret is None or secret.user_id is None:  # type: ignore[attr-defined]
        return invalid
    user = await User.get(id=secret.user_id)  # type: ignore[attr-defined]
    new_email = str((secret.data or {}).get("email", ""))
    if secret.used_at is not None:
        return ("changed", None) if user.email == new_email else invalid
    if secret.expires_at <= now() or not new_email:
        return invalid
    if not await use_secret(secret):  # a visit at the same moment changes it
        return ("changed", None)
    old_email = user.email
    try:
        # Opening the link proves the new address: an unconfirmed account is confirmed by it.
        await User.filter(id=user.id).update(email=new_email, username=new_email, confirmed=True)
    except IntegrityError:  # another account registered the address since the request
        return ("taken", None)
    user.email = user.username = new_email
    await end_sessions(user)
    when = now().strftime("%d-%m-%Y %H:%M UTC")
    context = {"new_email": new_email, "when": when, "shop_email": settings.shop_email}
    return ("changed", account_mail("email_changed", locale, user, context, settings, to=old_email))
