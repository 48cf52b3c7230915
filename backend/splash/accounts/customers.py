"""Who an order belongs to: the rule the checkout uses, so an order never hands an existing
account to whoever typed its e-mail address (the guest-checkout form of account takeover).

- A signed-in parent's order is theirs; typing the address of *another* existing account is refused.
- A guest typing an address that has an account — confirmed or not, password or Google — is refused
  with 409 ``email_has_account``; the SPA asks them to log in or reset the password.
- A guest with a new address gets a new account from the order's personal details: unconfirmed and
  without a password, so nobody can sign in to it until the address's owner sets one through the
  link mailed to that address.
"""

from __future__ import annotations

from tortoise.exceptions import IntegrityError

from splash.accounts.models import User
from splash.accounts.vocabulary import AccountError
from splash.errors import ConflictError, field_error

EMAIL_HAS_ACCOUNT = (
    "This email address may have been used for a previous order. "
    "Please log in with your existing account."
)


def _has_account() -> ConflictError:
    return ConflictError(
        EMAIL_HAS_ACCOUNT,
        {
            "code": AccountError.EMAIL_HAS_ACCOUNT,
            "errors": [field_error(["email"], EMAIL_HAS_ACCOUNT)],
        },
    )


async def account_for_order(
    email: str,
    customer: User | None,
    firstname: str | None,
    lastname: str | None,
    locale: str,
) -> User:
    """The account an order placed with ``email`` by ``customer`` (None: a guest) belongs to."""
    address = email.strip().lower()
    if customer is not None:
        existing = await User.get_or_none(email=address)
        if existing is not None and existing.id != customer.id:
            raise _has_account()
        return customer
    # A guest: a new account, which the unique address refuses when the address has one.
    try:
        return await User.create(
            email=address,
            username=address,
            password_hash=None,
            confirmed=False,
            firstname=firstname,
            lastname=lastname,
            locale=locale,
        )
    except IntegrityError:  # the address has an account (or a concurrent order took it)
        raise _has_account() from None
