"""An order's money (pure): the cart's rules (``cart_pricing.quote``) applied to what is ordered,
and what an order must refuse that a cart only shows.

A cart may hold a line the shop cannot sell and shows shipping as "to be announced"; an order
may not and does not. Every line must name a sellable variant (else a 400 naming the line) that
is switched on and has stock for all lines of that variant together (else a 409
``product_unavailable`` naming the product and how many are left, in the order's language:
``orders.stock_texts``); a line of lessons the buyer owns already (or
another line unlocks) is a 409 ``already_owned`` naming the line. Shipping is charged as the
shipping rule says, 3.95 included when the country has no cost of its own, and its VAT is
counted in the total.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from splash.core.errors import ConflictError, ValidationError, field_error
from splash.orders import cart_pricing
from splash.orders.stock_texts import stock_line, stock_text
from splash.orders.vocabulary import LineRefusal, OrderError

ITEMS = ("data", "cart", "items")
UNKNOWN = "This product does not exist (anymore)"
OWNED = "You already have these lessons"
IN_CART = "Another line of your cart unlocks these lessons already"

Path = Sequence[str | int]


@dataclass(frozen=True)
class Shortage:
    """A line the stock cannot serve: where it is, its product's name and how many are left."""

    path: Path
    product: str
    left: int  # 0: none (sold out or switched off)


@dataclass(frozen=True)
class OrderPrice:
    lines: tuple[cart_pricing.QuotedLine, ...]  # in the order of the cart
    subtotal: int
    shipping: int  # charged, cents
    vat_country: str
    vat_rate: int  # percent
    shipping_vat: int
    vat: int  # contained in total: the lines' VAT + shipping's
    total: int


def price_order(
    lines: Sequence[cart_pricing.SellableLine | None],
    country: str,
    shipping_costs: Mapping[str, int],
    locale: str,
) -> OrderPrice:
    """``lines`` as the cart lists them, None where a line names no sellable variant; a refusal
    is worded in ``locale``."""
    unknown = [index for index, line in enumerate(lines) if line is None]
    if unknown:
        errors = [field_error([*ITEMS, index, "variantId"], UNKNOWN) for index in unknown]
        raise ValidationError(UNKNOWN, {"errors": errors})
    known = [line for line in lines if line is not None]
    refused = [index for index, line in enumerate(known) if line.refusal is not None]
    if refused:
        raise already_owned([([*ITEMS, index], known[index]) for index in refused])
    short = short_lines(known)
    if short:
        raise unavailable([shortage([*ITEMS, index], known[index]) for index in short], locale)
    quote = cart_pricing.quote(
        cart_pricing.Cart(known, country=country, shipping_costs=shipping_costs)
    )
    shipping = quote.shipping.charge
    shipping_vat = cart_pricing.vat_in(shipping, quote.vat_rate)
    return OrderPrice(
        lines=quote.lines,
        subtotal=quote.subtotal,
        shipping=shipping,
        vat_country=quote.vat_country,
        vat_rate=quote.vat_rate,
        shipping_vat=shipping_vat,
        vat=sum(line.vat for line in quote.lines) + shipping_vat,
        total=quote.subtotal + shipping,
    )


def short_lines(lines: Sequence[cart_pricing.SellableLine]) -> list[int]:
    """The positions of lines that cannot be sold now: a switched-off variant, or one with less
    stock than all lines of that variant ask together (two lines of one suit with different
    name prints take two units)."""
    wanted: Counter[int] = Counter()
    for line in lines:
        wanted[line.variant_id] += line.quantity
    return [
        index
        for index, line in enumerate(lines)
        if not line.available or line.stock < wanted[line.variant_id]
    ]


def product_name(line: cart_pricing.SellableLine) -> str:
    """How a refusal names a line's product: "Splash-drijfpak - Blauw, M" (an en dash)."""
    return f"{line.title} \N{EN DASH} {line.variant_label}"


def shortage(path: Path, line: cart_pricing.SellableLine) -> Shortage:
    """The line's shortage: its variant's stock when it is on sale, else none left."""
    return Shortage(path, product_name(line), line.stock if line.available else 0)


def unavailable(shortages: Sequence[Shortage], locale: str) -> ConflictError:
    """409 ``product_unavailable``: each line's stock text in ``locale`` ("Nog maar 9 op
    voorraad"), each product named once with how many are left (``products``, ``left``)."""
    left: dict[str, int] = {}
    for short in shortages:
        left.setdefault(short.product, short.left)
    return ConflictError(
        "; ".join(stock_line(locale, product, count) for product, count in left.items()),
        {
            "code": OrderError.PRODUCT_UNAVAILABLE,
            "errors": [field_error(s.path, stock_text(locale, s.left)) for s in shortages],
            "products": list(left),
            "left": list(left.values()),
        },
    )


def already_owned(lines: Sequence[tuple[Path, cart_pricing.SellableLine]]) -> ConflictError:
    """409 ``already_owned`` for lines of lessons the buyer owns (or another line unlocks)."""
    return ConflictError(
        OWNED,
        {
            "code": OrderError.ALREADY_OWNED,
            "errors": [
                field_error(path, OWNED if line.refusal is LineRefusal.OWNED else IN_CART)
                for path, line in lines
            ],
            "products": list(dict.fromkeys(product_name(line) for _, line in lines)),
        },
    )
