"""The guest-checkout rule (splash/accounts/customers.py) on the real database: an order never
hands an existing account to whoever typed its e-mail address, and a guest's address gets an
account only once its order is paid."""

import asyncio

import pytest

from splash.accounts.customers import account_for_paid_order, check_guest_address
from splash.accounts.models import Address, User
from splash.core.errors import ConflictError


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
        await check_guest_address(" Ouder@Example.com ")

    assert refused.value.details["code"] == "email_has_account"
    assert refused.value.details["errors"][0]["path"] == ["email"]
    stored = await User.get(id=owner.id)
    assert (stored.firstname, stored.lastname, stored.password_hash) == (
        None,
        None,
        fields.get("password_hash", "argon2-hash"),
    )


async def test_a_guest_with_a_new_address_is_let_through_and_gets_no_account_yet(database):
    await check_guest_address("nieuw@example.com")

    assert await User.all().count() == 0


async def test_a_paid_guest_order_makes_an_account_nobody_can_sign_in_to_yet(database):
    created, new = await account_for_paid_order("Nieuw@Example.com", "Sanne", "de Vries", "de")

    assert new is True
    stored = await User.get(id=created.id)
    assert (stored.email, stored.username, stored.locale) == (
        "nieuw@example.com",
        "nieuw@example.com",
        "de",
    )
    assert (stored.firstname, stored.lastname) == ("Sanne", "de Vries")
    assert (stored.password_hash, stored.confirmed, stored.provider) == (None, False, "local")


async def test_a_paid_guest_order_goes_to_the_account_the_address_has_by_then(database):
    owner = await parent(confirmed=True)

    found, new = await account_for_paid_order("OUDER@example.com", "Eve", "Mallory", "nl")

    assert (found.id, new) == (owner.id, False)
    assert (await User.get(id=owner.id)).firstname is None  # the order's names change nothing


async def test_two_payments_racing_for_one_address_make_one_account(database):
    results = await asyncio.gather(
        account_for_paid_order("nieuw@example.com", "A", None, "nl"),
        account_for_paid_order("nieuw@example.com", "B", None, "nl"),
    )

    assert len({user.id for user, _ in results}) == 1
    assert sorted(new for _, new in results) == [False, True]
    assert await User.filter(email="nieuw@example.com").count() == 1


SHIPPING = {
    "street": "Keizersgracht",
    "housenumber": "12",
    "addition": "b",
    "additionalInfo": None,
    "postalCode": "1015 cj",
    "city": "Amsterdam",
    "country": "nl",
}
BILLING = {
    **SHIPPING,
    "street": "Hauptstraße",
    "postalCode": "10115",
    "city": "Berlin",
    "country": "de",
}


def _saved(address) -> tuple:
    return (address.position, address.street, address.postal_code, address.city, address.country)


async def test_a_new_account_keeps_the_orders_addresses_as_saved_addresses(database):
    created, new = await account_for_paid_order(
        "gast@example.com", "Eva", "de Vries", "nl", [SHIPPING, BILLING]
    )

    assert new
    saved = await Address.filter(user_id=created.id)
    assert [_saved(a) for a in saved] == [
        (0, "Keizersgracht", "1015 CJ", "Amsterdam", "nl"),
        (1, "Hauptstraße", "10115", "Berlin", "de"),
    ]
    assert (saved[0].housenumber, saved[0].addition) == ("12", "b")


async def test_a_billing_address_equal_to_the_shipping_one_is_saved_once(database):
    created, _ = await account_for_paid_order(
        "gast@example.com", "Eva", None, "nl", [SHIPPING, SHIPPING]
    )

    assert await Address.filter(user_id=created.id).count() == 1


async def test_an_existing_accounts_addresses_are_left_alone(database):
    owner = await parent("gast@example.com")

    await account_for_paid_order("gast@example.com", "Eva", None, "nl", [SHIPPING])

    assert await Address.filter(user_id=owner.id).count() == 0
