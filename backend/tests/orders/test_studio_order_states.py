"""The order screens' provider states (testkit/studio_order_states.py) leave what their Pact
interactions and the end-to-end test expect: a paid guest order whose two suits are still to
ship and whose lesson is granted, a refund with its credit note, an unpaid order, a shop member."""

from __future__ import annotations

from splash.academy.models import Entitlement
from testkit.studio_order_states import (
    owner_and_refunded_order,
    owner_and_unpaid_order,
    shop_member_and_paid_order,
    team_and_paid_order,
)


def _signed_in(session: str) -> dict[str, str]:
    return {"cookie": f"splash_studio={session}"}


async def test_the_paid_guest_order_waits_for_two_parcels(app, client, seeded, settings):
    answer = await team_and_paid_order("en")(settings, app.ctx)
    response = await client.get(
        f"/api/studio/orders/{answer['orderId']}", headers=_signed_in(answer["shopSession"])
    )
    assert response.status == 200, response.json
    order = response.json["data"]
    assert (order["status"], order["locale"], order["email"]) == ("paid", "en", "gast@example.com")
    lines = {line["id"]: line for line in order["lines"]}
    assert lines[answer["suitLineId"]]["quantity"] - lines[answer["suitLineId"]]["shipped"] == 2
    assert lines[answer["lessonLineId"]]["productType"] == "digital"
    assert sum(line["lineTotal"] for line in order["lines"]) + order["shipping"] == order["total"]
    assert await Entitlement.filter(order_id=answer["orderId"]).exists()
    editor = await client.get("/api/studio/orders", headers=_signed_in(answer["editorSession"]))
    assert editor.status == 403


async def test_the_refunded_order_has_its_credit_note(app, client, seeded, settings):
    answer = await owner_and_refunded_order(settings, app.ctx)
    response = await client.get(
        f"/api/studio/orders/{answer['orderId']}/credit-notes/{answer['creditNoteNr']}",
        headers=_signed_in(answer["session"]),
    )
    assert response.status == 200
    assert answer["creditNoteNr"] in response.text


async def test_the_unpaid_order_and_the_shop_member(app, client, seeded, settings):
    unpaid = await owner_and_unpaid_order(settings, app.ctx)
    response = await client.get(
        f"/api/studio/orders/{unpaid['orderId']}", headers=_signed_in(unpaid["session"])
    )
    assert response.json["data"]["status"] == "awaiting_payment"
    shop = await shop_member_and_paid_order(settings, app.ctx)
    refused = await client.post(
        f"/api/studio/orders/{shop['orderId']}/refunds",
        json={"all": True},
        headers={**_signed_in(shop["session"]), "idempotency-key": "shop-member-refund"},
    )
    assert refused.status == 403
