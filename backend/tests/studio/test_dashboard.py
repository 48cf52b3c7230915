"""The dashboard: today / 7 / 30 days of paid orders, revenue net of VAT and refunds, lessons
sold, what is to ship, problems and low stock, and revenue per day for the chart."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from splash.catalog.models import ProductVariant
from splash.orders.dashboard import net_revenue
from splash.orders.models import Order
from splash.orders.vocabulary import OrderFlag, OrderStatus, PaymentStatus
from testkit.factories import academy_ids, create_order, create_test_user
from tests.studio.support import headers_of

pytestmark = pytest.mark.usefixtures("seeded")


def test_net_revenue_takes_vat_and_the_net_part_of_refunds_away():
    assert net_revenue(12100, 2100, 0) == 10000
    assert net_revenue(12100, 2100, 6050) == 5000  # half refunded: half the net
    assert net_revenue(12100, 2100, 12100) == 0
    assert net_revenue(0, 0, 0) == 0


async def _paid(parent, items, when: datetime, **kwargs) -> Order:
    return await create_order(
        parent,
        items,
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
        paid_at=when,
        **kwargs,
    )


async def test_the_figures_of_a_period(client, settings):
    now = datetime.now(UTC)
    parent = await create_test_user("ouder@example.com", "Zwemmen-2026")
    suit = await _paid(parent, [("SPL-FS-BLUE-M", 1)], now)
    lessons_sku = await ProductVariant.get(id=(await academy_ids())["level1VariantId"])
    lessons = await _paid(
        parent, [(lessons_sku.sku, 2)], now - timedelta(days=3), product_type="digital"
    )
    await Order.filter(id=lessons.id).update(amount_refunded=lessons.total // 2)
    await _paid(parent, [("SPL-FS-BLUE-L", 1)], now - timedelta(days=40))  # outside 30 days
    flagged = await create_order(parent, [("SPL-FS-BLUE-S", 1)])
    await Order.filter(id=flagged.id).update(flagged=OrderFlag.AMOUNT_MISMATCH)
    await ProductVariant.filter(sku="SPL-FS-PINK-L").update(stock=1)
    headers = await headers_of(settings)

    week = await client.get("/api/studio/dashboard?period=7d", headers=headers)
    month = await client.get("/api/studio/dashboard?period=30d", headers=headers)
    bad = await client.get("/api/studio/dashboard?period=year", headers=headers)

    assert week.status == 200, week.json
    data = week.json["data"]
    suit_net = suit.total - suit.vat
    lessons_net = net_revenue(lessons.total, lessons.vat, lessons.total // 2)
    assert data["orders"] == 2
    assert data["revenueNet"] == suit_net + lessons_net
    assert data["lessonsSold"] == 2
    assert data["toShip"] == 2  # the suits paid today and 40 days ago, not the lessons
    assert data["problems"] == 1
    assert data["lowStock"] >= 1
    days = data["revenuePerDay"]
    assert len(days) == 7 and days == sorted(days, key=lambda d: d["day"])
    assert sum(d["revenueNet"] for d in days) == data["revenueNet"]
    assert days[-1]["revenueNet"] == suit_net
    assert days[-4]["revenueNet"] == lessons_net  # three days ago, on the shop's clock
    assert len(month.json["data"]["revenuePerDay"]) == 30
    assert month.json["data"]["orders"] == 2
    assert bad.status == 400
    assert bad.json["error"]["details"]["errors"][0]["path"] == ["query", "period"]


async def test_today_is_the_default(client, settings):
    response = await client.get("/api/studio/dashboard", headers=await headers_of(settings))

    assert response.status == 200
    assert response.json["data"]["period"] == "today"
    assert len(response.json["data"]["revenuePerDay"]) == 1
