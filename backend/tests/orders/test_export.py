"""The orders CSV: one row per order with net and VAT per rate, shipping, total, refunded and
the payment method; the inbox's box and search narrow it; it is streamed in keyset-paged
batches (never more than one batch of orders held); cells a spreadsheet would run are inert."""

from __future__ import annotations

import csv
import io
import secrets
from datetime import UTC, datetime, timedelta

import pytest

from splash.catalog.vocabulary import ProductType
from splash.orders import export
from splash.orders.inbox import InboxQuery
from splash.orders.models import Order, OrderLine
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order
from tests.staff.support import cookie_of, staff
from tests.support import counting_statements

PAID = {"status": OrderStatus.PAID, "payment_status": PaymentStatus.PAID}


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


async def test_a_row_per_order_with_vat_per_rate(client, seeded, settings):
    dutch = await create_order(None, [("SPL-FS-BLUE-M", 2)], **PAID)
    german = await create_order(None, [("SPL-FS-BLUE-M", 1)], country="de", **PAID)
    await Order.filter(id=german.id).update(amount_refunded=1000)
    await Order.filter(id=dutch.id).update(created_at=datetime(2026, 3, 1, 23, 30, tzinfo=UTC))
    headers = await cookie_of(await staff(settings), settings)

    response = await client.get("/api/studio/orders.csv", headers=headers)

    assert response.status == 200
    assert response.headers["content-type"] == "text/csv; charset=utf-8"
    assert response.headers["content-disposition"] == 'attachment; filename="orders.csv"'
    header = response.text.split("\r\n")[0].split(",")
    assert header == [
        "date", "number", "customer", "email", "country",
        "net 19%", "vat 19%", "net 20%", "vat 20%", "net 21%", "vat 21%", "net 25%", "vat 25%",
        "net other rates", "vat other rates",
        "shipping", "total", "refunded", "payment method",
    ]  # fmt: skip
    by_number = {row["number"]: row for row in _rows(response.text)}
    nl, de = by_number[dutch.order_nr], by_number[german.order_nr]
    assert nl["date"] == "2026-03-02"  # the shop's day (Amsterdam)
    assert (nl["customer"], nl["country"], nl["payment method"]) == ("Eva de Vries", "nl", "")
    net, vat = int(nl["net 21%"].replace(".", "")), int(nl["vat 21%"].replace(".", ""))
    assert net + vat == dutch.total and vat == dutch.vat
    assert (nl["vat 19%"], nl["total"], nl["refunded"]) == ("", export.euros(dutch.total), "0.00")
    assert int(de["vat 19%"].replace(".", "")) == german.vat
    assert (de["shipping"], de["refunded"]) == (export.euros(german.shipping_cost), "10.00")


async def test_the_box_and_search_narrow_it(client, seeded, settings):
    paid = await create_order(None, [("SPL-FS-BLUE-M", 1)], **PAID)
    await create_order(None, [("SPL-FS-BLUE-M", 1)])
    headers = await cookie_of(await staff(settings), settings)

    to_ship = await client.get("/api/studio/orders.csv?box=to_ship", headers=headers)
    nothing = await client.get("/api/studio/orders.csv?q=nobody", headers=headers)
    bad = await client.get("/api/studio/orders.csv?box=lost", headers=headers)

    assert [row["number"] for row in _rows(to_ship.text)] == [paid.order_nr]
    assert _rows(nothing.text) == []
    assert bad.status == 400
    assert bad.json["error"]["details"]["errors"][0]["path"] == ["query", "box"]


async def test_a_typed_formula_stays_text(client, seeded, settings):
    order = await create_order(None, [("SPL-FS-BLUE-M", 1)], **PAID)
    await Order.filter(id=order.id).update(firstname='=HYPERLINK("https://evil.example")')
    headers = await cookie_of(await staff(settings), settings)

    response = await client.get("/api/studio/orders.csv", headers=headers)

    [row] = _rows(response.text)
    assert row["customer"].startswith("'=HYPERLINK(")


@pytest.mark.parametrize(
    ("cents", "text"), [(0, "0.00"), (5, "0.05"), (123456, "1234.56"), (-250, "-2.50")]
)
def test_euros(cents, text):
    assert export.euros(cents) == text


async def _many_orders(count: int) -> None:
    """``count`` paid orders of one line, made in bulk (the factory makes one at a time)."""
    start = datetime(2026, 1, 1, tzinfo=UTC)
    address = {
        "street": "Keizersgracht", "housenumber": "12", "addition": None, "additionalInfo": None,
        "postalCode": "1015 CS", "city": "Amsterdam", "country": "nl",
    }  # fmt: skip
    await Order.bulk_create(
        [
            Order(
                order_nr=f"SPL-B{n:06d}",
                slug=secrets.token_urlsafe(16),
                locale="nl",
                status=OrderStatus.PAID,
                email=f"ouder{n}@example.com",
                firstname="Eva",
                lastname=f"Bulk {n}",
                shipping_address=address,
                subtotal=4995,
                shipping_cost=395,
                vat_country="nl",
                vat_rate=21,
                shipping_vat=69,
                vat=936,
                total=5390,
                consent_version="test",
                consented_at=start,
                created_at=start + timedelta(minutes=n),
            )
            for n in range(count)
        ],
        batch_size=500,
    )
    ids = await Order.filter(order_nr__startswith="SPL-B").values_list("id", flat=True)
    await OrderLine.bulk_create(
        [
            OrderLine(
                order_id=order_id,
                position=0,
                variant_id=1,
                sku="SPL-FS-BLUE-M",
                product_type=ProductType.PHYSICAL,
                title="Splash-drijfpak",
                variant_label="Blauw, M",
                quantity=1,
                unit_price=4995,
                line_total=4995,
                vat_rate=21,
                vat=867,
            )
            for order_id in ids
        ],
        batch_size=500,
    )


async def test_thousands_of_orders_export_a_batch_at_a_time(database):
    await _many_orders(2100)

    sizes, numbers = [], []
    with counting_statements() as statements:
        async for rows in export.batches(InboxQuery(), batch=250):
            sizes.append(len(rows))
            numbers += [row[1] for row in rows]

    assert max(sizes) == 250 and sum(sizes) == 2100  # never more than a batch held
    assert sizes == [250] * 8 + [100]
    assert numbers == [f"SPL-B{n:06d}" for n in range(2100)]  # each once, in id order
    order_reads = [s for s in statements.seen if 'FROM "orders_order"' in s and "LIMIT" in s]
    assert len(order_reads) == 10  # nine batches and the empty read that ends it
    assert all("OFFSET" not in s for s in order_reads)  # keyset, not offset paging
    assert len(statements) == 1 + 10 + 9 * 2  # dead jobs, orders, lines and payments per batch


async def test_the_streamed_answer_holds_every_order(client, database, settings, monkeypatch):
    await _many_orders(1200)
    monkeypatch.setattr(export, "BATCH", 500)
    headers = await cookie_of(await staff(settings), settings)

    response = await client.get("/api/studio/orders.csv", headers=headers)

    rows = _rows(response.text)
    assert len(rows) == 1200 and len({row["number"] for row in rows}) == 1200
