"""Invoice numbers: one series without gaps per calendar year of the shop's clock, "2026-00001",
"2026-00002", …, as the EU VAT directive (art. 226(2)) asks of an invoice: a sequential number
that identifies it. The order number cannot be it: it is random, so nobody guesses another's.

A number is drawn in the transaction that makes the order paid. The UPDATE of the year's counter
row keeps that row locked until the transaction ends (PostgreSQL; SQLite has one writer at a
time), so parallel payments get consecutive numbers, and a payment update that rolls back gives
its number back.
"""

from __future__ import annotations

from datetime import datetime

from tortoise.expressions import F

from splash.core.formatting import SHOP_ZONE
from splash.orders.models import InvoiceSeries


async def draw(paid_at: datetime) -> str:
    """The next number of the series of ``paid_at``'s year; call it inside a transaction."""
    year = paid_at.astimezone(SHOP_ZONE).year
    await InvoiceSeries.bulk_create([InvoiceSeries(year=year)], ignore_conflicts=True)
    await InvoiceSeries.filter(year=year).update(last_number=F("last_number") + 1)
    last = (await InvoiceSeries.get(year=year)).last_number
    return f"{year}-{last:05d}"
