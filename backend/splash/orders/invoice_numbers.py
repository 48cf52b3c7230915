"""Invoice numbers: one series without gaps per calendar year of the shop's clock, "2026-00001",
"2026-00002", …, as the EU VAT directive (art. 226(2)) asks of an invoice: a sequential number
that identifies it. The order number cannot be it: it is random, so nobody guesses another's.

A number is drawn in the transaction that makes the order paid. The UPDATE of the year's counter
row keeps that row locked until the transaction ends (PostgreSQL; SQLite has one writer at a
time), so parallel payments get consecutive numbers, and a payment update that rolls back gives
its number back. Credit notes (``orders.refunds``) have a series of their own, "CN-2026-00001".
"""

from __future__ import annotations

from datetime import datetime
from typing import TypeVar

from tortoise.expressions import F

from splash.core.formatting import SHOP_ZONE
from splash.orders.models import CreditNoteSeries, InvoiceSeries

CREDIT_NOTE_PREFIX = "CN-"
Series = TypeVar("Series", InvoiceSeries, CreditNoteSeries)


async def draw(paid_at: datetime) -> str:
    """The next number of the series of ``paid_at``'s year; call it inside a transaction."""
    year = paid_at.astimezone(SHOP_ZONE).year
    return f"{year}-{await _next(InvoiceSeries, year):05d}"


async def draw_credit_note(issued_at: datetime) -> str:
    """The next credit note number, "CN-2026-00001": a series of its own, drawn as invoice
    numbers are, in the transaction that makes the refund."""
    year = issued_at.astimezone(SHOP_ZONE).year
    return f"{CREDIT_NOTE_PREFIX}{year}-{await _next(CreditNoteSeries, year):05d}"


async def _next(series: type[Series], year: int) -> int:
    await series.bulk_create([series(year=year)], ignore_conflicts=True)
    await series.filter(year=year).update(last_number=F("last_number") + 1)
    return (await series.get(year=year)).last_number
