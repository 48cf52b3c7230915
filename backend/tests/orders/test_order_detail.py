"""An order in the studio: lines with what shipped of them, both addresses, each payment with
its status history (written where payment updates move it), shipments, the e-mails sent, notes
(kept in the activity log) and one timeline of all of it, oldest first."""

from __future__ import annotations

import pytest

from splash.orders.models import PaymentEvent
from splash.orders.payment_updates import refresh
from splash.orders.payments.providers import create_provider
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from splash.shared.mail.models import SentMail
from splash.staff.models import ActivityEntry
from testkit.factories import create_order
from tests.payments.support import order_with_test_payment, provider_reports
from tests.staff.support import cookie_of, staff

PAID = {"status": OrderStatus.PAID, "payment_status": PaymentStatus.PAID}
BILLING = {
    "street": "Hoofdstraat",
    "housenumber": "1",
    "addition": "B",
    "additionalInfo": None,
    "postalCode": "3511 AA",
    "city": "Utrecht",
    "country": "nl",
}


async def _detail(client, headers, order_id) -> dict:
    response = await client.get(f"/api/studio/orders/{order_id}", headers=headers)
    assert response.status == 200, response.json
    return response.json["data"]


async def test_a_payment_keeps_each_status_it_took(seeded, settings):
    _, payment = await order_with_test_payment(quantity=1)
    provider = create_provider(settings)

    await provider_reports(payment, status=PaymentStatus.PENDING)
    await refresh(provider, payment.id)
    await provider_reports(payment, status=PaymentStatus.PAID, method="ideal")
    await refresh(provider, payment.id)
    await refresh(provider, payment.id)  # the same news again is no new status

    history = await PaymentEvent.filter(payment__provider_id=payment.id).values_list(
        "status", flat=True
    )
    assert list(history) == [PaymentStatus.PENDING, PaymentStatus.PAID]


async def test_the_detail_has_everything_and_one_timeline(client, seeded, settings):
    order = await create_order(
        None, [("SPL-FS-BLUE-M", 2), ("SPL-SUN-PINK-S", 1)], billing_address=BILLING, **PAID
    )
    payment = await order.payments.all().first()
    await PaymentEvent.create(payment=payment, status=PaymentStatus.PAID)
    await SentMail.create(
        to=order.email,
        subject=f"Bedankt voor je bestelling {order.order_nr}",
        template="order_confirmation",
        locale="nl",
        order_id=order.id,
        message_key="job-1-a",
    )
    await SentMail.create(
        to="iemand@example.com",
        subject="Een andere bestelling",
        template="order_confirmation",
        locale="nl",
        order_id=order.id + 1,
        message_key="job-2-a",
    )
    headers = await cookie_of(await staff(settings), settings)
    lines = await order.lines.all().order_by("position")
    shipped = await client.post(
        f"/api/studio/orders/{order.id}/shipments",
        headers={**headers, "idempotency-key": "k-1"},
        json={
            "lines": [{"lineId": lines[0].id, "quantity": 1}],
            "carrier": "dhl",
            "trackingNumber": "JVGL0123",
        },
    )
    assert shipped.status == 201, shipped.json
    noted = await client.post(
        f"/api/studio/orders/{order.id}/notes",
        headers=headers,
        json={"text": "  Klant belde: graag voor vrijdag  "},
    )
    assert noted.status == 201, noted.json

    detail = await _detail(client, headers, order.id)

    assert (detail["orderNr"], detail["status"], detail["locale"]) == (order.order_nr, "paid", "nl")
    assert [(line["sku"], line["quantity"], line["shipped"]) for line in detail["lines"]] == [
        ("SPL-FS-BLUE-M", 2, 1),
        ("SPL-SUN-PINK-S", 1, 0),
    ]
    assert detail["shippingAddress"]["postalCode"] == "1015 CS"
    assert detail["billingAddress"]["city"] == "Utrecht"
    [paid] = detail["payments"]
    assert [step["status"] for step in paid["history"]] == ["open", "paid"]
    [parcel] = detail["shipments"]
    assert (parcel["carrier"], parcel["trackingNumber"], parcel["lines"][0]["quantity"]) == (
        "dhl",
        "JVGL0123",
        1,
    )
    assert parcel["trackingUrl"].endswith("tracking-id=JVGL0123")
    assert detail["refunds"] == []
    # the parcel's mail may have left meanwhile (the app's drainer sends it): only this order's
    mails = [(m["template"], m["subject"]) for m in detail["mails"]]
    assert mails[0] == ("order_confirmation", f"Bedankt voor je bestelling {order.order_nr}")
    assert mails[1:] in ([], [("order_shipped", f"Je bestelling {order.order_nr} is onderweg")])
    assert [(n["text"], n["author"]) for n in detail["notes"]] == [
        ("Klant belde: graag voor vrijdag", "owner@splash.example")
    ]
    kinds = [entry["kind"] for entry in detail["timeline"]]
    assert kinds[0] == "placed"
    expected = ["placed", "payment", "payment", "shipment", "note"] + ["mail"] * len(mails)
    assert sorted(kinds) == sorted(expected)
    times = [entry["at"] for entry in detail["timeline"]]
    assert times == sorted(times)
    shipment_entry = next(e for e in detail["timeline"] if e["kind"] == "shipment")
    assert (shipment_entry["summary"], shipment_entry["by"]) == (
        "dhl JVGL0123",
        "owner@splash.example",
    )


async def test_a_note_is_logged_in_the_activity_log(client, seeded, settings):
    order = await create_order(None, [("SPL-FS-BLUE-M", 1)])
    headers = await cookie_of(await staff(settings, "shop"), settings)

    response = await client.post(
        f"/api/studio/orders/{order.id}/notes", headers=headers, json={"text": "Adres nagevraagd"}
    )

    entry = await ActivityEntry.get(action="order.noted")
    assert (entry.subject_type, entry.subject_id, entry.note) == (
        "order",
        str(order.id),
        "Adres nagevraagd",
    )
    assert response.json["data"] == {
        "id": entry.id,
        "at": response.json["data"]["at"],
        "author": "shop@splash.example",
        "text": "Adres nagevraagd",
    }


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, ["text"]),
        ({"text": "   "}, ["text"]),
        ({"text": "x" * 501}, ["text"]),
        ({"text": "ok", "pinned": True}, ["pinned"]),
        ({"text": 5}, ["text"]),
    ],
)
async def test_a_bad_note_is_a_400_naming_the_field(client, seeded, settings, body, field):
    order = await create_order(None, [("SPL-FS-BLUE-M", 1)])
    headers = await cookie_of(await staff(settings), settings)

    response = await client.post(f"/api/studio/orders/{order.id}/notes", headers=headers, json=body)

    assert response.status == 400
    assert [e["path"] for e in response.json["error"]["details"]["errors"]] == [field]
    assert await ActivityEntry.filter(action="order.noted").count() == 0


@pytest.mark.parametrize(
    ("raw", "status"),
    [("abc", 400), ("-1", 400), ("99999999", 404), ("9" * 13, 400), ("3000000000", 404)],
)
async def test_bad_or_unknown_ids(client, database, settings, raw, status):
    headers = await cookie_of(await staff(settings), settings)

    read = await client.get(f"/api/studio/orders/{raw}", headers=headers)
    note = await client.post(f"/api/studio/orders/{raw}/notes", headers=headers, json={"text": "x"})

    assert (read.status, note.status) == (status, status)
