"""What the orders domain offers the rest of Splash: whether an order exists, the shipping
countries and their costs, what the academy reads and plugs in. The cart's quote is
``orders.quote``."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from splash.core.fixtures import upsert
from splash.orders import customer_orders, dashboard, digital, fulfilment
from splash.orders.cart_pricing import Image as LineImage
from splash.orders.cart_pricing import SellableLine
from splash.orders.device_passes import COOKIE as DEVICE_PASS_COOKIE
from splash.orders.device_passes import DeviceOrder, device_order, device_order_by_pass
from splash.orders.fulfilment import Grant, Revoke, WhereUnlocked
from splash.orders.models import Order, OrderLine, ShippingCountry
from splash.orders.order_numbers import is_slug
from splash.orders.schemas import ShippingCountryPublic
from splash.orders.stock import reserved_units

# What the academy uses (another domain uses orders only through its services): the order it
# reads, the lines it describes, and the paying browser's pass to what a guest's order unlocked;
# the studio's site-level routes read a customer's orders and the dashboard's figures here, and
# the catalog's stock list the units unpaid orders hold (``reserved_units``, plugged in);
# splash.site.wiring plugs its describer, grant and revoke in through ``plug_in``.
__all__ = [
    "DEVICE_PASS_COOKIE",
    "DeviceOrder",
    "LineImage",
    "Order",
    "OrderLine",
    "SellableLine",
    "WhereUnlocked",
    "customer_orders",
    "dashboard",
    "device_order",
    "device_order_by_pass",
    "reserved_units",
]


def plug_in(
    describers: Sequence[digital.Describer],
    grants: Sequence[Grant],
    revokes: Sequence[Revoke],
    unlocked: Sequence[WhereUnlocked],
) -> None:
    """What another domain adds to orders (the academy: lessons), replacing what was there."""
    digital.plug_in(describers)
    fulfilment.plug_in(grants, revokes, unlocked)


async def order_exists(slug: str) -> bool:
    """Whether ``slug`` names an order: one lookup on the unique slug, nothing else read (the
    slug is the capability to the order; whoever holds it learns no more here than that)."""
    return is_slug(slug) and await Order.exists(slug=slug)


async def shipping_countries() -> list[ShippingCountryPublic]:
    return [
        ShippingCountryPublic(iso=row.iso, shipping_cost=row.shipping_cost)
        for row in await ShippingCountry.all()
    ]


async def shipping_costs() -> dict[str, int]:
    """Shipping cost in cents per country, in the shop's order."""
    return {row.iso: row.shipping_cost for row in await ShippingCountry.all()}


async def seed_shipping_countries(countries: list[dict[str, Any]]) -> int:
    for position, country in enumerate(countries):
        await upsert(
            ShippingCountry,
            {"iso": country["iso"]},
            {"shipping_cost": country["shippingCost"], "position": position},
        )
    return len(countries)
