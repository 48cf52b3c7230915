"""The studio's orders inbox: how many orders wait in each box, and one page of a box, searched
and sorted. The boxes are conditions on the order row written once as SQL (``box_sql``), so
the counts (one statement for all boxes) and a box's page say the same. The inbox and the CSV
export (``orders.export``) share :func:`found`.

- ``to_ship``: paid, with physical units not shipped yet (``ships`` while ``paid``);
- ``awaiting_payment``;
- ``problems``: the provider paid another amount than the total (flagged), money charged back,
  a payment that ended without money while the order still holds its stock, or an e-mail job
  of the order that died (the outbox gave up on it);
- ``shipped``; ``refunded`` (in full, or any money refunded); ``all``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from tortoise import connections
from tortoise.expressions import RawSQL
from tortoise.queryset import QuerySet

from splash.core import db
from splash.orders.models import Order
from splash.orders.vocabulary import OrderStatus, StockState
from splash.shared.outbox.models import JobStatus, OutboxJob

# Dead jobs read per inbox: the newest; a shop with more has a bigger problem than the inbox.
DEAD_JOBS_READ = 500
SEARCH_LENGTH = 100


class Box(StrEnum):
    TO_SHIP = "to_ship"
    AWAITING_PAYMENT = "awaiting_payment"
    PROBLEMS = "problems"
    SHIPPED = "shipped"
    REFUNDED = "refunded"
    ALL = "all"


class Sort(StrEnum):
    DATE = "date"
    TOTAL = "total"
    NUMBER = "number"


SORT_FIELDS = {Sort.DATE: "created_at", Sort.TOTAL: "total", Sort.NUMBER: "order_nr"}

_ORDER = f'"{Order._meta.db_table}"'

# Paid, with goods not all sent: the last unit shipped makes an order ``shipped``
# (orders.shipments), so a paid order that ships still has units to send.
_TO_SHIP = f'({_ORDER}."status" = \'{OrderStatus.PAID.value}\' AND {_ORDER}."ships")'
_ENDED = ", ".join(
    f"'{status.value}'"
    for status in (OrderStatus.CANCELED, OrderStatus.EXPIRED, OrderStatus.FAILED)
)


def _status(status: OrderStatus) -> str:
    return f"{_ORDER}.\"status\" = '{status.value}'"


def box_sql(box: Box, dead_job_orders: frozenset[int]) -> str:
    """The condition an order row meets in ``box`` (constants and whole numbers only)."""
    if box is Box.TO_SHIP:
        return _TO_SHIP
    if box is Box.AWAITING_PAYMENT:
        return _status(OrderStatus.AWAITING_PAYMENT)
    if box is Box.PROBLEMS:
        dead = ", ".join(str(order_id) for order_id in sorted(dead_job_orders)) or "NULL"
        return (
            f'({_ORDER}."flagged" IS NOT NULL OR {_ORDER}."amount_charged_back" > 0 '
            f'OR ({_ORDER}."status" IN ({_ENDED}) '
            f"AND {_ORDER}.\"stock_state\" = '{StockState.RESERVED.value}') "
            f'OR {_ORDER}."id" IN ({dead}))'
        )
    if box is Box.SHIPPED:
        return _status(OrderStatus.SHIPPED)
    if box is Box.REFUNDED:
        return f'({_status(OrderStatus.REFUNDED)} OR {_ORDER}."amount_refunded" > 0)'
    return "1 = 1"


def _flag(condition: str) -> RawSQL:
    return RawSQL(f"CASE WHEN {condition} THEN 1 ELSE 0 END")


async def dead_job_orders() -> frozenset[int]:
    """The orders named by outbox jobs that died (one statement)."""
    payloads = (
        await OutboxJob.filter(status=JobStatus.DEAD)
        .order_by("-id")
        .limit(DEAD_JOBS_READ)
        .values_list("payload", flat=True)
    )
    found: set[int] = set()
    for payload in payloads:
        order_id = payload.get("order_id") if isinstance(payload, dict) else None
        if isinstance(order_id, int):
            found.add(order_id)
    return frozenset(found)


async def counts(dead: frozenset[int]) -> dict[Box, int]:
    """How many orders each box holds, in one statement."""
    sums = ", ".join(
        f'COALESCE(SUM(CASE WHEN {box_sql(box, dead)} THEN 1 ELSE 0 END), 0) AS "{box.value}"'
        for box in Box
    )
    rows = await connections.get("default").execute_query_dict(f"SELECT {sums} FROM {_ORDER}")
    return {box: int(rows[0][box.value]) for box in Box}


@dataclass(frozen=True)
class InboxQuery:
    box: Box = Box.ALL
    search: str = ""
    sort: Sort = Sort.DATE
    descending: bool = True


def search_text() -> str:
    """What a search looks in, lower case: the order and invoice numbers, the e-mail address,
    the name and the delivery postal code as typed and without its spaces. On PostgreSQL the
    very expression of the trigram index ``orders_order_search`` (migration 0024)."""
    if connections.get("default").capabilities.dialect == "postgres":
        postal = "coalesce(shipping_address->>'postalCode', '')"
    else:
        postal = "coalesce(json_extract(shipping_address, '$.postalCode'), '')"
    return (
        "lower(order_nr || ' ' || coalesce(invoice_nr, '') || ' ' || email || ' ' || firstname"
        f" || ' ' || lastname || ' ' || {postal} || ' ' || replace({postal}, ' ', ''))"
    )


def found(wanted: InboxQuery, dead: frozenset[int]) -> QuerySet[Order]:
    """The orders of a box matching the search, sorted (the id breaks ties the same way)."""
    query = Order.all().annotate(in_box=_flag(box_sql(wanted.box, dead)), to_ship=_flag(_TO_SHIP))
    query = query.filter(in_box=1)
    term = wanted.search.strip().lower()
    if term:
        query = query.annotate(search_text=RawSQL(search_text())).filter(search_text__contains=term)
    field = SORT_FIELDS[wanted.sort]
    sign = "-" if wanted.descending else ""
    return query.order_by(f"{sign}{field}", f"{sign}id")


async def page(
    wanted: InboxQuery, offset: int, limit: int
) -> tuple[list[Order], int, dict[Box, int]]:
    """One page of a box, how many the search finds in it, and every box's count: three
    statements. Without a search the box's count is the total, and the page is read by the
    index alone (a count riding along would visit every order of the box)."""
    dead = await dead_job_orders()
    boxes = await counts(dead)
    if wanted.search.strip():
        rows, total = await db.page_of(found(wanted, dead), offset, limit)
        return rows, total, boxes
    return list(await found(wanted, dead).offset(offset).limit(limit)), boxes[wanted.box], boxes


def country_of(order: Order) -> str:
    address: dict[str, Any] = order.shipping_address
    return str(address.get("country") or "")
