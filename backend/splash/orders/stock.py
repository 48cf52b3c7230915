"""Stock held by orders: reserved when an order is placed (``catalog.services.take_stock``),
committed once it is paid, released when its payment ends without money (and reserved again
when the customer starts another payment). Only shipped goods are stock: a digital line (a
lesson) is never out of stock and holds none."""

from __future__ import annotations

from splash.catalog.vocabulary import ProductType
from splash.orders.models import Order
from splash.orders.vocabulary import StockState


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
