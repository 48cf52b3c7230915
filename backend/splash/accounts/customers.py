"""Who an order belongs to: the rule the checkout uses, so an order never hands an existing
account to whoever typed its e-mail address (the guest-checkout form of account takeover), and
a typed address gets no account — and no mail asking to choose a password — before money says
a real buyer stands behind it (issue 23).

- A signed-in parent's order is theirs, and goes to their account's address (whatever the
  form says): a signed-in buyer cannot make Splash mail a stranger.
- A guest typing an address that has an account — confirmed or not, password or Google — is refused
  with 409 ``email_has_account``; the SPA asks them to log in or set their password (a guest's
  earlier order made an account without one). The answer is the same whether or not the account
  owns what the cart holds: it tells no more than that the address has an account.
- A guest with a new address gets no account when the order is placed: the order waits with
  the address alone. When it is paid, the address gets an account from the order's personal
  details (unconfirmed and without a password, so nobody can sign in to it until the
  address's owner sets one through the link mailed to that address), or the order goes to the
  account the address has by then (a second paid order, or the owner registered meanwhile).
  A new account keeps the order's addresses as its saved addresses (the billing address only
  when it differs); an existing account's addresses are its owner's and stay as they are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError as PydanticValidationError
from tortoise.exceptions import IntegrityError
from tortoise.transactions import in_transaction

from splash.accounts.models import Address, User
from splash.accounts.schemas import AddressFields
from splash.accounts.vocabulary import AccountError
from splash.core.errors import ConflictError, field_error

# The same words for every account, whatever it bought: they say no more than that the address
# has one (which step 1's "Have an account? Log in" leaves open to everyone anyway).
EMAIL_HAS_ACCOUNT = (
    "This email address may have been used for a previous order; anything bought with it is "
    "waiting in that account. Please log in, or set your password first if you ordered as a guest."
)


def _has_account() -> ConflictError:
    return ConflictError(
        EMAIL_HAS_ACCOUNT,
        {
            "code": AccountError.EMAIL_HAS_ACCOUNT,
            "errors": [field_error(["email"], EMAIL_HAS_ACCOUNT)],
        },
    )


def normalized(email: str) -> str:
    return email.strip().lower()


async def check_guest_address(email: str) -> None:
    """A guest's order may use ``email`` only when no account has it (409 otherwise)."""
    if await User.filter(email=normalized(email)).exists():
        raise _has_account()


def address_fields(entry: AddressFields, position: int) -> dict[str, Any]:
    """A saved address's columns from an address as typed (the profile's, an order's)."""
    return {
        "position": position,
        "street": entry.street,
        "housenumber": entry.housenumber,
        "addition": entry.addition or None,
        "additional_info": entry.additional_info or None,
        "postal_code": entry.postal_code.upper(),
        "city": entry.city,
        "country": entry.country,
    }


async def account_for_paid_order(
    email: str,
    firstname: str | None,
    lastname: str | None,
    locale: str,
    addresses: Sequence[dict[str, Any]] = (),
) -> tuple[User, bool]:
    """The account a guest's paid order goes to: the address's account, made now (True) when it
    has none, with the order's ``addresses`` (as the order keeps them) saved on it. Inside the
    caller's transaction; a concurrent payment making the same account first is found (the
    insert runs in a savepoint, so its refusal leaves the transaction usable on PostgreSQL)."""
    address = normalized(email)
    existing = await User.get_or_none(email=address)
    if existing is not None:
        return existing, False
    try:
        async with in_transaction():
            created = await User.create(
                email=address,
                username=address,
                password_hash=None,
                confirmed=False,
                firstname=firstname,
                lastname=lastname,
                locale=locale,
            )
    except IntegrityError:  # another payment of this address made it just now
        return await User.get(email=address), False
    saved: list[AddressFields] = []
    for kept in addresses:
        try:
            entry = AddressFields.model_validate(kept)
        except PydanticValidationError:  # kept under older rules: the payment goes on without it
            continue
        if entry not in saved:
            saved.append(entry)
    for position, entry in enumerate(saved):
        await Address.create(user_id=created.id, **address_fields(entry, position))
    return created, True
