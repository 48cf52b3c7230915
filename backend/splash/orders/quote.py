"""The cart quote: every price and total computed here, from the catalog's prices — what the
client sends is only which variants, how many and which options. The checkout
(``orders.checkout``) prices an order with the same lines and costs."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict

from splash.accounts import services as accounts
from splash.catalog import services as catalog
from splash.core.route_table import RouteTable
from splash.orders import cart_pricing, digital
from splash.orders.schemas import (
    CartLine,
    DroppedLinePublic,
    Image,
    OptionPublic,
    QuoteLinePublic,
    QuotePublic,
    QuoteRequest,
    ShippingCountryPublic,
    ShippingPublic,
    VatPublic,
)
from splash.orders.services import shipping_costs


async def quote(
    request: QuoteRequest,
    user: accounts.User | None,
    locale: str,
    table: RouteTable,
) -> QuotePublic:
    """The cart's lines priced (lines naming no variant dropped), shipping, VAT and totals.

    A signed-in user gets shipping to their first saved address's country when the request
    names none; a guest (``user`` None) does not."""
    sellables = await catalog.sellables([line.variant_id for line in request.items], locale, table)
    known = [line for line in request.items if line.variant_id in sellables]
    address_countries = (
        await accounts.address_countries(user) if known and request.country is None else []
    )
    lines = [sellable_line(line, sellables[line.variant_id]) for line in known]
    cart = cart_pricing.Cart(
        lines=await digital.describe(lines, user.id if user else None, locale, table),
        country=request.country,
        address_countries=address_countries,
        shipping_costs=await shipping_costs(),
        unknown_variant_ids=[
            line.variant_id for line in request.items if line.variant_id not in sellables
        ],
    )
    return _public(cart_pricing.quote(cart), cart.shipping_costs)


def sellable_line(line: CartLine, variant: catalog.Sellable) -> cart_pricing.SellableLine:
    """A cart line joined with its variant from the catalog (its price, stock and texts)."""
    image = variant.image
    return cart_pricing.SellableLine(
        variant_id=variant.id,
        title=variant.title,
        variant_label=variant.variant_label,
        unit_price=variant.price,
        quantity=line.quantity,
        product_type=variant.product_type,
        available=variant.available,
        stock=variant.stock,
        image=cart_pricing.Image(image["src"], image["alt"], image["width"], image["height"])
        if image
        else None,
        product_path=variant.path,
        options=tuple((option.key, option.value) for option in line.options),
    )


def _public(quote: cart_pricing.Quote, costs: Mapping[str, int]) -> QuotePublic:
    return QuotePublic(
        items=[_public_line(quoted) for quoted in quote.lines],
        dropped=[DroppedLinePublic(variant_id=vid, reason="unknown") for vid in quote.dropped],
        physical=quote.physical,
        subtotal=quote.subtotal,
        shipping=ShippingPublic(
            status=quote.shipping.status,
            cost=quote.shipping.shown,
            country=quote.shipping.country,
        ),
        vat=VatPublic(
            country=quote.vat_country,
            rate=quote.vat_rate,
            shipping=quote.shipping_vat,
            total=quote.vat,
        ),
        total=quote.total,
        countries=[
            ShippingCountryPublic(iso=iso, shipping_cost=cost) for iso, cost in costs.items()
        ],
    )


def _public_line(quoted: cart_pricing.QuotedLine) -> QuoteLinePublic:
    line = quoted.line
    return QuoteLinePublic(
        variant_id=line.variant_id,
        quantity=line.quantity,
        options=[OptionPublic(key=key, value=value) for key, value in line.options],
        title=line.title,
        variant_label=line.variant_label,
        image=Image(**asdict(line.image)) if line.image else None,
        product_path=line.product_path,
        unit_price=line.unit_price,
        line_total=quoted.line_total,
        vat=quoted.vat,
        available=quoted.available,
        stock=line.stock,
        product_type=line.product_type,
        refusal=line.refusal,
    )
