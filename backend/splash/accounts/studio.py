"""What the studio reads and changes of customer accounts: the searchable list, one account
with its addresses, a password-set link, and the account's part of a privacy request (its
export, and its erasure: the account stays, as the anchor of the orders the law keeps, but
holds nothing that names a person and can never sign in again)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tortoise.expressions import Q, Subquery

from splash.accounts.models import AccountToken, Address, User
from splash.accounts.vocabulary import (
    CONFIRMATION_JOB,
    EMAIL_CHANGE_JOB,
    EMAIL_CHANGED_JOB,
    PASSWORD_CHANGED_JOB,
    PASSWORD_RESET_JOB,
)
from splash.core import db
from splash.core.errors import NotFoundError
from splash.shared import outbox
from splash.shared.mail import sent

# The list's sort keys → columns (a leading "-": newest / Z first).
SORTS = {"created": "created_at", "email": "email", "name": "lastname"}


@dataclass(frozen=True)
class CustomerSearch:
    text: str | None  # in the e-mail, first or last name, or a saved address's postal code
    sort: str  # a key of SORTS, "-" first for descending
    offset: int
    limit: int


async def customers(wanted: CustomerSearch) -> tuple[list[User], int]:
    """One page of accounts and how many match, in one statement."""
    query = User.all()
    if wanted.text:
        text = wanted.text.strip()
        query = query.filter(
            Q(email__icontains=text)
            | Q(firstname__icontains=text)
            | Q(lastname__icontains=text)
            | Q(id__in=_postal_code_holders(text))
        )
    column = SORTS[wanted.sort.lstrip("-")]
    direction = "-" if wanted.sort.startswith("-") else ""
    ordered = query.order_by(f"{direction}{column}", f"{direction}id")
    return await db.page_of(ordered, wanted.offset, wanted.limit)


def _postal_code_holders(text: str) -> Any:
    """The ids of accounts with a saved address at that postal code, however it is spaced
    ("1015cs" finds "1015 CS", "SW1A1AA" finds "SW1A 1AA")."""
    compact = text.replace(" ", "")
    spellings = {text, compact, f"{compact[:-3]} {compact[-3:]}", f"{compact[:-2]} {compact[-2:]}"}
    return Subquery(
        Address.filter(Q(*(Q(postal_code__iexact=s) for s in spellings), join_type="OR")).values(
            "user_id"
        )
    )


async def customer(user_id: int) -> User:
    found = await User.get_or_none(id=user_id)
    if found is None:
        raise NotFoundError("No such customer")
    return found


async def addresses(user_id: int) -> list[Address]:
    return list(await Address.filter(user_id=user_id).order_by("position", "id"))


async def enqueue_password_link(user: User) -> None:
    """The forgot-password mail, in the customer's language, inside the caller's
    ``outbox.transaction()``: the drainer mints the link (``accounts.mails``)."""
    await outbox.enqueue(PASSWORD_RESET_JOB, {"email": user.email, "locale": user.locale})


def erased_address(user_id: int) -> str:
    """What an erased account's e-mail becomes: unique, and never deliverable (``.invalid``)."""
    return f"erased-{user_id}@erased.invalid"


async def export(user: User) -> dict[str, Any]:
    """The account, its addresses and its tokens' metadata (never a secret or its hash)."""
    tokens = await AccountToken.filter(user_id=user.id).order_by("id")
    return {
        "account": {
            "id": user.id,
            "email": user.email,
            "username": user.username,
            "firstname": user.firstname,
            "lastname": user.lastname,
            "locale": user.locale,
            "provider": user.provider,
            "googleLinked": user.google_sub is not None,
            "hasPassword": user.password_hash is not None,
            "confirmed": user.confirmed,
            "blocked": user.blocked,
            "createdAt": user.created_at.isoformat(),
            "updatedAt": user.updated_at.isoformat(),
        },
        "addresses": [_address(a) for a in await addresses(user.id)],
        "tokens": [
            {
                "kind": t.kind,
                "createdAt": t.created_at.isoformat(),
                "expiresAt": t.expires_at.isoformat(),
                "usedAt": t.used_at.isoformat() if t.used_at else None,
            }
            for t in tokens
        ],
    }


def _address(address: Address) -> dict[str, Any]:
    return {
        "street": address.street,
        "housenumber": address.housenumber,
        "addition": address.addition,
        "additionalInfo": address.additional_info,
        "postalCode": address.postal_code,
        "city": address.city,
        "country": address.country,
    }


ACCOUNT_MAILS = (
    CONFIRMATION_JOB,
    PASSWORD_RESET_JOB,
    PASSWORD_CHANGED_JOB,
    EMAIL_CHANGE_JOB,
    EMAIL_CHANGED_JOB,
)


async def erase(user: User) -> None:
    """Inside the caller's transaction: no name, address, e-mail, password or Google link
    left, every token deleted and every session ended (the token version moves on); the
    account's mails, sent or waiting, no longer name the address."""
    await Address.filter(user_id=user.id).delete()
    await AccountToken.filter(user_id=user.id).delete()
    address = erased_address(user.id)
    email = user.email.lower()

    def about(payload: dict[str, Any]) -> bool:
        named = {str(value).lower() for value in payload.values() if isinstance(value, str)}
        return payload.get("user_id") == user.id or email in named

    await outbox.forget(ACCOUNT_MAILS, about)
    await sent.forget_recipient(address, address=user.email, user_id=user.id)
    await User.filter(id=user.id).update(
        email=address,
        username=address,
        firstname=None,
        lastname=None,
        password_hash=None,
        provider="local",
        google_sub=None,
        confirmed=False,
        blocked=True,
        token_version=user.token_version + 1,
    )
