"""Sending an outbox job's e-mail and logging it (``SentMail``): the one way handlers send, so
the studio sees every mail that left. The log row is written after the mailer took the mail; a
retry of the same job (same key) sends nothing once that row exists, and logs no second row."""

from __future__ import annotations

import contextlib
import secrets
from collections.abc import Collection

from tortoise.exceptions import IntegrityError
from tortoise.expressions import Q

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
    customer account it was about. A mail whose key is logged already is not sent again: its
    job's earlier attempt sent it and ended before marking the job done."""
    if email.message_key and await SentMail.exists(message_key=email.message_key):
        return
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


async def forget_recipient(
    replacement: str,
    *,
    address: str | None = None,
    user_id: int | None = None,
    order_ids: Collection[int] = (),
) -> int:
    """A privacy erasure, inside the caller's transaction: the log keeps that a mail was sent
    (when, which template, in which language) but no longer to whom. Matches the mails to
    ``address``, about the account ``user_id`` or about the orders ``order_ids``; how many."""
    about = [Q(to__iexact=address)] if address else []
    about += [Q(user_id=user_id)] if user_id is not None else []
    about += [Q(order_id__in=list(order_ids))] if order_ids else []
    if not about:
        return 0
    return await SentMail.filter(Q(*about, join_type="OR")).update(to=replacement)
