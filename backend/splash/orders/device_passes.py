"""The paying browser's pass: a guest's lessons play at once on the device that ordered them.

A guest's paid order makes an account without a password (``accounts.customers``), so nobody can
sign in to it until the mailbox's owner chooses one. Until then the browser that placed the order
holds a pass to what that order unlocked:

- ``POST /orders`` by a guest sets it: 256 random bits in an HttpOnly cookie (path ``/api``,
  SameSite=Lax), stored only as their SHA-256 on a row of the order. A retry of the checkout
  (the same Idempotency-Key, from the same browser) replaces it: the latest answer's cookie is
  the one that holds.
- It stands for the order, never for the account: the academy lets it watch the lessons that
  order granted (its own entitlement rows, so a refund takes them back) and nothing else — no
  other lesson of the account, no progress, no address, no order data, no session.
- It ends after ``PASS_VALID`` (the cookie's life too), and as soon as the account can sign in
  (a password set, Google linked) or is blocked: from then on signing in is the way.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from splash.accounts import services as accounts
from splash.core import one_time
from splash.orders.models import DevicePass

# As long as the mailed link that sets the account's first password (``accounts.services``).
PASS_VALID = timedelta(days=7)
COOKIE = "splash_device_pass"  # HttpOnly, the secret
HINT_COOKIE = "device_pass"  # readable by the SPA, "1": ask for the device's view


@dataclass(frozen=True)
class DeviceOrder:
    """What a live pass stands for: one paid order of one account (``pass_id`` names the pass
    in the academy's key tokens, so the key check asks again whether it still holds)."""

    pass_id: int
    order_id: int
    user_id: int


async def issue(order_id: int, now: datetime) -> str:
    """A new pass for a guest's order (any earlier one of it stops working): the cookie's value.
    One statement: the checkout pays for it in its count."""
    raw, token_hash = one_time.new_secret()
    await DevicePass.bulk_create(
        [DevicePass(order_id=order_id, token_hash=token_hash, expires_at=now + PASS_VALID)],
        on_conflict=["order_id"],
        update_fields=["token_hash", "expires_at"],
    )
    return raw


async def _live(found: DevicePass | None, now: datetime) -> DeviceOrder | None:
    if found is None or found.expires_at <= now:
        return None
    user_id = found.order.user_id  # type: ignore[attr-defined]
    if user_id is None or not await accounts.awaits_first_password(user_id):
        return None  # not paid yet; or the account signs in now
    return DeviceOrder(found.id, found.order.id, user_id)


async def device_order(raw: str | None, now: datetime) -> DeviceOrder | None:
    """The order a browser's pass cookie stands for, while the pass holds; else None (none sent,
    unknown, replaced, expired, the order not paid yet, or its account can sign in)."""
    if not raw or len(raw) > 128:
        return None
    found = await DevicePass.get_or_none(token_hash=one_time.digest(raw)).select_related("order")
    return await _live(found, now)


async def device_order_by_pass(pass_id: int, now: datetime) -> DeviceOrder | None:
    """The same for a pass named by a key token (which the shop signed): does it still hold?"""
    found = await DevicePass.get_or_none(id=pass_id).select_related("order")
    return await _live(found, now)
