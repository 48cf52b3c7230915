"""Sending an outbox job's e-mail and logging it (``SentMail``): the one way handlers send, so
the studio sees every mail that left. The log row is written after the mailer took the mail;
a retry of the same job (same key) sends again, as the outbox promises, but logs no second row."""

from __future__ import annotations

import contextlib
import secrets

from tortoise.exceptions import IntegrityError

from splash.shared.mail.mailer import Email, Mailer
from splash.shared.mail.models import SentMail


async def deliver(
    mailer: Mailer,
    email: Email,
    *,
    template: str,
    locale: str,
    order_id: int | None = None,
    user_id: int | None = None,
) -> None:
    """Sends ``email`` (a ``template`` in ``locale``) and logs it, naming the order or the
    customer account it was about."""
    await mailer.send(email)
    with contextlib.suppress(IntegrityError):
        await SentMail.create(
            to=email.to[:254],
            subject=email.subject[:300],
            template=template,
            locale=locale,
            order_id=order_id,
            user_id=user_id,
            message_key=email.message_key or secrets.token_hex(16),
        )
