"""What follows when an order's money moves: called by ``payment_updates.refresh`` inside its
transaction, under the order's row lock, only when the order's status really moved (or its bank
transfer details arrived). So each follow-up happens exactly once: the stock moves as a
compare-and-set on the order's stock state, and e-mails are outbox jobs committed with the move
(a rolled-back update takes them with it).

- paid: the reserved stock is committed; a guest's order gets its account now (the address's
  account, or a new one without a password and the e-mail that sets it, job ``order_account``:
  a typed address gets neither before money says a real buyer stands behind it); then the
  confirmation e-mail (job ``order_confirmation``) and the grant of what the digital lines buy
  (``grant_entitlements``, the academy's call point), which lands on that account;
- awaiting a bank transfer: the e-mail with the account and reference (``order_bank_transfer``);
- canceled, expired, failed: the reserved stock goes back on sale;
- refunded in full (``order_refunded``, from the refund bookkeeping): what it unlocked is taken
  back (``revoke_entitlements``; a studio refund takes back the lessons of the lines it gives
  back in full when the owner asks for it, ``orders.refunds``).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tortoise.expressions import Subquery
from tortoise.models import Model
from tortoise.queryset import ValuesListQuery

from splash.accounts import services as accounts
from splash.catalog import services as catalog
from splash.core.route_table import RouteTable
from splash.orders import stock
from splash.orders.models import Order, OrderLine
from splash.orders.vocabulary import OrderStatus, StockState
from splash.shared import outbox

log = logging.getLogger(__name__)

ORDER_CONFIRMATION = "order_confirmation"  # outbox job kinds (handlers: orders/mails.py)
ORDER_BANK_TRANSFER = "order_bank_transfer"
ORDER_ACCOUNT = "order_account"
ENDED_WITHOUT_MONEY = frozenset({OrderStatus.CANCELED, OrderStatus.EXPIRED, OrderStatus.FAILED})

# Who grants what an order buys beyond goods (the academy: lessons bought, and the free lessons
# of a float suit) is plugged in here by splash.site.wiring, so the orders domain never imports it.
# A grant gets the paid order and all its lines, inside the transaction that marks the order
# paid; a revoke gets the order and the lines given back in full (None: the whole order, refunded
# in full), inside the transaction of the refund.
Grant = Callable[[Order, list[OrderLine]], Awaitable[None]]
Revoke = Callable[[Order, Sequence[OrderLine] | None], Awaitable[None]]
GRANTS: list[Grant] = []
REVOKES: list[Revoke] = []


@dataclass(frozen=True)
class WhereUnlocked:
    """Where what an order unlocked waits (the academy: a course page), in two halves so that a
    read can ask for it inside a statement it makes anyway: ``named(order id, locale)`` is a
    query of at most one value naming it (a course's slug), ``path(table, locale, name)`` the
    page on the locale's domain."""

    named: Callable[[int, str], ValuesListQuery[Any]]
    path: Callable[[RouteTable, str, str], str]


UNLOCKED: list[WhereUnlocked] = []


def plug_in(
    grants: Sequence[Grant], revokes: Sequence[Revoke], unlocked: Sequence[WhereUnlocked]
) -> None:
    """Who grants what a paid order's lines unlock, who takes it back from a refunded order, and
    who says where it can be watched, replacing what was there."""
    GRANTS[:] = grants
    REVOKES[:] = revokes
    UNLOCKED[:] = unlocked


async def unlocked_page(order_id: int, locale: str, table: RouteTable) -> str | None:
    """The page where what the order unlocked waits, or None when it unlocked nothing."""
    for where in UNLOCKED:
        for name in await where.named(order_id, locale):  # one value at most
            return where.path(table, locale, str(name))
    return None


def naming_unlocked(order_id: int, locale: str) -> dict[str, Subquery]:
    """Annotations naming where what the order unlocked waits, for a statement of the order's
    (its lines): read back with :func:`unlocked_page_of`."""
    return {
        f"unlocked_{index}": Subquery(where.named(order_id, locale))
        for index, where in enumerate(UNLOCKED)
    }


def unlocked_page_of(row: Model, locale: str, table: RouteTable) -> str | None:
    """The page a row annotated by :func:`naming_unlocked` names, or None."""
    for index, where in enumerate(UNLOCKED):
        name = getattr(row, f"unlocked_{index}", None)
        if name is not None:
            return where.path(table, locale, name)
    return None


async def order_moved(order: Order, status: OrderStatus) -> None:
    """The follow-ups of an order that has just moved to ``status``."""
    if status is OrderStatus.PAID:
        await order_paid(order)
    elif status in ENDED_WITHOUT_MONEY:
        await release_stock(order)


async def order_paid(order: Order) -> None:
    await commit_stock(order)
    await _give_account(order)
    await outbox.enqueue(ORDER_CONFIRMATION, {"order_id": order.id})
    await grant_entitlements(order)


async def _give_account(order: Order) -> None:
    """A guest's order, paid, goes to its address's account — made now, with the order's
    addresses saved and the mail that sets its first password, when the address has none."""
    if order.user_id is not None:  # type: ignore[attr-defined]
        return
    addresses = [a for a in (order.shipping_address, order.billing_address) if a is not None]
    user, created = await accounts.account_for_paid_order(
        order.email, order.firstname, order.lastname, order.locale, addresses
    )
    await Order.filter(id=order.id).update(user_id=user.id)
    order.user_id = user.id  # type: ignore[attr-defined]
    if created:
        job = {"user_id": user.id, "order_id": order.id, "locale": order.locale}
        await outbox.enqueue(ORDER_ACCOUNT, job)


async def awaiting_bank_transfer(order: Order) -> None:
    """The customer chose bank transfer and the provider gave the account to pay to."""
    await outbox.enqueue(ORDER_BANK_TRANSFER, {"order_id": order.id})


async def grant_entitlements(order: Order) -> None:
    """The one call point of what a paid order unlocks (the academy's lessons): every
    registered grant gets the order's lines."""
    lines = await _lines(order)
    for grant in GRANTS:
        await grant(order, lines)


async def order_refunded(order: Order) -> None:
    """The order's money went back in full: what it unlocked is taken back."""
    await revoke_entitlements(order, None)


async def revoke_entitlements(order: Order, lines: Sequence[OrderLine] | None) -> None:
    """The one call point of taking back what refunded lines unlocked (``None``: everything the
    order unlocked)."""
    for revoke in REVOKES:
        await revoke(order, lines)


async def commit_stock(order: Order) -> None:
    """Reserved stock becomes sold. Stock released earlier (a payment that ended without money
    before this one was paid) is taken again first; when that is no longer there the order is
    still paid — a person must sort it out, so it is logged."""
    if order.stock_state is StockState.COMMITTED:
        return
    if order.stock_state is StockState.RELEASED:
        for line in await _stocked_lines(order):
            if not await catalog.take_stock(line.variant_id, line.quantity):
                log.warning(
                    "a paid order's released stock is gone",
                    extra={"order": order.order_nr, "sku": line.sku},
                )
    await stock.move(order, StockState.COMMITTED)


async def release_stock(order: Order) -> bool:
    """Reserved stock goes back on sale, once (a compare-and-set from reserved); True when
    this call released it."""
    if order.stock_state is not StockState.RESERVED:
        return False
    if not await stock.move(order, StockState.RELEASED):
        return False
    lines = await _stocked_lines(order)
    await catalog.return_stock([(line.variant_id, line.quantity) for line in lines])
    return True


async def _lines(order: Order) -> list[OrderLine]:
    return list(await OrderLine.filter(order_id=order.id).order_by("position", "id"))


async def _stocked_lines(order: Order) -> list[OrderLine]:
    return [line for line in await _lines(order) if stock.held(line.product_type)]
