"""The guest-checkout rule (splash/accounts/customers.py) on the real database: an order never
hands an existing account to whoever typed its e-mail address."""

import asyncio

import pytest

from splash.accounts.customers import account_for_order
from splash.accounts.models import User
from splash.errors import ConflictError


async def parent(email: str = "ouder@example.com", **fields) -> User:
    return await User.create(
        email=email, username=email, **{"password_hash": "argon2-hash", **fields}
    )


@pytest.mark.parametrize(
    "fields",
    [
        pytest.param({"confirmed": True}, id="confirmed"),
        pytest.param({"confirmed": False}, id="unconfirmed"),
        pytest.param({"confirmed": True, "provider": "google", "password_hash": None}, id="google"),
    ],
)
async def test_a_guest_typing_the_address_of_an_account_is_refused(database, fields):
    owner = await parent(**fields)

    with pytest.raises(ConflictError) as refused:
        await account_for_order(" Ouder@Example.com ", None, "Eve", "Mallory", "nl")

    assert refused.value.details["code"] == "email_has_account"
    assert refused.value.details["errors"][0]["path"] == ["email"]
    stored = await User.get(id=owner.id)
    assert (stored.firstname, stored.lastname, stored.password_hash) == (
        None,
        None,
        fields.get("password_hash", "argon2-hash"),
    )


async def test_a_parent_signed_in_as_another_account_is_refused_too(database):
    await parent()
    someone_else = await parent("iemand@example.com", confirmed=True)

    with pytest.raises(ConflictError):
        await account_for_order("ouder@example.com", someone_else, None, None, "nl")


async def test_the_signed_in_owner_orders_with_their_own_address(database):
    owner = await parent(confirmed=True)

    assert (await account_for_order("OUDER@example.com", owner, None, None, "nl")).id == owner.id


async def test_a_signed_in_parent_with_a_new_contact_address_keeps_their_account(database):
    owner = await parent(confirmed=True)

    found = await account_for_order("werk@example.com", owner, None, None, "nl")

    assert found.id == owner.id
    assert await User.all().count() == 1


async def test_a_guest_with_a_new_address_gets_an_account_nobody_can_sign_in_to_yet(database):
    created = await account_for_order("Nieuw@Example.com", None, "Sanne", "de Vries", "de")

    stored = await User.get(id=created.id)
    assert (stored.email, stored.username, stored.locale) == (
        "nieuw@example.com",
        "nieuw@example.com",
        "de",
    )
    assert (stored.firstname, stored.lastname) == ("Sanne", "de Vries")
    assert (stored.password_hash, stored.confirmed, stored.provider) == (None, False, "local")


async def test_two_guests_racing_for_one_address_get_one_account_and_one_refusal(database):
    results = await asyncio.gather(
        account_for_order("nieuw@example.com", None, "A", None, "nl"),
        account_for_order("nieuw@example.com", None, "B", None, "nl"),
        return_exceptions=True,
    )

    assert sorted(type(r).__name__ for r in results) == ["ConflictError", "User"]
    assert await User.filter(email="nieuw@example.com").count() == 1
