"""The studio's orders inbox: how many orders wait in each box, and one page of a box, searched
and sorted. The boxes are conditions on the order row written once as SQL (``BOX_SQL``), so the
counts (one statement for all boxes) and a box's page (one statement with its total) say the
same. The inbox and the CSV export (``orders.export``) share :func:`found`.

- ``to_ship``: paid, with physical units not shipped yet;
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
from tortoise.expressions import Q, RawSQL
from tortoise.queryset import QuerySet

from splash.catalog.vocabulary import ProductType
from splash.core import db
from splash.orders.models import Order, OrderLine, ShipmentLine
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
_LINE = f'"{OrderLine._meta.db_table}"'
_SHIPPED = f'"{ShipmentLine._meta.db_table}"'

# The physical units of an order line not in any shipment yet.
UNSHIPPED_UNITS = (
    f'{_LINE}."quantity" - COALESCE((SELECT SUM(s."quantity") FROM {_SHIPPED} s '
    f'WHERE s."order_line_id" = {_LINE}."id"), 0)'
)
_HAS_UNSHIPPED = (
    f'EXISTS (SELECT 1 FROM {_LINE} WHERE {_LINE}."order_id" = {_ORDER}."id" '
    f"AND {_LINE}.\"product_type\" = '{ProductType.PHYSICAL.value}' "
    f"AND {UNSHIPPED_UNITS} > 0)"
)
_ENDED = ", ".join(
    f"'{status.value}'"
    for status in (OrderStatus.CANCELED, OrderStatus.EXPIRED, OrderStatus.FAILED)
)


def _status(status: OrderStatus) -> str:
    return f"{_ORDER}.\"status\" = '{status.value}'"


def box_sql(box: Box, dead_job_orders: frozenset[int]) -> str:
    """The condition an order row meets in ``box`` (constants and whole numbers only)."""
    if box is Box.TO_SHIP:
        return f"({_status(OrderStatus.PAID)} AND {_HAS_UNSHIPPED})"
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


def _postal_code() -> str:
    """The shipping address's postal code without spaces, upper case (dialect's JSON access)."""
    if connections.get("default").capabilities.dialect == "postgres":
        raw = f"{_ORDER}.\"shipping_address\"->>'postalCode'"
    else:
        raw = f"json_extract({_ORDER}.\"shipping_address\", '$.postalCode')"
    return f"UPPER(REPLACE(COALESCE({raw}, ''), ' ', ''))"


def found(wanted: InboxQuery, dead: frozenset[int]) -> QuerySet[Order]:
    """The orders of a box matching the search, sorted (the id breaks ties the same way)."""
    query = Order.all().annotate(
        in_box=_flag(box_sql(wanted.box, dead)),
        to_ship=_flag(f"({_status(OrderStatus.PAID)} AND {_HAS_UNSHIPPED})"),
    )
    query = query.filter(in_box=1)
    term = wanted.search.strip()
    if term:
        postal = term.replace(" ", "").upper()
        query = query.annotate(
            full_name=RawSQL(f'{_ORDER}."firstname" || \' \' || {_ORDER}."lastname"'),
            postal_code=RawSQL(_postal_code()),
        ).filter(
            Q(order_nr__icontains=term)
            | Q(invoice_nr__icontains=term)
            | Q(email__icontains=term)
            | Q(full_name__icontains=term)
            | Q(postal_code__contains=postal)
        )
    field = SORT_FIELDS[wanted.sort]
    sign = "-" if wanted.descending else ""
    return query.order_by(f"{sign}{field}", f"{sign}id")


async def page(
    wanted: InboxQuery, offset: int, limit: int
) -> tuple[list[Order], int, dict[Box, int]]:
    """One page of a box, how many the search finds in it, and every box's count: three
    statements."""
    dead = await dead_job_orders()
    rows, total = await db.page_of(found(wanted, dead), offset, limit)
    return rows, total, await counts(dead)


def country_of(order: Order) -> str:
    address: dict[str, Any] = order.shipping_address
    return str(address.get("country") or "")
