"""The invoice of an order with lessons words them as a digital service delivered at once (the
buyer waived the right of withdrawal for them) and, without anything shipped, has no shipping
line; a suit's invoice says nothing of the kind."""

from __future__ import annotations

from datetime import UTC, datetime

from splash.catalog.vocabulary import ProductType
from splash.orders.models import Order
from tests.academy.support import owning
from tests.orders.support import invoice_rows

SERVICE = "Digitale dienst: online videolessen, direct geleverd"
WAIVED = "De lessen zijn op verzoek van de koper direct geleverd"


async def invoice(client, order: Order) -> str:
    await Order.filter(id=order.id).update(paid_at=datetime(2026, 11, 25, tzinfo=UTC))
    response = await client.get(f"/api/orders/{order.slug}/invoice")
    assert response.status == 200
    return response.text


async def test_lesson_lines_are_a_digital_service_without_shipping(client, course, parent):
    order = await owning(parent, "LEVEL-2")

    page = await invoice(client, order)

    cells = invoice_rows(page)
    assert cells[1][0].endswith(SERVICE)  # the line's title and label, then the service
    assert not any(row and row[0] == "Verzendkosten" for row in cells)
    assert WAIVED in page


async def test_a_suits_invoice_is_not_worded_as_a_digital_service(client, course, parent):
    order = await owning(parent, "SPL-FS-BLUE-M", product_type=ProductType.PHYSICAL)

    page = await invoice(client, order)

    assert SERVICE not in page and WAIVED not in page
    assert any(row and row[0] == "Verzendkosten" for row in invoice_rows(page))
