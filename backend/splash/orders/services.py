"""Shipping countries and the cart quote: every price and total computed here, from the
catalog's prices — what the client sends is only which variants, how many and which options."""

from __future__ import annotations

from typing import Any

from splash.accounts import services as accounts
from splash.catalog import services as catalog
from splash.fixtures import upsert
from splash.orders.models import ShippingCountry
from splash.orders.schemas import QuoteRequest
from splash.orders.shipping import shipping_for


async def shipping_countries() -> list[dict[str, Any]]:
    return [
        {"iso": row.iso, "shippingCost": row.shipping_cost} for row in await ShippingCountry.all()
    ]


async def seed_shipping_countries(countries: list[dict[str, Any]]) -> int:
    for position, country in enumerate(countries):
        await upsert(
            ShippingCountry,
            {"iso": country["iso"]},
            {"shipping_cost": country["shippingCost"], "position": position},
        )
    return len(countries)


async def quote(request: QuoteRequest, user: accounts.User | None) -> dict[str, Any]:
    """The cart's lines priced, lines naming no variant dropped, shipping and totals.

    A signed-in user gets shipping to their first saved address's country when the request
    names none; a guest (``user`` None) does not."""
    sellables = await catalog.sellables([line.variant_id for line in request.items])
    items: list[dict[str, Any]] = []
    dropped: list[dict[str, Any]] = []
    physical = False
    for line in request.items:
        variant = sellables.get(line.variant_id)
        if variant is None:
            dropped.append({"variantId": line.variant_id, "reason": "unknown"})
            continue
        physical = physical or variant.physical
        items.append(
            {
                "variantId": variant.id,
                "quantity": line.quantity,
                "options": [option.model_dump() for option in line.options],
                "unitPrice": variant.price,
                "lineTotal": variant.price * line.quantity,
                "available": variant.available and variant.stock >= line.quantity,
                "stock": variant.stock,
            }
        )
    address_countries = (
        await accounts.address_countries(user) if physical and request.country is None else []
    )
    costs = {row["iso"]: row["shippingCost"] for row in await shipping_countries()}
    shipping = shipping_for(physical, costs, request.country, address_countries)
    subtotal = sum(int(item["lineTotal"]) for item in items)
    return {
        "items": items,
        "dropped": dropped,
        "physical": physical,
        "subtotal": subtotal,
        "shipping": {
            "status": shipping.status,
            "cost": shipping.shown,
            "country": shipping.country,
        },
        "total": subtotal + (shipping.shown or 0),
    }
