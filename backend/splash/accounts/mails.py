"""The account e-mails, sent by the outbox drainer (``splash.shared.outbox``).

A request only enqueues a job holding what the mail needs (an address or an account id, the
locale); the handler here loads the account, mints the link's single-use secret and sends.
The secret is minted with the mail, not in the request: the committed job is the durable
promise of the link, and a raw secret never sits in the database (only its SHA-256, as for
every secret). A retry mints a new one; the unsent ones simply expire.

Jobs keyed by an address (confirmation, reset) are dropped for an unknown, blocked or — for
a confirmation — already confirmed account, so the request does the same work whoever asks.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlencode

from splash.accounts.models import User
from splash.accounts.secrets import new_secret
from splash.accounts.vocabulary import SecretKind
from splash.core import formatting
from splash.shared.mail import sent, templates
from splash.shared.outbox import Job
from splash.shared.outbox.drain import Resources

CONFIRMATION_VALID = timedelta(days=7)
RESET_VALID = timedelta(hours=1)
EMAIL_CHANGE_VALID = timedelta(hours=24)


async def send_account_mail(
    job: Job, name: str, user: User, context: dict[str, Any], resources: Resources, to: str
) -> None:
    """Sends one of the account mails in the job's locale, logged as the account's."""
    locale = job.payload["locale"]
    context = {
        "name": templates.person_name(user.firstname or user.email),
        "shop_url": resources.settings.origin(locale),
        **context,
    }
    mail = templates.compose(name, locale, context, to=to, key=job.key)
    await sent.deliver(resources.mailer, mail, template=name, locale=locale, user_id=user.id)


def _api_link(resources: Resources, locale: str, path: str, query: dict[str, str]) -> str:
    settings = resources.settings
    return f"{settings.origin(locale)}{settings.api_prefix}{path}?{urlencode(query)}"


def _when(job: Job) -> str:
    return formatting.moment(datetime.fromisoformat(job.payload["when"]), job.payload["locale"])


async def send_confirmation(job: Job, resources: Resources) -> None:
    user = await User.get_or_none(email=job.payload["email"])
    if user is None or user.confirmed or user.blocked:
        return
    raw = await new_secret(SecretKind.CONFIRM, CONFIRMATION_VALID, user)
    link = _api_link(
        resources, job.payload["locale"], "/auth/email-confirmation", {"confirmation": raw}
    )
    context = {"link": link, "valid_days": CONFIRMATION_VALID.days}
    await send_account_mail(job, "account_confirmation", user, context, resources, user.email)


async def send_password_reset(job: Job, resources: Resources) -> None:
    user = await User.get_or_none(email=job.payload["email"])
    if user is None or user.blocked:
        return
    locale = job.payload["locale"]
    raw = await new_secret(SecretKind.RESET, RESET_VALID, user)
    link = resources.settings.origin(locale) + resources.routes.path_for("reset", locale)
    context = {
        "link": f"{link}?{urlencode({'code': raw})}",
        "valid_minutes": int(RESET_VALID.total_seconds() // 60),
    }
    await send_account_mail(job, "password_reset", user, context, resources, user.email)


async def send_password_changed(job: Job, resources: Resources) -> None:
    user = await User.get_or_none(id=job.payload["user_id"])
    if user is None:
        return
    locale = job.payload["locale"]
    context = {
        "when": _when(job),
        "forgot_link": resources.settings.origin(locale)
        + resources.routes.path_for("forgot-password", locale),
        "shop_email": resources.settings.shop_email,
    }
    await send_account_mail(job, "password_changed", user, context, resources, user.email)


async def send_email_change(job: Job, resources: Resources) -> None:
    """The link that changes the address, to the new address."""
    user = await User.get_or_none(id=job.payload["user_id"])
    if user is None:
        return
    new_email = job.payload["email"]
    raw = await new_secret(SecretKind.EMAIL_CHANGE, EMAIL_CHANGE_VALID, user, {"email": new_email})
    context = {
        "link": _api_link(resources, job.payload["locale"], "/auth/email-change", {"code": raw}),
        "valid_hours": int(EMAIL_CHANGE_VALID.total_seconds() // 3600),
        "new_email": new_email,
    }
    await send_account_mail(job, "email_change", user, context, resources, new_email)


async def send_email_changed(job: Job, resources: Resources) -> None:
    """Tells the old address that the account's address changed."""
    user = await User.get_or_none(id=job.payload["user_id"])
    if user is None:
        return
    context = {
        "new_email": job.payload["new_email"],
        "when": _when(job),
        "shop_email": resources.settings.shop_email,
    }
    await send_account_mail(
        job, "email_changed", user, context, resources, job.payload["old_email"]
    )
