"""The studio's stock: every stocked variant with on hand, reserved and available; counted
adjustments logged before and after, never below what unpaid orders reserve, and right when
they race the checkout's take; the low-stock threshold and list."""

from __future__ import annotations

import asyncio

import pytest

from splash.catalog import services as catalog
from splash.catalog.models import ProductVariant
from splash.staff.models import ActivityEntry
from testkit.factories import create_order, create_test_user
from tests.studio.support import headers_of

pytestmark = pytest.mark.usefixtures("seeded")


async def _variant(sku: str, stock: int) -> ProductVariant:
    variant = await ProductVariant.get(sku=sku)
    variant.stock = stock
    await variant.save(update_fields=["stock"])
    return variant


def _row(response, variant_id: int) -> dict:
    assert response.status in (200, 201), response.json
    rows = response.json["data"]
    return next(
        r for r in (rows if isinstance(rows, list) else [rows]) if r["variantId"] == variant_id
    )


async def test_the_list_shows_on_hand_reserved_and_available(client, settings):
    variant = await _variant("SPL-FS-BLUE-L", 10)
    parent = await create_test_user("ouder@example.com", "Zwemmen-2026")
    await create_order(parent, [("SPL-FS-BLUE-L", 3)])  # reserves 3: 7 left on sale

    response = await client.get("/api/studio/stock", headers=await headers_of(settings))

    row = _row(response, variant.id)
    assert (row["onHand"], row["reserved"], row["available"]) == (10, 3, 7)
    assert (row["sku"], row["colour"], row["size"], row["product"]) == (
        "SPL-FS-BLUE-L",
        variant.colour,
        variant.size,
        "splash-float-suit",
    )
    assert row["lowStockThreshold"] == 3 and row["low"] is False
    lessons = await ProductVariant.filter(product__type="digital").values_list("id", flat=True)
    assert lessons and not set(lessons) & {r["variantId"] for r in response.json["data"]}


async def test_an_adjustment_is_logged_with_before_and_after(client, settings):
    variant = await _variant("SPL-FS-BLUE-M", 4)
    headers = await headers_of(settings)

    added = await client.post(
        f"/api/studio/stock/{variant.id}/adjustments",
        json={"change": 6, "reason": "Delivery from the factory"},
        headers=headers,
    )
    removed = await client.post(
        f"/api/studio/stock/{variant.id}/adjustments",
        json={"change": -2, "reason": "Two damaged in the shop"},
        headers=headers,
    )

    assert added.status == 201 and _row(added, variant.id)["available"] == 10
    assert _row(removed, variant.id)["available"] == 8
    assert (await ProductVariant.get(id=variant.id)).stock == 8
    entries = await ActivityEntry.filter(action="stock.adjusted").order_by("id")
    assert [(e.before["available"], e.after["available"]) for e in entries] == [(4, 10), (10, 8)]
    assert entries[1].note == "-2: Two damaged in the shop"
    assert {(e.subject_type, e.subject_id) for e in entries} == {("variant", str(variant.id))}


async def test_stock_never_goes_below_what_unpaid_orders_reserve(client, settings):
    variant = await _variant("SPL-FS-BLUE-L", 5)
    parent = await create_test_user("ouder@example.com", "Zwemmen-2026")
    await create_order(parent, [("SPL-FS-BLUE-L", 3)])  # on hand 5, reserved 3, available 2

    refused = await client.post(
        f"/api/studio/stock/{variant.id}/adjustments",
        json={"change": -3, "reason": "Counted wrong"},
        headers=await headers_of(settings),
    )

    assert refused.status == 409
    assert refused.json["error"]["details"]["available"] == 2
    assert refused.json["error"]["details"]["errors"][0]["path"] == ["change"]
    assert (await ProductVariant.get(id=variant.id)).stock == 2
    assert not await ActivityEntry.exists(action="stock.adjusted")


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"change": 0, "reason": "Nothing"}, "change"),
        ({"change": "5", "reason": "A text"}, "change"),
        ({"change": 1.5, "reason": "Half"}, "change"),
        ({"change": 10**9, "reason": "Too many"}, "change"),
        ({"change": 1}, "reason"),
        ({"change": 1, "reason": "Okay", "stock": 9}, "stock"),
    ],
)
async def test_a_bad_adjustment_is_refused_naming_the_field(client, settings, body, field):
    variant = await _variant("SPL-FS-BLUE-L", 5)

    response = await client.post(
        f"/api/studio/stock/{variant.id}/adjustments", json=body, headers=await headers_of(settings)
    )

    assert response.status == 400, response.json
    assert response.json["error"]["details"]["errors"][0]["path"] == [field]
    assert (await ProductVariant.get(id=variant.id)).stock == 5


async def test_a_lesson_or_unknown_variant_is_not_stock(client, settings):
    lesson = await ProductVariant.filter(product__type="digital").first()
    assert lesson is not None
    headers = await headers_of(settings)
    body = {"change": 1, "reason": "Counted"}

    digital = await client.post(
        f"/api/studio/stock/{lesson.id}/adjustments", json=body, headers=headers
    )
    unknown = await client.post("/api/studio/stock/424242/adjustments", json=body, headers=headers)
    malformed = await client.post("/api/studio/stock/x1/adjustments", json=body, headers=headers)

    assert (digital.status, unknown.status, malformed.status) == (404, 404, 400)


async def test_adjustments_racing_the_checkout_leave_the_numbers_right(client, settings):
    """Twelve units; ten one-unit takes of the checkout and ten one-unit adjustments out race
    each other: exactly twelve succeed, stock ends at 0, never below, and every refused
    adjustment got a 409."""
    variant = await _variant("SPL-FS-BLUE-S", 12)
    headers = await headers_of(settings)
    path = f"/api/studio/stock/{variant.id}/adjustments"

    async def adjust() -> bool:
        response = await client.post(path, json={"change": -1, "reason": "Race"}, headers=headers)
        assert response.status in (201, 409), response.json
        return response.status == 201

    results = await asyncio.gather(
        *(catalog.take_stock(variant.id, 1) for _ in range(10)),
        *(adjust() for _ in range(10)),
    )

    assert sum(results) == 12
    assert (await ProductVariant.get(id=variant.id)).stock == 0
    assert await ActivityEntry.filter(action="stock.adjusted").count() == sum(results[10:])


async def test_the_threshold_makes_the_low_stock_list(client, settings):
    variant = await _variant("SPL-FS-BLUE-L", 4)
    await ProductVariant.exclude(id=variant.id).update(stock=50)
    headers = await headers_of(settings)

    before = await client.get("/api/studio/stock?low=true", headers=headers)
    changed = await client.patch(
        f"/api/studio/stock/{variant.id}", json={"lowStockThreshold": 5}, headers=headers
    )
    after = await client.get("/api/studio/stock?low=true", headers=headers)
    negative = await client.patch(
        f"/api/studio/stock/{variant.id}", json={"lowStockThreshold": -1}, headers=headers
    )
    bad_filter = await client.get("/api/studio/stock?low=maybe", headers=headers)

    assert before.json["data"] == []
    assert changed.status == 200 and changed.json["data"]["low"] is True
    assert [r["variantId"] for r in after.json["data"]] == [variant.id]
    assert negative.status == 400
    assert bad_filter.status == 400
    entry = await ActivityEntry.get(action="stock.threshold_changed")
    assert (entry.before, entry.after) == ({"lowStockThreshold": 3}, {"lowStockThreshold": 5})


async def test_stock_is_for_staff_with_the_stock_permission(client, settings):
    response = await client.get("/api/studio/stock", headers=await headers_of(settings, "editor"))

    assert response.status == 403
