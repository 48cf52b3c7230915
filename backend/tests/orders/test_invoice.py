"""GET /api/orders/{slug}/invoice over HTTP on the real database: the printable invoice of a
paid order in its language, and "not found" for every other order."""

from __future__ import annotations

import hashlib
import re
from base64 import b64encode
from datetime import UTC, datetime
from typing import Any

import pytest

from splash.orders.models import Order
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order, create_test_user
from tests.orders.support import invoice_rows

ITEMS = [("SPL-FS-BLUE-M", 2), ("SPL-SUN-PINK-S", 1)]
PAID_AT = datetime(2026, 11, 25, 10, 30, tzinfo=UTC)
BILLING = {
    "street": "Hoofdstraat",
    "housenumber": "1",
    "addition": None,
    "additionalInfo": None,
    "postalCode": "3511 AA",
    "city": "Utrecht",
    "country": "nl",
}


async def _order(
    locale: str = "nl", status: OrderStatus = OrderStatus.PAID, **changes: Any
) -> Order:
    user = await create_test_user(f"ouder-{locale}@example.com", "Zwemmen-2026")
    return await create_order(
        user,
        ITEMS,
        locale=locale,
        status=status,
        payment_status=PaymentStatus.PAID,
        paid_at=PAID_AT,
        billing_address=BILLING,
        **changes,
    )


def _page(response: Any) -> str:
    return str(response.text).replace("\u00a0", " ")


async def test_a_paid_orders_invoice_in_dutch(client, seeded):
    order = await _order("nl")

    response = await client.get(f"/api/orders/{order.slug}/invoice")

    assert response.status == 200
    assert response.headers["content-type"] == "text/html; charset=utf-8"
    page = _page(response)
    assert '<html lang="nl">' in page
    assert "<title>Factuur 2026-00001 \N{EN DASH} Splash Swimwear B.V.</title>" in page
    assert "KvK-nummer: 81234567<br>" in page and "Btw-nummer: NL862345678B01<br>" in page
    assert "<dt>Factuurnummer</dt><dd>2026-00001</dd>" in page
    assert "<dt>Factuurdatum</dt><dd>25 november 2026</dd>" in page
    assert f"<dt>Bestelnummer</dt><dd>{order.order_nr}</dd>" in page
    buyer = "Eva de Vries<br>\nHoofdstraat 1<br>\n3511 AA Utrecht<br>\nNederland<br>\n"
    assert buyer + "ouder-nl@example.com</p>" in page
    cells = invoice_rows(page)
    assert cells[0] == [
        "Omschrijving",
        "Aantal",
        "Prijs per stuk excl. btw",
        "Btw-tarief",
        "Btw",
        "Bedrag incl. btw",
    ]
    assert cells[1:4] == [  # the unit price without VAT (art. 226(8)), the amount with it
        ["Splash-drijfpak blue, m", "2", "€ 41,28", "21%", "€ 17,34", "€ 99,90"],
        ["Splash-drijfpak pink, s", "1", "€ 45,41", "21%", "€ 9,54", "€ 54,95"],
        ["Verzendkosten", "1", "€ 3,26", "21%", "€ 0,69", "€ 3,95"],
    ]
    assert cells[4:] == [
        ["Totaal excl. btw", "€ 131,23"],
        ["Btw 21% over € 131,23", "€ 27,57"],
        ["Totaal btw", "€ 27,57"],
        ["Totaal incl. btw", "€ 158,80"],
    ]
    assert "Volledig betaald op 25 november 2026." in page


async def test_a_paid_orders_invoice_in_german(client, seeded):
    order = await _order("de", country="de")

    response = await client.get(f"/api/orders/{order.slug}/invoice", host="de.localhost:8000")

    page = _page(response)
    assert '<html lang="de">' in page
    assert "Handelskammer-Nr. (KvK): 81234567<br>" in page
    assert "USt-IdNr.: NL862345678B01<br>" in page
    assert "<dt>Rechnungsdatum</dt><dd>25. November 2026</dd>" in page
    cells = invoice_rows(page)
    assert cells[1] == ["Splash-drijfpak blue, m", "2", "41,97 €", "19 %", "15,95 €", "99,90 €"]
    assert ["MwSt. 19 % auf 135,97 €", "25,83 €"] in cells
    assert ["Gesamtbetrag brutto", "161,80 €"] in cells


