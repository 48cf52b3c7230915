"""The studio's dashboard: the shop's figures over today, 7 or 30 days, by the shop's clock
(Amsterdam), and revenue per day for its chart.

It lives in orders: every figure is the orders' but the low-stock count, which the catalog
(below orders in the rings) answers. An order counts on the day its money arrived
(``paid_at``). Revenue is net of VAT and of refunds: each order's total less its VAT, less the
net part of what was refunded of it (the refund in the order's own VAT proportion), counted on
the order's day. "Problems" are orders that need a person: a flag (an amount mismatch), a
chargeback, or a failed payment still holding stock."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum

from tortoise.expressions import Q, RawSQL
from tortoise.functions import Count, Sum

from splash.catalog import services as catalog
from splash.catalog.vocabulary import ProductType
from splash.core.formatting import SHOP_ZONE, shop_time
from splash.orders.models import Order, OrderLine
from splash.orders.vocabulary import MONEY_ARRIVED, OrderStatus, StockState


class Period(StrEnum):
    TODAY = "today"
    WEEK = "7d"
    MONTH = "30d"


DAYS = {Period.TODAY: 1, Period.WEEK: 7, Period.MONTH: 30}

PROBLEMS = (
    Q(flagged__isnull=False)
    | Q(amount_charged_back__gt=0)
    | Q(status=OrderStatus.FAILED, stock_state=StockState.RESERVED)
)


@dataclass(frozen=True)
class Figures:
    since: datetime
    orders: int
    revenue_net: int  # cents
    lessons_sold: int  # digital lines' units: a lesson, a level or the bundle each
    to_ship: int  # paid, with goods to ship (now, whatever the period)
    problems: int  # now
    low_stock: int  # now
    per_day: list[tuple[date, int]]  # every day of the period, oldest first


# net_revenue() as SQL over an order row (both databases divide integers as Python's // does
# for the non-negative amounts here).
NET_REVENUE = (
    "CASE WHEN total > 0 THEN total - vat - "
    "(amount_refunded * (total - vat) + total / 2) / total ELSE 0 END"
)


def net_revenue(total: int, vat: int, refunded: int) -> int:
    """An order's revenue without VAT, less the net part of its refunds (rounded half up)."""
    if total <= 0:
        return 0
    net = total - vat
    return net - (refunded * net + total // 2) // total


async def figures(period: Period, now: datetime) -> Figures:
    """Four statements: the period's paid orders, their lesson units, what is to ship and the
    problems now (one), low stock."""
    first_day = shop_time(now).date() - timedelta(days=DAYS[period] - 1)
    since = datetime.combine(first_day, time(), SHOP_ZONE)
    paid = Order.filter(status__in=MONEY_ARRIVED, paid_at__gte=since)
    days = [first_day + timedelta(days=n) for n in range(DAYS[period])]
    # Summed per day by the database (a busy month is tens of thousands of orders). The day is
    # found by comparing the payment with the shop's midnights written as UTC text, which both
    # databases compare as moments (PostgreSQL casts it; SQLite stores them as this very text),
    # and written without parameters, so the GROUP BY repeats the same expression.
    midnights = [datetime.combine(start, time(), SHOP_ZONE).astimezone(UTC) for start in days[1:]]
    whens = " ".join(
        f"WHEN paid_at < '{at.isoformat(' ')}' THEN {n}" for n, at in enumerate(midnights)
    )
    day = f"CASE {whens} ELSE {len(days) - 1} END" if whens else "0"
    # Sum takes any term (its annotation names only fields and F expressions).
    net = Sum(RawSQL(NET_REVENUE))  # type: ignore[arg-type]
    summed = (
        await paid.annotate(day=RawSQL(day))
        .annotate(orders=Count("id"), revenue=net)
        .group_by("day")
        .values_list("day", "orders", "revenue")
    )
    revenue, placed = [0] * len(days), 0
    for n, orders, money in summed:
        revenue[int(n)] += int(money or 0)
        placed += int(orders)
    per_day = dict(zip(days, revenue, strict=True))
    lessons = await (
        OrderLine.filter(
            product_type=ProductType.DIGITAL,
            order__status__in=MONEY_ARRIVED,
            order__paid_at__gte=since,
        )
        .annotate(units=Sum("quantity"))
        .first()
        .values("units")
    )
    now_counts = await (
        Order.annotate(
            to_ship=Count("id", _filter=Q(status=OrderStatus.PAID, ships=True)),
            problems=Count("id", _filter=PROBLEMS),
        )
        .first()
        .values("to_ship", "problems")
    )
    counts = now_counts or {}
    return Figures(
        since=since,
        orders=placed,
        revenue_net=sum(per_day.values()),
        lessons_sold=int((lessons or {}).get("units") or 0),
        to_ship=counts.get("to_ship") or 0,
        problems=counts.get("problems") or 0,
        low_stock=await catalog.low_stock_count(),
        per_day=sorted(per_day.items()),
    )
