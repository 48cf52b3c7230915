"""Refunds in the studio (issue 27 point 10) through the built-in test provider: in full, by
lines, by an amount; never more than was paid; idempotent under parallel clicks; the credit
note's series and document; stock and lessons given back; the order's money and status; the
activity log; the refund e-mail; a shop user may not refund."""

from __future__ import annotations

import asyncio

from splash.academy.models import Entitlement
from splash.catalog.models import ProductVariant
from splash.orders.models import Order, OrderLine, Payment, Refund
from splash.orders.payments.models import SandboxPayment, SandboxRefund
from splash.orders.vocabulary import OrderStatus, RefundStatus
from splash.site.app import create_app
from splash.staff.models import ActivityEntry
from tests.app_client import Client
from tests.orders.refund_support import SKU, key, lesson_order, owner_headers, paid_order, refund
from tests.orders.support import invoice_rows
from tests.outbox.support import drainer, plain_text
from tests.support import serving


async def test_a_full_refund_gives_everything_back_and_the_order_is_refunded(
    app, client, seeded, settings
):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)

    response = await refund(client, order, headers, {"all": True})

    assert response.status == 201, response.json
    made = response.json["data"]
    assert made["refund"]["amount"] == order.total
    assert made["refund"]["status"] == "refunded"  # the test provider refunds at once
    assert made["refund"]["shipping"] == order.shipping_cost > 0
    assert made["refund"]["creditNoteNr"].startswith("CN-")
    assert made["order"] == {
        "id": order.id,
        "status": "refunded",
        "total": order.total,
        "amountRefunded": order.total,
        "refundable": 0,
    }
    fresh = await Order.get(id=order.id)
    assert (fresh.status, fresh.amount_refunded) == (OrderStatus.REFUNDED, order.total)
    payment = await Payment.get(order_id=order.id)
    assert payment.amount_refunded == order.total
    sandbox = await SandboxPayment.get(id=payment.provider_id)
    assert sandbox.amount_refunded == order.total
    [kept] = await SandboxRefund.all()
    assert (kept.amount, kept.payment_id) == (order.total, payment.provider_id)


async def test_a_refund_by_lines_gives_back_those_units_and_restocks_them(
    app, client, seeded, settings
):
    order = await paid_order(app.ctx.payments)
    [line] = await OrderLine.filter(order_id=order.id)
    stock_before = (await ProductVariant.get(sku=SKU)).stock
    headers = await owner_headers(settings)

    response = await refund(
        client,
        order,
        headers,
        {"lines": [{"lineId": line.id, "quantity": 1}], "restock": True, "reason": "Te klein"},
    )

    assert response.status == 201, response.json
    made = response.json["data"]["refund"]
    assert made["amount"] == line.unit_price
    assert made["shipping"] == 0
    assert made["lines"] == [
        {
            "lineId": line.id,
            "quantity": 1,
            "amount": line.unit_price,
            "vat": made["lines"][0]["vat"],
            "vatRate": 21,
        }
    ]
    assert made["vat"] == [
        {
            "rate": 21,
            "net": line.unit_price - made["lines"][0]["vat"],
            "vat": made["lines"][0]["vat"],
        }
    ]
    assert (await ProductVariant.get(sku=SKU)).stock == stock_before + 1
    fresh = await Order.get(id=order.id)
    assert (fresh.status, fresh.amount_refunded) == (OrderStatus.PAID, line.unit_price)
    assert response.json["data"]["order"]["refundable"] == order.total - line.unit_price


