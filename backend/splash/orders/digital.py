"""What digital lines are: the academy describes them, so the orders domain never imports it.

A cart line of a digital product (a lesson, a level, the course bundle) is a catalog variant
like a suit, but what it costs and whether it may be bought depend on the buyer: a level or the
bundle costs what the buyer does not own yet, and a line whose lessons the buyer owns already
(or that another line of the cart unlocks) is refused. ``splash.site.wiring`` plugs in the academy's
describer (``plug_in``); the cart quote and the checkout run every line through
:func:`describe` before pricing, so both see the same price and the same refusals.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from splash.catalog.vocabulary import ProductType
from splash.core.route_table import RouteTable
from splash.orders.cart_pricing import SellableLine

# (the cart's lines, the buyer's user id or None for a guest, locale, the route table for the
# lines' paths) → the lines, each digital one with its price for this buyer, its texts and path,
# and its refusal (None: may be bought).
Describer = Callable[
    [Sequence[SellableLine], int | None, str, RouteTable], Awaitable[list[SellableLine]]
]
DESCRIBERS: list[Describer] = []


def plug_in(describers: Sequence[Describer]) -> None:
    """The describers of digital lines, replacing what was there."""
    DESCRIBERS[:] = describers


async def describe(
    lines: Sequence[SellableLine], user_id: int | None, locale: str, table: RouteTable
) -> list[SellableLine]:
    """``lines`` as the registered describers say they are; a cart without digital lines as it
    is."""
    described = list(lines)
    if any(line.product_type is ProductType.DIGITAL for line in described):
        for describer in DESCRIBERS:
            described = await describer(described, user_id, locale, table)
    return described
