"""Stock held by orders: reserved when an order is placed, committed once it is paid,
released when its payment ends without money. Each move is one conditional UPDATE, so the
last unit goes to exactly one of many parallel checkouts on SQLite (one writer at a time) and
on PostgreSQL (the UPDATE re-checks ``stock >= quantity`` on the row it locked)."""

from __future__ import annotations

from collections.abc import Iterable

from tortoise.expressions import F

from splash.catalog.models import ProductVariant
from splash.orders.models import Order
from splash.orders.vocabulary import StockState


async def take(variant_id: int, quantity: int) -> bool:
    """Takes ``quantity`` units of an active variant when that many are in stock."""
    taken = await ProductVariant.filter(id=variant_id, active=True, stock__gte=quantity).update(
        stock=F("stock") - quantity
    )
    return taken == 1


async def give_back(lines: Iterable[tuple[int, int]]) -> None:
    for variant_id, quantity in lines:
        await ProductVariant.filter(id=variant_id).update(stock=F("stock") + quantity)


async def move(order: Order, new: StockState) -> bool:
    """Moves the order's stock state from what the caller read to ``new`` (compare-and-set:
    of two concurrent movers only one wins and acts); True when this call moved it."""
    moved = await Order.filter(id=order.id, stock_state=order.stock_state).update(stock_state=new)
    if moved == 1:
        order.stock_state = new
    return moved == 1