async def test_a_refund_without_restock_leaves_the_stock_alone(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    [line] = await OrderLine.filter(order_id=order.id)
    stock_before = (await ProductVariant.get(sku=SKU)).stock

    response = await refund(
        client,
        order,
        await owner_headers(settings),
        {"lines": [{"lineId": line.id, "quantity": 2}], "shipping": True},
    )

    assert response.status == 201
    assert response.json["data"]["refund"]["amount"] == order.total
    assert (await ProductVariant.get(sku=SKU)).stock == stock_before


async def test_a_refund_by_amount_spreads_its_vat_and_leaves_the_rest(
    app, client, seeded, settings
):
    order = await paid_order(app.ctx.payments)

    response = await refund(client, order, await owner_headers(settings), {"amount": 1210})

    assert response.status == 201, response.json
    made = response.json["data"]["refund"]
    assert (made["amount"], made["lines"], made["shipping"]) == (1210, [], 0)
    assert made["vat"] == [{"rate": 21, "net": 1000, "vat": 210}]
    assert response.json["data"]["order"]["refundable"] == order.total - 1210
    assert (await Order.get(id=order.id)).status is OrderStatus.PAID


async def test_more_than_was_paid_is_refused_naming_the_field(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)
    [line] = await OrderLine.filter(order_id=order.id)

    too_much = await refund(client, order, headers, {"amount": order.total + 1})
    assert too_much.status == 400
    assert too_much.json["error"]["details"]["code"] == "over_refund"
    assert too_much.json["error"]["details"]["errors"][0]["path"] == ["amount"]

    assert (await refund(client, order, headers, {"amount": order.total - 100})).status == 201
    rest = await refund(client, order, headers, {"lines": [{"lineId": line.id, "quantity": 1}]})
    assert rest.status == 400
    assert rest.json["error"]["details"]["errors"][0]["path"] == ["lines"]
    extra = await refund(client, order, headers, {"lines": [{"lineId": line.id, "quantity": 3}]})
    assert extra.json["error"]["details"]["errors"][0]["path"] == ["lines", "0", "quantity"]
    assert (await refund(client, order, headers, {"amount": 100})).status == 201
    nothing = await refund(client, order, headers, {"all": True})
    assert nothing.status == 400
    assert (await Order.get(id=order.id)).amount_refunded == order.total
    assert await Refund.filter(order_id=order.id).count() == 2


async def test_an_unpaid_order_cannot_be_refunded(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    await Order.filter(id=order.id).update(status=OrderStatus.AWAITING_PAYMENT)

    response = await refund(client, order, await owner_headers(settings), {"all": True})

    assert response.status == 409
    assert response.json["error"]["details"]["code"] == "not_paid"


async def test_a_refund_asks_for_exactly_one_kind(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)

    both = await refund(client, order, headers, {"all": True, "amount": 100})
    neither = await refund(client, order, headers, {"restock": True})
    unknown = await refund(client, order, headers, {"amount": 100, "cents": 5})
    no_key = await client.post(
        f"/api/studio/orders/{order.id}/refunds", json={"amount": 100}, headers=headers
    )

    assert [both.status, neither.status, unknown.status, no_key.status] == [400] * 4
    assert unknown.json["error"]["details"]["errors"][0]["path"] == ["cents"]
    assert no_key.json["error"]["details"]["errors"][0]["path"] == ["Idempotency-Key"]
    assert await Refund.all().count() == 0


async def test_twenty_parallel_clicks_with_one_key_refund_once(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)
    same = key()

    async with serving(app) as http:  # a real server: one start, twenty requests at once
        answers = await asyncio.gather(
            *(
                http.post(
                    f"/api/studio/orders/{order.id}/refunds",
                    json={"all": True},
                    headers={**headers, "idempotency-key": same},
                )
                for _ in range(20)
            )
        )

    assert sorted(answer.status_code for answer in answers) == [200] * 19 + [201]
    assert len({answer.json()["data"]["refund"]["id"] for answer in answers}) == 1
    assert await Refund.all().count() == 1
    assert await SandboxRefund.all().count() == 1
    assert (await Order.get(id=order.id)).amount_refunded == order.total


async def test_twenty_parallel_full_refunds_with_their_own_keys_refund_once(
    app, client, seeded, settings
):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)

    async with serving(app) as http:  # a real server: one start, twenty requests at once
        answers = await asyncio.gather(
            *(
                http.post(
                    f"/api/studio/orders/{order.id}/refunds",
                    json={"amount": order.total},
                    headers={**headers, "idempotency-key": key()},
                )
                for _ in range(20)
            )
        )

    assert sorted(answer.status_code for answer in answers) == [201] + [400] * 19
    assert await Refund.all().count() == 1
    assert (await Order.get(id=order.id)).amount_refunded == order.total
    assert (await SandboxPayment.get()).amount_refunded == order.total


async def test_the_same_key_with_another_body_is_refused(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)
    same = key()

    assert (await refund(client, order, headers, {"amount": 100}, idem=same)).status == 201
    other = await refund(client, order, headers, {"amount": 200}, idem=same)

    assert other.status == 409
    assert other.json["error"]["details"]["code"] == "idempotency_key_reused"


async def test_credit_notes_are_numbered_consecutively_and_link_the_invoice(
    app, client, seeded, settings
):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)
    numbers = []
    for cents in (100, 200, 300):
        answer = await refund(client, order, headers, {"amount": cents})
        numbers.append(answer.json["data"]["refund"]["creditNoteNr"])
    year = numbers[0][3:7]
    assert numbers == [f"CN-{year}-00001", f"CN-{year}-00002", f"CN-{year}-00003"]

    page = await client.get(f"/api/orders/{order.slug}/credit-notes/{numbers[1]}")

    assert page.status == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "Creditnota CN-" in page.text
    assert order.invoice_nr and order.invoice_nr in page.text
    rows = invoice_rows(page.text)
    assert ["Totaal incl. btw", "€ -2,00"] in rows
    missing = await client.get(f"/api/orders/{order.slug}/credit-notes/CN-{year}-00009")
    assert missing.status == 404
    studio = await client.get(
        f"/api/studio/orders/{order.id}/credit-notes/{numbers[1]}", headers=headers
    )
    assert studio.status == 200 and numbers[1] in studio.text


