"""A privacy request's work across the domains (docs/privacy.md): everything stored about a
customer in one document, and their erasure from every domain in the caller's transaction. Each
domain exports and erases its own part; this module only puts them together."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tortoise.expressions import Q

from splash.academy import grants
from splash.academy.schemas import EntitlementStudio
from splash.accounts import studio as accounts
from splash.accounts.models import User
from splash.core.schemas import PublicModel
from splash.forms import services as forms
from splash.handoff import services as handoff
from splash.orders import services as orders
from splash.orders.studio_schemas import SentMailPublic
from splash.shared import outbox
from splash.shared.mail.models import SentMail


class CustomerExport(PublicModel):
    """Everything stored about a customer (docs/privacy.md); the parts as their domains write
    them."""

    account: dict[str, Any]
    addresses: list[dict[str, Any]]
    tokens: list[dict[str, Any]]  # kind and dates: never a secret or its hash
    orders: list[dict[str, Any]]  # with their lines and payments
    entitlements: list[EntitlementStudio]
    lesson_progress: list[dict[str, Any]]
    form_submissions: list[dict[str, Any]]
    emails: list[SentMailPublic]  # the mails sent to them (the studio's log), newest first
    exported_at: datetime


class Erased(PublicModel):
    customer_id: int
    orders: int  # orders the person was taken out of (their amounts kept)
    form_submissions: int


async def export(user: User) -> CustomerExport:
    account = await accounts.export(user)
    return CustomerExport(
        account=account["account"],
        addresses=account["addresses"],
        tokens=account["tokens"],
        orders=await orders.customer_orders.export(user.id, user.email),
        entitlements=await grants.entitlements_of(user.id),
        lesson_progress=await grants.progress_of(user.id),
        form_submissions=await forms.export_sent_by(user.email),
        emails=[
            SentMailPublic.model_validate(mail, from_attributes=True)
            for mail in await sent_mails(user)
        ],
        exported_at=outbox.now(),
    )


async def sent_mails(user: User, limit: int | None = None) -> list[SentMail]:
    """The mails sent to a customer, newest first: their account's, those to their address and
    their orders' (one statement)."""
    about = (
        Q(user_id=user.id)
        | Q(to__iexact=user.email)
        | Q(order_id__in=orders.customer_orders.ids_of(user.id, user.email))
    )
    found = SentMail.filter(about).order_by("-sent_at", "-id")
    return list(await (found.limit(limit) if limit else found))


async def erase(user: User) -> Erased:
    """Inside the caller's transaction; the account last (the others find the person by its
    e-mail address)."""
    replacement = accounts.erased_address(user.id)
    erased = Erased(
        customer_id=user.id,
        orders=await orders.customer_orders.erase(user.id, user.email, replacement),
        form_submissions=await forms.erase_sent_by(user.email),
    )
    await grants.forget_progress(user.id)
    await handoff.forget_user(user.id)
    await accounts.erase(user)
    return erased
