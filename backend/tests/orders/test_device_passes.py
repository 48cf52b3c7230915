"""The paying browser's pass (orders/device_passes.py) on the real database: a guest's checkout
sets it (HttpOnly, to the API only, stored as its SHA-256), a retry replaces it, and it stands
for the paid order only while the order's account cannot sign in, and only until it expires."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from splash.accounts import services as accounts
from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.orders.device_passes import (
    COOKIE,
    HINT_COOKIE,
    PASS_VALID,
    DeviceOrder,
    device_order,
    device_order_by_pass,
)
from splash.orders.models import DevicePass, Order
from testkit.factories import create_test_user
from tests.orders.drafts import draft, line, new_key, pay, place, quiet_client


@pytest.fixture
def client(settings):
    return quiet_client(settings)


async def _blue_suit() -> list[dict[str, Any]]:
    return [line((await ProductVariant.get(sku="SPL-FS-BLUE-M")).id)]


def _set_cookies(response: Any) -> dict[str, str]:
    """Each Set-Cookie header of the answer by its cookie's name."""
    found = {}
    for header in response.headers.get_list("set-cookie"):
        found[header.split("=", 1)[0]] = header
    return found


async def _guest_checkout(client: Any, key: str | None = None) -> tuple[Order, str]:
    response = await place(client, draft(await _blue_suit(), email="gast@example.com"), key)
    assert response.status in (200, 201), response.text
    order = await Order.get(slug=response.json["data"]["slug"])
    return order, response.cookies[COOKIE]


async def test_a_guests_checkout_gives_the_browser_a_pass_kept_only_as_its_hash(client, seeded):
    before = datetime.now(UTC)

    response = await place(client, draft(await _blue_suit(), email="gast@example.com"))

    assert response.status == 201
    cookies = _set_cookies(response)
    secret = cookies[COOKIE]
    assert "HttpOnly" in secret
    assert "Path=/api" in secret
    assert "SameSite=Lax" in secret
    assert f"Max-Age={int(PASS_VALID.total_seconds())}" in secret
    assert "Secure" not in secret  # the tests run on http; https sets it (settings.scheme)
    hint = cookies[HINT_COOKIE]
    assert hint.startswith(f"{HINT_COOKIE}=1;")
    assert "HttpOnly" not in hint
    assert "Path=/;" in hint
    raw = response.cookies[COOKIE]
    assert len(raw) == 43  # 256 random bits, URL-safe
    stored = await DevicePass.get()
    order = await Order.get(slug=response.json["data"]["slug"])
    assert stored.order_id == order.id  # type: ignore[attr-defined]
    assert stored.token_hash == hashlib.sha256(raw.encode()).hexdigest()
    assert raw not in str(await DevicePass.all().values())
    assert before + PASS_VALID <= stored.expires_at <= datetime.now(UTC) + PASS_VALID


async def test_a_signed_in_buyers_checkout_sets_no_pass(client, seeded, settings):
    parent = await create_test_user("ouder@example.com", "Zwemmen-2026")
    bearer = {"authorization": f"Bearer {accounts.session_token(parent, settings)}"}

    response = await place(client, draft(await _blue_suit()), headers=bearer)

    assert response.status == 201
    assert _set_cookies(response) == {}
    assert await DevicePass.all().count() == 0


async def test_a_retry_of_the_checkout_replaces_the_pass(client, seeded):
    key = new_key()
    order, first = await _guest_checkout(client, key)
    again, second = await _guest_checkout(client, key)
    await pay(client, order)

    assert again.id == order.id
    assert first != second
    assert await DevicePass.all().count() == 1
    assert await device_order(first, datetime.now(UTC)) is None
    assert await device_order(second, datetime.now(UTC)) is not None


async def test_the_pass_stands_for_the_paid_order_until_its_account_can_sign_in(client, seeded):
    order, raw = await _guest_checkout(client)
    now = datetime.now(UTC)
    assert await device_order(raw, now) is None  # not paid: no account, nothing bought yet

    await pay(client, order)

    guest = await User.get(email="gast@example.com")
    stored = await DevicePass.get()
    live = DeviceOrder(stored.id, order.id, guest.id)
    assert await device_order(raw, now) == live
    assert await device_order_by_pass(stored.id, now) == live
    await User.filter(id=guest.id).update(password_hash="argon2-hash-of-a-chosen-password")
    assert await device_order(raw, now) is None
    assert await device_order_by_pass(stored.id, now) is None


@pytest.mark.parametrize(
    "change",
    [{"google_sub": "g-gast", "provider": "google"}, {"blocked": True}],
    ids=["google-linked", "blocked"],
)
async def test_an_account_that_signs_in_with_google_or_is_blocked_ends_the_pass(
    client, seeded, change
):
    order, raw = await _guest_checkout(client)
    await pay(client, order)

    await User.filter(email="gast@example.com").update(**change)

    assert await device_order(raw, datetime.now(UTC)) is None


async def test_an_expired_pass_stands_for_nothing(client, seeded):
    order, raw = await _guest_checkout(client)
    await pay(client, order)
    stored = await DevicePass.get()

    later = stored.expires_at + timedelta(seconds=1)

    assert await device_order(raw, stored.expires_at - timedelta(seconds=1)) is not None
    assert await device_order(raw, stored.expires_at) is None
    assert await device_order(raw, later) is None
    assert await device_order_by_pass(stored.id, later) is None


@pytest.mark.parametrize("raw", [None, "", "x" * 129, "not-a-pass"])
async def test_no_or_a_made_up_pass_stands_for_nothing(database, raw):
    assert await device_order(raw, datetime.now(UTC)) is None
