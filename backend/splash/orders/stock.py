"""Stock held by orders: reserved when an order is placed (``catalog.services.take_stock``),
committed once it is paid, released when its payment ends without money (and reserved again
when the customer starts another payment). Only shipped goods are stock: a digital line (a
lesson) is never out of stock and holds none."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from tortoise.functions import Sum

from splash.catalog import services as catalog
from splash.catalog.vocabulary import ProductType
from splash.orders import order_pricing
from splash.orders.models import Order, OrderLine
from splash.orders.vocabulary import StockState


@dataclass(frozen=True)
class StockLine:
    """A line that may take stock: where a refusal points, the product it names, what it takes."""

    path: Sequence[str | int]
    product: str
    variant_id: int
    quantity: int
    product_type: ProductType


async def take(lines: Sequence[StockLine], locale: str) -> None:
    """Takes every held line's units, in variant order (two orders of the same variants never
    wait for each other's rows in turn). Too few of one (another order took them meanwhile): a
    409 ``product_unavailable`` in ``locale`` saying how many are left; the caller's transaction
    gives back what was taken."""
    taken: Counter[int] = Counter()
    for line in sorted(lines, key=lambda line: line.variant_id):
        if not held(line.product_type):
            continue
        if not await catalog.take_stock(line.variant_id, line.quantity):
            left = await catalog.stock_on_sale(line.variant_id) + taken[line.variant_id]
            short = order_pricing.Shortage(line.path, line.product, left)
            raise order_pricing.unavailable([short], locale)
        taken[line.variant_id] += line.quantity


async def move(order: Order, new: StockState) -> bool:
    """Moves the order's stock state from what the caller read to ``new`` (compare-and-set:
    of two concurrent movers only one wins and acts); True when this call moved it."""
    moved = await Order.filter(id=order.id, stock_state=order.stock_state).update(stock_state=new)
    if moved == 1:
        order.stock_state = new
    return moved == 1


def held(product_type: ProductType) -> bool:
    """Whether a line of this type holds stock."""
    return product_type is ProductType.PHYSICAL


async def reserved_units(variant_ids: list[int] | None) -> dict[int, int]:
    """Variant id → units unpaid orders hold of it (None: of every variant); one statement.
    Plugged into the catalog's stock list by ``splash.site.wiring``."""
    lines = OrderLine.filter(
        order__stock_state=StockState.RESERVED, product_type=ProductType.PHYSICAL
    )
    if variant_ids is not None:
        lines = lines.filter(variant_id__in=variant_ids)
    rows = (
        await lines.group_by("variant_id")
        .annotate(units=Sum("quantity"))
        .values("variant_id", "units")
    )
    return {row["variant_id"]: int(row["units"]) for row in rows}