async def test_a_credit_note_by_lines_lists_them_and_the_shipping_as_negative(
    app, client, seeded, settings
):
    order = await paid_order(app.ctx.payments, locale="en")
    [line] = await OrderLine.filter(order_id=order.id)
    answer = await refund(
        client,
        order,
        await owner_headers(settings),
        {"lines": [{"lineId": line.id, "quantity": 1}], "shipping": True},
    )
    number = answer.json["data"]["refund"]["creditNoteNr"]

    page = (await client.get(f"/api/orders/{order.slug}/credit-notes/{number}")).text

    rows = invoice_rows(page)
    assert any(row[0].startswith("Splash-drijfpak") and row[1] == "1" for row in rows)
    assert any(row[0] == "Shipping" and row[-1].startswith("-€") for row in rows)
    assert f"Corrects invoice</dt><dd>{order.invoice_nr}" in page


async def test_refunding_a_lesson_takes_it_away_when_asked(app, client, seeded, settings):
    order = await lesson_order(app.ctx.payments)
    lines = list(await OrderLine.filter(order_id=order.id).order_by("position"))
    granted = await Entitlement.filter(order_id=order.id).count()
    assert granted > 0
    headers = await owner_headers(settings)

    kept = await refund(client, order, headers, {"lines": [{"lineId": lines[1].id, "quantity": 1}]})
    assert kept.status == 201
    assert await Entitlement.filter(order_id=order.id).count() == granted

    taken = await refund(
        client,
        order,
        headers,
        {"lines": [{"lineId": lines[0].id, "quantity": 1}], "revokeLessons": True},
    )

    assert taken.status == 201
    assert (await Order.get(id=order.id)).status is OrderStatus.REFUNDED
    assert await Entitlement.filter(order_id=order.id).count() == 0


async def test_refunding_one_lesson_line_keeps_the_others(app, client, seeded, settings):
    order = await lesson_order(app.ctx.payments)
    lines = list(await OrderLine.filter(order_id=order.id).order_by("position"))
    before = set(await Entitlement.filter(order_id=order.id).values_list("lesson_id", flat=True))

    answer = await refund(
        client,
        order,
        await owner_headers(settings),
        {"lines": [{"lineId": lines[1].id, "quantity": 1}], "revokeLessons": True},
    )

    assert answer.status == 201
    after = set(await Entitlement.filter(order_id=order.id).values_list("lesson_id", flat=True))
    assert after and after < before


async def test_every_refund_is_in_the_activity_log_with_before_and_after(
    app, client, seeded, settings
):
    order = await paid_order(app.ctx.payments)

    await refund(client, order, await owner_headers(settings), {"amount": 500})

    [entry] = await ActivityEntry.filter(action="order.refunded")
    assert (entry.subject_type, entry.subject_id) == ("order", str(order.id))
    assert entry.actor_label == "owner@splash.example"
    assert entry.before == {"status": "paid", "amountRefunded": 0, "amountChargedBack": 0}
    assert entry.after["amountRefunded"] == 500
    assert entry.after["refundStatus"] == "refunded"


async def test_the_customer_gets_the_refund_email_with_the_credit_note(
    app, seeded, settings, inbox
):
    settings = settings.model_copy(update={"mail_url": f"smtp://127.0.0.1:{inbox.port}"})
    order = await paid_order(app.ctx.payments, locale="en")
    client = Client(create_app(settings))
    answer = await refund(client, order, await owner_headers(settings), {"amount": 1250})
    number = answer.json["data"]["refund"]["creditNoteNr"]

    await drainer(settings, settings.mail_url).drain_due()

    mails = await inbox.wait(2)  # the order's confirmation, and the refund's
    [mail] = [m for m in mails if "refund" in m["Subject"]]
    assert mail["Subject"] == f"Your refund for order {order.order_nr}"
    text = plain_text(mail)
    assert f"We have refunded €12.50 for your order {order.order_nr}." in text
    assert f"/api/orders/{order.slug}/credit-notes/{number}" in text


async def test_the_refunds_of_an_order_are_listed(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)
    await refund(client, order, headers, {"amount": 300})

    listed = await client.get(f"/api/studio/orders/{order.id}/refunds", headers=headers)

    assert listed.status == 200
    [one] = listed.json["data"]
    assert (one["amount"], one["status"]) == (300, RefundStatus.REFUNDED.value)
    assert one["creditNoteUrl"].endswith(f"/credit-notes/{one['creditNoteNr']}")
    assert listed.json["order"]["refundable"] == order.total - 300


async def test_a_shop_user_cannot_refund(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)

    response = await refund(client, order, await owner_headers(settings, "shop"), {"all": True})

    assert response.status == 403
    assert await Refund.all().count() == 0
