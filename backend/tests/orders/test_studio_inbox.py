"""The studio's orders inbox: each box holds the orders its rule names and counts them, the
search finds an order by number, e-mail, name and postal code, sorting and paging hold, and
bad query values are 400s naming the parameter."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from tortoise import Tortoise

from splash.catalog.vocabulary import ProductType
from splash.orders import inbox
from splash.orders.models import Order, Shipment, ShipmentLine
from splash.orders.vocabulary import OrderFlag, OrderStatus, PaymentStatus, StockState
from splash.shared.outbox.models import JobStatus, OutboxJob
from testkit.factories import create_order
from tests.staff.support import cookie_of, staff
from tests.support import DATABASE

PAID = {"status": OrderStatus.PAID, "payment_status": PaymentStatus.PAID}


async def _owner(settings) -> dict[str, str]:
    return await cookie_of(await staff(settings), settings)


async def _inbox(client, headers, query: str = "") -> dict:
    response = await client.get(f"/api/studio/orders{query}", headers=headers)
    assert response.status == 200, response.json
    return response.json


async def _orders() -> dict[str, Order]:
    """One order per rule of the boxes."""
    found = {
        "to_ship": await create_order(None, [("SPL-FS-BLUE-M", 2)], **PAID),
        "digital": await create_order(
            None, [("SPL-FS-BLUE-M", 1)], product_type=ProductType.DIGITAL, **PAID
        ),
        "awaiting": await create_order(None, [("SPL-FS-BLUE-M", 1)], email="wacht@example.com"),
        "mismatch": await create_order(None, [("SPL-FS-BLUE-M", 1)]),
        "failed": await create_order(
            None,
            [("SPL-FS-BLUE-M", 1)],
            status=OrderStatus.FAILED,
            payment_status=PaymentStatus.FAILED,
        ),
        "released": await create_order(
            None,
            [("SPL-FS-BLUE-M", 1)],
            status=OrderStatus.EXPIRED,
            payment_status=PaymentStatus.EXPIRED,
            take_stock=False,
        ),
        "shipped": await create_order(
            None,
            [("SPL-FS-BLUE-M", 1)],
            status=OrderStatus.SHIPPED,
            payment_status=PaymentStatus.PAID,
        ),
        "refunded": await create_order(
            None,
            [("SPL-FS-BLUE-M", 1)],
            status=OrderStatus.REFUNDED,
            payment_status=PaymentStatus.PAID,
        ),
        "dead_mail": await create_order(None, [("SPL-FS-BLUE-M", 1)], **PAID),
        "partly": await create_order(None, [("SPL-FS-BLUE-M", 2)], **PAID),
    }
    await Order.filter(id=found["mismatch"].id).update(flagged=OrderFlag.AMOUNT_MISMATCH)
    await Order.filter(id=found["refunded"].id).update(amount_refunded=found["refunded"].total)
    await OutboxJob.create(
        kind="order_confirmation",
        payload={"order_id": found["dead_mail"].id},
        status=JobStatus.DEAD,
        next_attempt_at=found["dead_mail"].created_at,
    )
    # dead_mail shipped in full (which makes it shipped, as orders.shipments does); partly has
    # one of its two units shipped
    await Order.filter(id=found["dead_mail"].id).update(status=OrderStatus.SHIPPED)
    for name, units in (("dead_mail", 1), ("partly", 1)):
        order = found[name]
        line = await order.lines.all().first()
        shipment = await Shipment.create(
            order=order, carrier="dhl", tracking_number="JD1", request_key=name, body_hash="x"
        )
        await ShipmentLine.create(shipment=shipment, order_line=line, quantity=units)
    return found


async def test_each_box_holds_what_its_rule_names(client, seeded, settings):
    found = await _orders()
    headers = await _owner(settings)
    ids = {order.id: name for name, order in found.items()}

    boxes = {}
    for box in ("to_ship", "awaiting_payment", "problems", "shipped", "refunded", "all"):
        answer = await _inbox(client, headers, f"?box={box}")
        boxes[box] = {ids[row["id"]] for row in answer["data"]}
        assert answer["meta"]["total"] == len(boxes[box])

    assert boxes == {
        "to_ship": {"to_ship", "partly"},
        "awaiting_payment": {"awaiting", "mismatch"},
        "problems": {"mismatch", "failed", "dead_mail"},
        "shipped": {"shipped", "dead_mail"},
        "refunded": {"refunded"},
        "all": set(found),
    }
    answer = await _inbox(client, headers, "?q=zzz")
    camel = {"to_ship": "toShip", "awaiting_payment": "awaitingPayment"}
    counts = {camel.get(key, key): len(value) for key, value in boxes.items()}
    assert answer["meta"]["counts"] == counts
    assert answer["data"] == []


async def test_a_row_says_what_the_inbox_shows(client, seeded, settings):
    order = await create_order(None, [("SPL-FS-BLUE-M", 2)], country="de", **PAID)

    [row] = (await _inbox(client, await _owner(settings)))["data"]

    assert row == {
        "id": order.id,
        "orderNr": order.order_nr,
        "createdAt": row["createdAt"],
        "status": "paid",
        "firstname": "Eva",
        "lastname": "de Vries",
        "email": "gast@example.com",
        "country": "de",
        "total": order.total,
        "currency": "EUR",
        "amountRefunded": 0,
        "flagged": None,
        "toShip": True,
    }


@pytest.mark.parametrize(
    ("term", "expected"),
    [
        ("", {"eva", "jan"}),
        ("{jan_nr}", {"jan"}),
        ("{jan_nr_lower}", {"jan"}),
        ("JAN@example", {"jan"}),
        ("eva de vries", {"eva"}),
        ("1015cs", {"eva"}),
        ("3511 aa", {"jan"}),
        ("nobody", set()),
        ("100% _x'; --", set()),
    ],
)
async def test_the_search_finds_number_email_name_and_postal_code(
    client, seeded, settings, term, expected
):
    eva = await create_order(None, [("SPL-FS-BLUE-M", 1)], email="eva@example.com")
    jan = await create_order(None, [("SPL-FS-BLUE-M", 1)], email="jan@example.com")
    address = {**jan.shipping_address, "postalCode": "3511 AA"}
    await Order.filter(id=jan.id).update(
        firstname="Jan", lastname="Jansen", shipping_address=address
    )
    await Order.filter(id=eva.id).update(firstname="Eva")
    names = {eva.id: "eva", jan.id: "jan"}
    query = term.format(jan_nr=jan.order_nr, jan_nr_lower=jan.order_nr.lower())

    answer = await _inbox(client, await _owner(settings), "?" + urlencode({"q": query}))

    assert {names[row["id"]] for row in answer["data"]} == expected


async def test_sorting_and_paging(client, seeded, settings):
    made = [await create_order(None, [("SPL-FS-BLUE-M", n)]) for n in (1, 3, 2)]
    headers = await _owner(settings)

    by_total = await _inbox(client, headers, "?sort=total&pageSize=2")
    second = await _inbox(client, headers, "?sort=total&pageSize=2&page=2")
    newest = await _inbox(client, headers, "?sort=-date")
    by_number = await _inbox(client, headers, "?sort=number")

    totals = sorted(order.total for order in made)
    assert [row["total"] for row in by_total["data"] + second["data"]] == totals
    assert (by_total["meta"]["total"], second["meta"]["page"]) == (3, 2)
    assert [row["id"] for row in newest["data"]] == [order.id for order in reversed(made)]
    assert [row["orderNr"] for row in by_number["data"]] == sorted(o.order_nr for o in made)


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("?box=lost", "box"),
        ("?sort=colour", "sort"),
        ("?q=" + "x" * 101, "q"),
        ("?page=0", "page"),
        ("?pageSize=101", "pageSize"),
        ("?page=abc", "page"),
        ("?box=all&box=shipped", "box"),
    ],
)
async def test_bad_query_values_are_400s_naming_them(client, database, settings, query, field):
    response = await client.get(f"/api/studio/orders{query}", headers=await _owner(settings))

    assert response.status == 400
    assert [e["path"] for e in response.json["error"]["details"]["errors"]] == [["query", field]]


async def test_a_failed_order_whose_stock_went_back_is_no_problem(client, seeded, settings):
    order = await create_order(
        None,
        [("SPL-FS-BLUE-M", 1)],
        status=OrderStatus.FAILED,
        payment_status=PaymentStatus.FAILED,
    )
    headers = await _owner(settings)
    assert (await _inbox(client, headers, "?box=problems"))["meta"]["total"] == 1

    await Order.filter(id=order.id).update(stock_state=StockState.RELEASED)

    assert (await _inbox(client, headers, "?box=problems"))["meta"]["total"] == 0


async def test_postgres_searches_through_the_trigram_index(seeded):
    """The inbox's search expression is the index's (migration 0024): with sequential scans
    priced out, PostgreSQL's plan for a search reads ``orders_order_search``; a change to one
    of the two expressions without the other fails here, as a full scan at 100,000 orders
    (loadtests/studio_scale.py) would."""
    if DATABASE != "postgres":
        pytest.skip("the trigram index is PostgreSQL's")
    connection = Tortoise.get_connection("default")
    found = inbox.found(inbox.InboxQuery(search="Jansen"), frozenset())
    query = found.limit(50).sql(params_inline=True)
    async with connection._in_transaction() as transaction:
        await transaction.execute_script("SET LOCAL enable_seqscan = off")
        plan = await transaction.execute_query_dict(f"EXPLAIN {query}")
    assert "orders_order_search" in "\n".join(row["QUERY PLAN"] for row in plan)
