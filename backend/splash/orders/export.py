"""The orders CSV for the bookkeeper: one row per order — date, number, customer, country, the
net amount and the VAT per VAT rate (lines and shipping together: shipping carries the order's
rate, as on the invoice), shipping, total, refunded, payment method. Amounts in euros with a
decimal point; dates in the shop's time zone.

The orders are those of the inbox's box and search (``inbox.found``), read in keyset-paged
batches by id (``id > last id``, ``LIMIT batch``): each batch is three statements (the orders,
their lines, their paid payments' methods) and is written out before the next is read, so
100,000 orders export in the memory of one batch. The columns are known before the first row:
one pair per rate of ``core.countries.VAT_PERCENT``, and a pair for any other rate."""

from __future__ import annotations

import csv
import io
from collections.abc import AsyncIterator
from dataclasses import dataclass

from splash.core.countries import VAT_PERCENT
from splash.core.formatting import shop_time
from splash.orders import inbox
from splash.orders.models import Order, OrderLine, Payment
from splash.orders.vocabulary import PaymentStatus

BATCH = 500
RATES = tuple(sorted(set(VAT_PERCENT.values())))
OTHER = "other"


def header() -> list[str]:
    pairs = [name for rate in RATES for name in (f"net {rate}%", f"vat {rate}%")]
    return [
        "date",
        "number",
        "customer",
        "email",
        "country",
        *pairs,
        "net other rates",
        "vat other rates",
        "shipping",
        "total",
        "refunded",
        "payment method",
    ]


def euros(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100}.{abs(cents) % 100:02d}"


@dataclass(frozen=True)
class LineAmounts:
    vat_rate: int
    line_total: int
    vat: int


def row(order: Order, lines: list[LineAmounts], method: str | None) -> list[str]:
    """One order's row (pure, but for reading the order's fields)."""
    net: dict[int | str, int] = {}
    vat: dict[int | str, int] = {}

    def add(rate: int, gross: int, tax: int) -> None:
        key: int | str = rate if rate in RATES else OTHER
        net[key] = net.get(key, 0) + gross - tax
        vat[key] = vat.get(key, 0) + tax

    for line in lines:
        add(line.vat_rate, line.line_total, line.vat)
    if order.shipping_cost:
        add(order.vat_rate, order.shipping_cost, order.shipping_vat)
    amounts = [
        value
        for key in (*RATES, OTHER)
        for value in (euros(net[key]) if key in net else "", euros(vat[key]) if key in vat else "")
    ]
    return [
        shop_time(order.created_at).date().isoformat(),
        order.order_nr,
        f"{order.firstname} {order.lastname}".strip(),
        order.email,
        inbox.country_of(order),
        *amounts,
        euros(order.shipping_cost),
        euros(order.total),
        euros(order.amount_refunded),
        method or "",
    ]


async def batches(
    wanted: inbox.InboxQuery, batch: int | None = None
) -> AsyncIterator[list[list[str]]]:
    """The rows, ``batch`` (default ``BATCH``) at a time (keyset paging by id: no OFFSET, no
    batch read twice)."""
    batch = batch or BATCH
    dead = await inbox.dead_job_orders()
    last = 0
    while True:
        orders = await inbox.found(wanted, dead).filter(id__gt=last).order_by("id").limit(batch)
        if not orders:
            return
        ids = [order.id for order in orders]
        lines: dict[int, list[LineAmounts]] = {}
        for order_id, rate, total, tax in await OrderLine.filter(order_id__in=ids).values_list(
            "order_id", "vat_rate", "line_total", "vat"
        ):
            lines.setdefault(order_id, []).append(LineAmounts(rate, total, tax))
        methods = dict(
            await Payment.filter(order_id__in=ids, status=PaymentStatus.PAID)
            .order_by("created_at", "id")
            .values_list("order_id", "method")
        )
        yield [row(order, lines.get(order.id, []), methods.get(order.id)) for order in orders]
        last = ids[-1]


def csv_text(rows: list[list[str]]) -> str:
    """Rows as CSV text. A cell a spreadsheet would run as a formula (=, +, -, @ first) gets
    a leading apostrophe: a customer's name is typed by anyone."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerows([[_inert(cell) for cell in cells] for cells in rows])
    return out.getvalue()


def _inert(cell: str) -> str:
    if cell[:1] in ("=", "+", "@", "\t", "\r") or (cell[:1] == "-" and not _is_amount(cell)):
        return "'" + cell
    return cell


def _is_amount(cell: str) -> bool:
    return cell[1:].replace(".", "", 1).isdigit()
