"""Packing slips: one A4 page per order, in the order's language, with the delivery address,
the units still to ship and the order number as an inline-SVG QR code; bad or unknown order
lists are 4xx naming ``orders``."""

from __future__ import annotations

import re

import pytest

from splash.orders.models import OrderLine, Shipment, ShipmentLine
from splash.orders.packing_slips import qr_svg
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order
from tests.staff.support import cookie_of, staff

PAID = {"status": OrderStatus.PAID, "payment_status": PaymentStatus.PAID}


async def test_one_page_per_order_in_its_language(client, seeded, settings):
    dutch = await create_order(None, [("SPL-FS-BLUE-M", 2), ("SPL-SUN-PINK-S", 1)], **PAID)
    german = await create_order(None, [("SPL-FS-BLUE-M", 1)], locale="de", country="de", **PAID)
    first = await OrderLine.filter(order_id=dutch.id).order_by("position").first()
    parcel = await Shipment.create(
        order=dutch, carrier="dhl", tracking_number="A1", request_key="k", body_hash="h"
    )
    await ShipmentLine.create(shipment=parcel, order_line=first, quantity=1)
    headers = await cookie_of(await staff(settings), settings)

    response = await client.get(
        f"/api/studio/packing-slips?orders={dutch.id},{german.id}", headers=headers
    )

    assert response.status == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    page = response.text
    assert "@page { size: A4" in page
    slips = page.split('<section class="slip"')[1:]
    assert len(slips) == 2
    assert 'lang="nl"' in slips[0] and f"Pakbon {dutch.order_nr}" in slips[0]
    assert 'lang="de"' in slips[1] and f"Lieferschein {german.order_nr}" in slips[1]
    assert "Eva de Vries<br>" in slips[0] and "Keizersgracht 12<br>" in slips[0]
    assert "1015 CS Amsterdam<br>" in slips[0] and "Nederland" in slips[0]
    quantities = re.findall(r'<td class="number">(\d+)</td><td>([^<]+)<br>', slips[0])
    assert quantities == [("1", "Splash-drijfpak"), ("1", "Splash-drijfpak")]  # one suit shipped
    assert slips[0].count("<svg") == 1 and f"<title>{dutch.order_nr}</title>" in slips[0]
    assert "<script" not in page
    csp = response.headers["content-security-policy"]
    assert "'sha256-" in csp and "unsafe-inline" not in csp.split("style-src")[1].split(";")[0]


def test_the_qr_code_is_an_svg_of_the_order_number():
    svg = str(qr_svg("SPL-7K3M9QX2"))

    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert "<title>SPL-7K3M9QX2</title>" in svg


@pytest.mark.parametrize(
    "query",
    [
        "",
        "?orders=",
        "?orders=1,,2",
        "?orders=a",
        "?orders=-1",
        "?orders=" + ",".join(["1"] * 101),
        "?orders=99999999999",
        "?orders=1&orders=2",
    ],
)
async def test_a_bad_list_is_a_400_naming_orders(client, database, settings, query):
    headers = await cookie_of(await staff(settings), settings)

    response = await client.get(f"/api/studio/packing-slips{query}", headers=headers)

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["query", "orders"]


async def test_an_unknown_order_is_a_404(client, seeded, settings):
    order = await create_order(None, [("SPL-FS-BLUE-M", 1)], **PAID)
    headers = await cookie_of(await staff(settings), settings)

    response = await client.get(
        f"/api/studio/packing-slips?orders={order.id},999999", headers=headers
    )

    assert response.status == 404
    assert "999999" in response.json["error"]["message"]


async def test_an_editor_gets_no_slips(client, seeded, settings):
    order = await create_order(None, [("SPL-FS-BLUE-M", 1)], **PAID)
    editor = await cookie_of(await staff(settings, "editor"), settings)

    response = await client.get(f"/api/studio/packing-slips?orders={order.id}", headers=editor)

    assert response.status == 403
