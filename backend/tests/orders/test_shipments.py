"""Shipping from the studio: partial shipments, never more than ordered minus shipped, only
physical lines of paid orders; the last unit makes the order shipped; a double click ships
once; the tracking link follows the carrier; the customer's mail in the order's language; the
activity log records it; hostile bodies are 4xx naming the field."""

from __future__ import annotations

import asyncio

import pytest

from splash.accounts import services as accounts
from splash.catalog.vocabulary import ProductType
from splash.orders.models import Order, OrderLine, Shipment, ShipmentLine
from splash.orders.tracking import tracking_url
from splash.orders.vocabulary import Carrier, OrderStatus, PaymentStatus
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from testkit.factories import create_order, create_test_user
from tests.outbox.support import plain_text, sent_mails
from tests.staff.support import cookie_of, staff
from tests.support import serving

PAID = {"status": OrderStatus.PAID, "payment_status": PaymentStatus.PAID}


async def _paid(user=None, **changes) -> tuple[Order, list[OrderLine]]:
    order = await create_order(
        user, [("SPL-FS-BLUE-M", 2), ("SPL-SUN-PINK-S", 1)], **{**PAID, **changes}
    )
    return order, list(await OrderLine.filter(order_id=order.id).order_by("position"))


def _body(*units: tuple[int, int], carrier: str = "postnl", **more) -> dict:
    return {
        "lines": [{"lineId": line_id, "quantity": quantity} for line_id, quantity in units],
        "carrier": carrier,
        "trackingNumber": "3SABCD1234567",
        **more,
    }


async def _ship(client, headers, order_id, body, key="key-1"):
    return await client.post(
        f"/api/studio/orders/{order_id}/shipments",
        headers={**headers, "idempotency-key": key},
        json=body,
    )


@pytest.fixture
async def shop_staff(settings):
    return await cookie_of(await staff(settings, "shop"), settings)


async def test_an_order_ships_in_two_parts_and_is_shipped_after_the_last(
    client, seeded, shop_staff
):
    order, (suits, sun) = await _paid()

    first = await _ship(client, shop_staff, order.id, _body((suits.id, 1)), "a")
    assert first.status == 201, first.json
    assert (await Order.get(id=order.id)).status == OrderStatus.PAID
    second = await _ship(client, shop_staff, order.id, _body((suits.id, 1), (sun.id, 1)), "b")

    assert second.status == 201, second.json
    assert (await Order.get(id=order.id)).status == OrderStatus.SHIPPED
    assert second.json["data"]["trackingUrl"] == (
        "https://jouw.postnl.nl/track-and-trace/3SABCD1234567-NL-1015CS"
    )
    assert [(p["sku"], p["quantity"]) for p in second.json["data"]["lines"]] == [
        ("SPL-FS-BLUE-M", 1),
        ("SPL-SUN-PINK-S", 1),
    ]
    jobs = (
        await OutboxJob.filter(kind="order_shipped")
        .order_by("id")
        .values_list("payload", flat=True)
    )
    assert list(jobs) == [
        {"order_id": order.id, "shipment_id": first.json["data"]["id"]},
        {"order_id": order.id, "shipment_id": second.json["data"]["id"]},
    ]
    entries = await ActivityEntry.filter(action="order.shipped").order_by("id")
    assert [(e.actor_label, e.before, e.after["status"]) for e in entries] == [
        ("shop@splash.example", {"status": "paid"}, "paid"),
        ("shop@splash.example", {"status": "paid"}, "shipped"),
    ]


async def test_more_units_than_left_are_refused_naming_the_line(client, seeded, shop_staff):
    order, (suits, _) = await _paid()
    await _ship(client, shop_staff, order.id, _body((suits.id, 1)), "a")

    response = await _ship(client, shop_staff, order.id, _body((suits.id, 2)), "b")

    assert response.status == 409
    assert response.json["error"]["details"]["code"] == "too_many_units"
    assert response.json["error"]["details"]["errors"][0]["path"] == ["lines", "0", "quantity"]
    assert await Shipment.filter(order_id=order.id).count() == 1


async def test_a_double_click_ships_once(app, seeded, shop_staff):
    order, (suits, _) = await _paid()
    body = _body((suits.id, 1))
    path = f"/api/studio/orders/{order.id}/shipments"
    headers = {**shop_staff, "idempotency-key": "twice"}

    async with serving(app) as http:
        answers = await asyncio.gather(
            *(http.post(path, json=body, headers=headers) for _ in range(5))
        )

    assert sorted(a.status_code for a in answers) == [200, 200, 200, 200, 201]
    assert len({a.json()["data"]["id"] for a in answers}) == 1
    assert await ShipmentLine.filter(shipment__order_id=order.id).count() == 1
    assert await OutboxJob.filter(kind="order_shipped").count() == 1