async def test_the_invoice_shows_what_was_refunded(client, seeded):
    order = await _order("en", status=OrderStatus.REFUNDED)
    await Order.filter(id=order.id).update(amount_refunded=5495)

    cells = invoice_rows(_page(await client.get(f"/api/orders/{order.slug}/invoice")))

    assert cells[-2:] == [["Total incl. VAT", "€158.80"], ["Refunded", "\N{MINUS SIGN}€54.95"]]


async def test_the_invoice_is_private_unindexed_and_runs_no_script(client, seeded):
    order = await _order("nl")

    response = await client.get(f"/api/orders/{order.slug}/invoice")

    assert response.headers["cache-control"] == "private, no-store"
    assert response.headers["x-robots-tag"] == "noindex"
    page = response.text
    assert "<script" not in page
    [style] = re.findall(r"<style>(.*?)</style>", page, flags=re.S)
    digest = b64encode(hashlib.sha256(style.encode()).digest()).decode()
    policy = dict(
        directive.strip().split(" ", 1)
        for directive in response.headers["content-security-policy"].split(";")
    )
    assert policy["style-src"] == f"'self' 'sha256-{digest}'"
    assert policy["script-src"] == "'self'"
    assert "@media print" in style


@pytest.mark.parametrize(
    "status", [OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.COMPLETED, OrderStatus.REFUNDED]
)
async def test_an_order_whose_money_arrived_has_an_invoice(client, seeded, status):
    order = await _order("sv", status=status)

    response = await client.get(f"/api/orders/{order.slug}/invoice")

    assert response.status == 200
    assert f"<h1>Faktura {order.invoice_nr}</h1>" in response.text


@pytest.mark.parametrize(
    "status",
    [OrderStatus.AWAITING_PAYMENT, OrderStatus.CANCELED, OrderStatus.EXPIRED, OrderStatus.FAILED],
)
async def test_an_unpaid_order_has_no_invoice(client, seeded, status):
    order = await _order("nl", status=status)

    response = await client.get(f"/api/orders/{order.slug}/invoice")

    assert response.status == 404
    assert response.json == {
        "data": None,
        "error": {
            "status": 404,
            "name": "NotFoundError",
            "message": "No invoice for this order",
            "details": {},
        },
    }


@pytest.mark.parametrize("slug", ["unknown-slug", "x" * 65])
async def test_an_unknown_slug_has_no_invoice(client, seeded, slug):
    response = await client.get(f"/api/orders/{slug}/invoice")

    assert response.status == 404
    assert response.json["error"]["name"] == "NotFoundError"


SELLER_ADDRESS = {
    "nl": "Kanaalweg 21<br>\n3526 KL Utrecht<br>\nNederland<br>",
    "en": "Kanaalweg 21<br>\n3526 KL Utrecht<br>\nNetherlands<br>",
    "de": "Kanaalweg 21<br>\n3526 KL Utrecht<br>\nNiederlande<br>",
    "es": "Kanaalweg 21<br>\n3526 KL Utrecht<br>\nPaíses Bajos<br>",
    "fr": "Kanaalweg 21<br>\n3526 KL Utrecht<br>\nPays-Bas<br>",
    "sv": "Kanaalweg 21<br>\n3526 KL Utrecht<br>\nNederländerna<br>",
}


@pytest.mark.parametrize("locale", sorted(SELLER_ADDRESS))
async def test_the_invoice_names_the_sellers_postal_address_in_its_language(client, seeded, locale):
    order = await _order(locale)

    page = _page(await client.get(f"/api/orders/{order.slug}/invoice"))

    seller = page.split("</section>")[0]  # the seller's block comes first, then the buyer's
    assert f"<p>Splash Swimwear B.V.<br>\n{SELLER_ADDRESS[locale]}" in seller


async def test_an_order_paid_before_the_series_keeps_its_order_number_as_invoice_number(
    client, seeded
):
    order = await _order("en")
    await Order.filter(id=order.id).update(invoice_nr=None)

    page = _page(await client.get(f"/api/orders/{order.slug}/invoice"))

    assert f"<h1>Invoice {order.order_nr}</h1>" in page
    assert f"<dt>Invoice number</dt><dd>{order.order_nr}</dd>" in page


async def test_every_line_cell_is_labelled_for_the_phone_layout(client, seeded):
    order = await _order("de", country="de")

    page = _page(await client.get(f"/api/orders/{order.slug}/invoice"))

    labels = re.findall(r'<td class="number" data-label="([^"]+)">', page)
    assert labels[:5] == ["Menge", "Einzelpreis netto", "MwSt.-Satz", "MwSt.", "Betrag brutto"]
    assert len(labels) == 5 * 3  # two lines and the shipping
