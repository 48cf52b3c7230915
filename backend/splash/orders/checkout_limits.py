"""The checkout's limits (issue 23 point 3): without them one client placed 30 guest orders in
1.2 s, each mailing a stranger, and a few dozen unpaid orders held the whole stock.

- **Orders per client address and per e-mail address** in a window (default 10 and 5 per
  quarter hour), counted by the shop's one rate limiter (``splash.shared.http.ratelimit``: in
  process, or shared through Redis) on every attempt that gets past the schema and the captcha.
- **Open unpaid orders per client address and per e-mail address** (default 5 and 3): orders
  still waiting for their money whose reservation has not ended, counted in the database when
  an order is placed, one order at a time per client and per address (``db.serialize_on``).
  Retry-After says when the first of them ends.

A client address is kept on the order only as a keyed hash (``client_key``), and an IPv6
client counts by its /64 (one line, one household). Each refusal is a 429 ``too_many_orders``
with Retry-After (also in ``details.retryAfter``, for the SPA's message).
"""

from __future__ import annotations

import hashlib
import hmac
import math
from dataclasses import dataclass
from datetime import datetime, timedelta
from ipaddress import IPv6Address, ip_address, ip_network
from typing import Protocol

from splash.core import db
from splash.core.config import Settings
from splash.core.errors import RateLimitError
from splash.orders.models import Order
from splash.orders.vocabulary import OrderError, OrderStatus

MESSAGE = "Too many orders; try again in {wait} seconds"


class Counter(Protocol):
    """The shop's rate limiter (``splash.shared.http.ratelimit.RateLimiter``)."""

    async def hit(self, key: str, limit: int, window: int) -> int | None: ...


@dataclass(frozen=True)
class CheckoutLimits:
    orders_per_client: int
    orders_per_email: int
    window_seconds: int
    open_per_client: int
    open_per_email: int
    reservation: timedelta

    @classmethod
    def from_settings(cls, settings: Settings) -> CheckoutLimits:
        return cls(
            orders_per_client=settings.checkout_orders_per_client,
            orders_per_email=settings.checkout_orders_per_email,
            window_seconds=settings.checkout_window_seconds,
            open_per_client=settings.checkout_open_per_client,
            open_per_email=settings.checkout_open_per_email,
            reservation=timedelta(minutes=settings.order_reservation_minutes),
        )


@dataclass(frozen=True)
class Buyer:
    """Who places an order, as the limits see them."""

    client_key: str
    counter: Counter
    limits: CheckoutLimits


def client_key(address: str, secret: str) -> str:
    """A keyed hash of the client address (an IPv6 address by its /64)."""
    try:
        parsed = ip_address(address)
    except ValueError:
        network = address  # not an address (a test client's peer): as it is
    else:
        is_v6 = isinstance(parsed, IPv6Address)
        network = str(ip_network(f"{parsed}/64", strict=False) if is_v6 else parsed)
    return hmac.new(secret.encode(), network.encode(), hashlib.sha256).hexdigest()


def too_many(wait: int) -> RateLimitError:
    return RateLimitError(
        MESSAGE.format(wait=wait),
        {"code": OrderError.TOO_MANY_ORDERS, "retryAfter": wait},
        headers={"retry-after": str(wait)},
    )


async def count_attempt(buyer: Buyer, email: str) -> None:
    """Counts one order attempt for the client and for the address; 429 past either limit."""
    limits = buyer.limits
    for key, limit in (
        (f"checkout|client|{buyer.client_key}", limits.orders_per_client),
        (f"checkout|email|{email}", limits.orders_per_email),
    ):
        wait = await buyer.counter.hit(key, limit, limits.window_seconds)
        if wait is not None:
            raise too_many(wait)


async def check_open(buyer: Buyer, email: str, now: datetime) -> None:
    """429 when the client or the address has as many open unpaid orders as allowed; the wait
    is until the first of them ends its reservation. Called in the transaction that writes the
    order."""
    limits = buyer.limits
    # Simultaneous orders of one client or address check one after the other (the order that
    # passes is written before the next one counts).
    await db.serialize_on(f"checkout-open|{buyer.client_key}", f"checkout-open|{email}")
    for where, cap in (
        ({"client_key": buyer.client_key}, limits.open_per_client),
        ({"email": email}, limits.open_per_email),
    ):
        ends = (
            await Order.filter(**where, status=OrderStatus.AWAITING_PAYMENT, reserved_until__gt=now)
            .order_by("reserved_until")
            .limit(cap)
            .values_list("reserved_until", flat=True)
        )
        if len(ends) >= cap:
            first_end: datetime = ends[0]  # type: ignore[assignment]  # flat: one value a row
            raise too_many(max(1, math.ceil((first_end - now).total_seconds())))