async def test_the_same_key_with_another_body_is_refused(client, seeded, shop_staff):
    order, (suits, sun) = await _paid()
    await _ship(client, shop_staff, order.id, _body((suits.id, 1)))

    response = await _ship(client, shop_staff, order.id, _body((sun.id, 1)))

    assert response.status == 409
    assert response.json["error"]["details"]["code"] == "idempotency_key_reused"
    assert await Shipment.filter(order_id=order.id).count() == 1


@pytest.mark.parametrize(
    "status", [OrderStatus.AWAITING_PAYMENT, OrderStatus.REFUNDED, OrderStatus.CANCELED]
)
async def test_only_a_paid_order_ships(client, seeded, shop_staff, status):
    order, (suits, _) = await _paid(status=status)

    response = await _ship(client, shop_staff, order.id, _body((suits.id, 1)))

    assert response.status == 409
    assert response.json["error"]["details"]["code"] == "order_not_paid"
    assert await Shipment.all().count() == 0


async def test_lessons_and_other_orders_lines_do_not_ship(client, seeded, shop_staff):
    lessons = await create_order(
        None, [("SPL-FS-BLUE-M", 1)], product_type=ProductType.DIGITAL, **PAID
    )
    lesson_line = await OrderLine.get(order_id=lessons.id)
    order, _ = await _paid()

    digital = await _ship(client, shop_staff, lessons.id, _body((lesson_line.id, 1)))
    foreign = await _ship(client, shop_staff, order.id, _body((lesson_line.id, 1)))

    assert (digital.status, foreign.status) == (400, 400)
    for response in (digital, foreign):
        assert response.json["error"]["details"]["errors"][0]["path"] == ["lines", "0", "lineId"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, ["lines"]),
        ({"carrier": "postnl", "trackingNumber": "X1", "lines": []}, ["lines"]),
        (_body((1, 1), carrier="pigeon"), ["carrier"]),
        (_body((1, 0)), ["lines", "0", "quantity"]),
        (_body((1, 1000)), ["lines", "0", "quantity"]),
        (_body((1, True)), ["lines", "0", "quantity"]),
        (_body((2**31, 1)), ["lines", "0", "lineId"]),
        ({**_body((1, 1)), "trackingNumber": ""}, ["trackingNumber"]),
        ({**_body((1, 1)), "trackingNumber": "x" * 65}, ["trackingNumber"]),
        ({**_body((1, 1)), "trackingNumber": "<script>"}, ["trackingNumber"]),
        (_body((1, 1), carrier="other", trackingUrl="javascript:alert(1)"), ["trackingUrl"]),
        (_body((1, 1), carrier="other", trackingUrl="https://" + "a" * 500), ["trackingUrl"]),
        (_body((1, 1), trackingUrl="https://example.com/t"), ["trackingUrl"]),
        ({**_body((1, 1)), "price": 0}, ["price"]),
    ],
)
async def test_hostile_bodies_are_400s_naming_the_field(client, seeded, shop_staff, body, field):
    order, _ = await _paid()

    response = await _ship(client, shop_staff, order.id, body)

    assert response.status == 400, response.json
    assert response.json["error"]["details"]["errors"][0]["path"] == field
    assert await Shipment.all().count() == 0


async def test_a_line_named_twice_is_refused(client, seeded, shop_staff):
    order, (suits, _) = await _paid()

    response = await _ship(client, shop_staff, order.id, _body((suits.id, 1), (suits.id, 1)))

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["lines", "1", "lineId"]


@pytest.mark.parametrize("key", [None, "", "k" * 65, "sleutel-ü".encode()])
async def test_a_missing_or_bad_key_is_a_400(client, seeded, shop_staff, key):
    order, (suits, _) = await _paid()
    headers = {**shop_staff, **({"idempotency-key": key} if key is not None else {})}

    response = await client.post(
        f"/api/studio/orders/{order.id}/shipments", headers=headers, json=_body((suits.id, 1))
    )

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["header", "idempotency-key"]


async def test_unknown_order_is_a_404(client, seeded, shop_staff):
    response = await _ship(client, shop_staff, 999999, _body((1, 1)))
    assert response.status == 404


async def test_an_editor_cannot_ship(client, seeded, settings):
    order, (suits, _) = await _paid()
    editor = await cookie_of(await staff(settings, "editor"), settings)

    response = await _ship(client, editor, order.id, _body((suits.id, 1)))

    assert response.status == 403
    assert await Shipment.all().count() == 0


async def test_other_carrier_takes_a_typed_link_or_none(client, seeded, shop_staff):
    order, (suits, sun) = await _paid()

    typed = await _ship(
        client,
        shop_staff,
        order.id,
        _body((suits.id, 1), carrier="other", trackingUrl="https://koerier.example/t/3S"),
        "a",
    )
    none = await _ship(client, shop_staff, order.id, _body((sun.id, 1), carrier="other"), "b")

    assert typed.json["data"]["trackingUrl"] == "https://koerier.example/t/3S"
    assert none.json["data"]["trackingUrl"] is None


