"""What the studio's customer, stock and dashboard tests share: a signed-in staff member's
headers, and a customer with an address, orders and lessons."""

from __future__ import annotations

from dataclasses import dataclass

from splash.accounts.models import Address, User
from splash.orders.models import Order
from testkit.factories import create_order, create_test_user, grant_level
from tests.staff.support import cookie_of, staff


async def headers_of(settings, role: str = "shop") -> dict[str, str]:
    return await cookie_of(await staff(settings, role), settings)


@dataclass(frozen=True)
class Customer:
    user: User
    paid: Order  # a float suit, paid: level 1 free with it
    unpaid: Order  # two suits, awaiting payment (stock reserved)


async def a_customer(email: str = "anna@example.com") -> Customer:
    user = await create_test_user(email, "Zwemmen-2026")
    user.firstname, user.lastname, user.locale = "Anna", "Jansen", "de"
    await user.save()
    await Address.create(
        user=user,
        street="Prinsengracht",
        housenumber="263",
        postal_code="1016 GV",
        city="Amsterdam",
        country="nl",
    )
    paid = await grant_level(user, "level-1")
    unpaid = await create_order(user, [("SPL-FS-BLUE-L", 2)])
    return Customer(user, paid, unpaid)
