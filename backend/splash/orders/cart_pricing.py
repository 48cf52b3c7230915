"""The cart's money (pure): lines priced, shipping (``shipping.py``), the VAT those prices hold
and the total — integer cents throughout, computed from plain data the service loads.

Prices are VAT-inclusive, as the shop shows them; the VAT is the part of that price owed to
the destination country, at its rate (EU distance-selling rules). Until a country is known the
shop's home rate applies. The rates are data (``splash.core.countries.VAT_PERCENT``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from splash.catalog.vocabulary import ProductType
from splash.core.countries import HOME_COUNTRY, VAT_PERCENT
from splash.orders.shipping import Shipping, shipping_for
from splash.orders.vocabulary import LineRefusal


@dataclass(frozen=True)
class Image:
    src: str
    alt: str
    width: int
    height: int


@dataclass(frozen=True)
class SellableLine:
    """A cart line joined with the catalog's variant: what is sold, at which price, how many."""

    variant_id: int
    title: str
    variant_label: str
    unit_price: int  # cents, VAT included
    quantity: int
    product_type: ProductType  # physical lines are shipped
    available: bool  # switched on and in stock
    stock: int
    image: Image | None = None
    product_path: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    refusal: LineRefusal | None = None  # digital lines: owned already, or in another line


@dataclass(frozen=True)
class Cart:
    lines: Sequence[SellableLine]
    country: str | None = None  # the destination the customer chose
    address_countries: Sequence[str] = ()  # the customer's saved addresses, first first
    shipping_costs: Mapping[str, int] = field(default_factory=dict)
    unknown_variant_ids: Sequence[int] = ()  # lines naming no sellable variant


@dataclass(frozen=True)
class QuotedLine:
    line: SellableLine
    line_total: int
    vat: int  # contained in line_total
    available: bool  # sellable in this quantity now


@dataclass(frozen=True)
class Quote:
    lines: tuple[QuotedLine, ...]
    dropped: tuple[int, ...]
    physical: bool
    subtotal: int
    shipping: Shipping
    vat_country: str
    vat_rate: int  # percent
    shipping_vat: int
    vat: int  # contained in total
    total: int


def vat_in(gross: int, rate: int) -> int:
    """The VAT contained in a VAT-inclusive amount: gross * rate / (100 + rate), rounded half
    up, in integers (a float would round 0.5 cent either way)."""
    return (2 * gross * rate + 100 + rate) // (2 * (100 + rate))


def vat_country(cart: Cart) -> str:
    """Where the goods go: the chosen country, else the first saved address's, else home."""
    first_address = cart.address_countries[0] if cart.address_countries else None
    for country in (cart.country, first_address):
        if country is not None and country in VAT_PERCENT:
            return country
    return HOME_COUNTRY


def quote(cart: Cart) -> Quote:
    """The cart priced.

    VAT is rounded per line (and once for shipping), and the total VAT is the sum of those:
    an invoice lists VAT per line, and its lines must add up to its total — rounding the sum
    instead could differ from the sum of the shown line VATs by a cent."""
    country = vat_country(cart)
    rate = VAT_PERCENT[country]
    lines = tuple(
        QuotedLine(
            line,
            line.unit_price * line.quantity,
            vat_in(line.unit_price * line.quantity, rate),
            line.available and line.refusal is None and line.stock >= line.quantity,
        )
        for line in cart.lines
    )
    physical = any(line.product_type == ProductType.PHYSICAL for line in cart.lines)
    shipping = shipping_for(physical, cart.shipping_costs, cart.country, cart.address_countries)
    shipping_vat = vat_in(shipping.shown or 0, rate)
    subtotal = sum(quoted.line_total for quoted in lines)
    return Quote(
        lines=lines,
        dropped=tuple(cart.unknown_variant_ids),
        physical=physical,
        subtotal=subtotal,
        shipping=shipping,
        vat_country=country,
        vat_rate=rate,
        shipping_vat=shipping_vat,
        vat=sum(quoted.vat for quoted in lines) + shipping_vat,
        total=subtotal + (shipping.shown or 0),
    )