def test_every_named_carrier_links_its_tracking_page():
    links = {c: tracking_url(c, "AB 12/3", "nl", "1015 cs") for c in Carrier}

    assert links == {
        Carrier.POSTNL: "https://jouw.postnl.nl/track-and-trace/AB%2012%2F3-NL-1015CS",
        Carrier.DHL: "https://www.dhl.com/nl-en/home/tracking/tracking-parcel.html"
        "?submit=1&tracking-id=AB%2012%2F3",
        Carrier.DPD: "https://tracking.dpd.de/status/en_US/parcel/AB%2012%2F3",
        Carrier.UPS: "https://www.ups.com/track?tracknum=AB%2012%2F3",
        Carrier.GLS: "https://gls-group.com/track/AB%2012%2F3",
        Carrier.BPOST: "https://track.bpost.cloud/btr/web/#/search?itemCode=AB%2012%2F3",
        Carrier.OTHER: None,
    }


SHIPPED_MAIL = {
    "nl": ("Je bestelling {nr} is onderweg", "Volg je pakket: "),
    "en": ("Your order {nr} is on its way", "Follow your parcel: "),
    "de": ("Deine Bestellung {nr} ist unterwegs", "Paket verfolgen: "),
    "fr": ("Votre commande {nr} est en route", "Suivre votre colis : "),
    "es": ("Tu pedido {nr} está en camino", "Sigue tu paquete: "),
    "sv": ("Din beställning {nr} är på väg", "Följ ditt paket: "),
}


@pytest.mark.parametrize("locale", list(SHIPPED_MAIL))
async def test_the_customer_is_mailed_in_the_orders_language(seeded, settings, inbox, locale):
    order, (suits, _) = await _paid(locale=locale)
    parcel = await Shipment.create(
        order=order,
        carrier=Carrier.UPS,
        tracking_number="3SABCD1234567",
        tracking_url=tracking_url(Carrier.UPS, "3SABCD1234567", "nl", "1015 CS"),
        request_key="k",
        body_hash="h",
    )
    await ShipmentLine.create(shipment=parcel, order_line=suits, quantity=1)
    payload = {"order_id": order.id, "shipment_id": parcel.id}

    [mail] = await sent_mails(settings, inbox, "order_shipped", payload)

    subject, follow = SHIPPED_MAIL[locale]
    text = plain_text(mail)
    assert (mail["To"], mail["Subject"]) == ("gast@example.com", subject.format(nr=order.order_nr))
    assert f"{follow}https://www.ups.com/track?tracknum=3SABCD1234567" in text
    assert "1 \u00d7 Splash-drijfpak" in text
    assert "UPS" in text
    assert order.slug in text  # the order page, for the rest that follows


async def test_the_customer_sees_the_parcels_on_the_order_and_in_the_profile(
    client, seeded, settings, shop_staff
):
    user = await create_test_user("eva@example.com", "Zwemmen-2026!")
    order, (suits, sun) = await _paid(user=user)
    before = (await client.get(f"/api/orders/{order.slug}")).json["data"]
    await _ship(client, shop_staff, order.id, _body((suits.id, 2), carrier="dhl"), "a")
    await _ship(client, shop_staff, order.id, _body((sun.id, 1), carrier="other"), "b")
    signed_in = {"authorization": f"Bearer {accounts.session_token(user, settings)}"}

    by_slug = (await client.get(f"/api/orders/{order.slug}")).json["data"]
    by_number = await client.get(f"/api/users/me/orders/{order.order_nr}", headers=signed_in)
    [listed] = (await client.get("/api/users/me/orders", headers=signed_in)).json["data"]

    assert "shipments" not in before  # none yet: left out, as before shipping existed
    assert [
        (p["carrier"], p["trackingNumber"], p["trackingUrl"], p["lines"])
        for p in by_slug["shipments"]
    ] == [
        (
            "dhl",
            "3SABCD1234567",
            "https://www.dhl.com/nl-en/home/tracking/tracking-parcel.html"
            "?submit=1&tracking-id=3SABCD1234567",
            [{"title": "Splash-drijfpak", "variantLabel": suits.variant_label, "quantity": 2}],
        ),
        (
            "other",
            "3SABCD1234567",
            None,
            [{"title": "Splash-drijfpak", "variantLabel": sun.variant_label, "quantity": 1}],
        ),
    ]
    assert by_number.json["data"]["shipments"] == by_slug["shipments"]
    assert listed["shipments"] == by_slug["shipments"]
    assert by_slug["status"] == "shipped"
