"""Provider states of the studio's shop screens (Pact: frontend/tests/pact/studio-shop.pact.test.ts;
the end-to-end test frontend/tests/e2e/studio-shop.spec.ts): a signed-in owner beside a customer
with a paid order (level 1 free with its float suit), an unpaid one holding stock, a lesson
granted by staff, and a blocked customer. Ids change from one reset to the next, so the state
answers them."""

from __future__ import annotations

from typing import Any

from splash.academy import grants
from splash.academy.models import Lesson
from splash.accounts.models import Address, User
from splash.catalog.models import ProductVariant
from splash.core.config import Settings
from splash.shared.mail.models import SentMail
from testkit.factories import (
    create_order,
    create_test_user,
    grant_level,
    reset_to_fixtures,
    staff_session,
)
from testkit.studio_states import OWNER, STAFF_PASSWORD, TOTP_SECRET, set_up_owner

CUSTOMER = "anna@example.com"
BLOCKED = "geblokkeerd@example.com"
GRANTED_LESSON = "level-2-lesson-1"
RESERVED_SKU = "SPL-FS-BLUE-L"  # two of them held by the customer's unpaid order


async def _customer() -> tuple[User, int]:
    """Anna Jansen with an address, a paid suit (level 1 with it) and its confirmation mail, and
    two suits unpaid; the paid order's id."""
    user = await create_test_user(CUSTOMER, "Zwemmen-2026")
    user.firstname, user.lastname = "Anna", "Jansen"
    await user.save(update_fields=["firstname", "lastname"])
    await Address.create(
        user=user,
        street="Prinsengracht",
        housenumber="263",
        postal_code="1016 GV",
        city="Amsterdam",
        country="nl",
    )
    paid = await grant_level(user, "level-1")
    await create_order(user, [(RESERVED_SKU, 2)])
    await SentMail.create(
        to=CUSTOMER,
        subject=f"Bedankt voor je bestelling {paid.order_nr}",
        template="order_confirmation",
        locale="nl",
        order_id=paid.id,
        message_key=f"confirmation-{paid.id}",
    )
    return user, paid.id


async def owner_and_customer(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """Answers ``session`` (the owner's cookie), ``customerId``, ``orderId`` (the paid order),
    ``entitlementId`` (a lesson the owner granted with a reason), ``blockedCustomerId`` and
    ``variantId`` (the variant the unpaid order reserves)."""
    await reset_to_fixtures(settings, app_ctx)
    owner = await set_up_owner(settings)
    user, order_id = await _customer()
    lesson = await Lesson.get(key=GRANTED_LESSON)
    [entitlement_id] = await grants.grant(user.id, [lesson], owner.id, "A sick day at the pool")
    blocked = await create_test_user(BLOCKED, "Zwemmen-2026")
    blocked.blocked = True
    await blocked.save(update_fields=["blocked"])
    variant = await ProductVariant.get(sku=RESERVED_SKU)
    return {
        "session": await staff_session(owner, settings),
        "customerId": user.id,
        "orderId": order_id,
        "entitlementId": entitlement_id,
        "blockedCustomerId": blocked.id,
        "variantId": variant.id,
    }


async def owner_and_customer_to_sign_in(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The same shop for the end-to-end test, which signs in itself: what signing in takes
    (the owner's e-mail, password and authenticator secret) beside the ids."""
    answer = await owner_and_customer(settings, app_ctx)
    answer.pop("session")
    return {**answer, "email": OWNER, "password": STAFF_PASSWORD, "totpSecret": TOTP_SECRET}


STUDIO_SHOP_STATES = {
    "a signed-in studio owner and a customer anna@example.com with orders and lessons": (
        owner_and_customer
    ),
    "a studio owner and a customer anna@example.com with orders and lessons": (
        owner_and_customer_to_sign_in
    ),
}
