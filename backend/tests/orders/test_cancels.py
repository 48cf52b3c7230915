"""Cancelling an unpaid order in the studio and sending an order's e-mail again (issue 27 point
11), through the built-in test provider (Mollie's DELETE: tests/payments/test_mollie_refunds.py)."""

from __future__ import annotations

from splash.catalog.models import ProductVariant
from splash.orders.models import Order, Payment
from splash.orders.payments.models import SandboxPayment
from splash.orders.vocabulary import OrderStatus, PaymentStatus, StockState
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from tests.orders.refund_support import SKU, owner_headers, paid_order, refund
from tests.payments.support import order_with_test_payment


async def _cancel(client, order, headers, body):
    return await client.post(f"/api/studio/orders/{order.id}/cancel", json=body, headers=headers)


async def test_cancelling_an_unpaid_order_cancels_its_payment_and_returns_the_stock(
    client, seeded, settings
):
    order, payment = await order_with_test_payment(quantity=2)
    stock_before = (await ProductVariant.get(sku=SKU)).stock

    response = await _cancel(client, order, await owner_headers(settings, "shop"), {})

    assert response.status == 200, response.json
    assert response.json["data"]["status"] == "canceled"
    assert (await SandboxPayment.get(id=payment.id)).status is PaymentStatus.CANCELED
    assert (await Payment.get(order_id=order.id)).status is PaymentStatus.CANCELED
    fresh = await Order.get(id=order.id)
    assert (fresh.status, fresh.stock_state) == (OrderStatus.CANCELED, StockState.RELEASED)
    assert (await ProductVariant.get(sku=SKU)).stock == stock_before + 2
    assert await OutboxJob.filter(kind="order_canceled").count() == 0  # no mail unless asked
    [entry] = await ActivityEntry.filter(action="order.canceled")
    assert (entry.before["status"], entry.after["status"]) == ("awaiting_payment", "canceled")


async def test_the_customer_is_told_only_when_the_owner_asks(client, seeded, settings):
    order, _ = await order_with_test_payment()

    response = await _cancel(client, order, await owner_headers(settings), {"notify": True})

    assert response.json["data"]["notified"] is True
    [job] = await OutboxJob.filter(kind="order_canceled")
    assert job.payload == {"order_id": order.id}


async def test_a_paid_order_cannot_be_cancelled(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)

    response = await _cancel(client, order, await owner_headers(settings), {})

    assert response.status == 409
    assert response.json["error"]["details"]["code"] == "order_paid"
    assert (await Order.get(id=order.id)).status is OrderStatus.PAID


async def test_cancelling_twice_changes_nothing_more(client, seeded, settings):
    order, _ = await order_with_test_payment(quantity=2)
    headers = await owner_headers(settings)
    await _cancel(client, order, headers, {})
    stock_after = (await ProductVariant.get(sku=SKU)).stock

    again = await _cancel(client, order, headers, {})

    assert again.status == 200
    assert (await ProductVariant.get(sku=SKU)).stock == stock_after


async def test_an_order_email_is_sent_again(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings, "shop")
    before = await OutboxJob.filter(kind="order_confirmation").count()

    response = await client.post(
        f"/api/studio/orders/{order.id}/emails", json={"kind": "confirmation"}, headers=headers
    )

    assert response.status == 202, response.json
    assert response.json["data"] == {"kind": "confirmation", "to": order.email}
    assert await OutboxJob.filter(kind="order_confirmation").count() == before + 1
    [entry] = await ActivityEntry.filter(action="order.email_resent")
    assert entry.note == "confirmation"


async def test_the_refund_email_is_sent_again(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)
    await refund(client, order, headers, {"amount": 100})

    response = await client.post(
        f"/api/studio/orders/{order.id}/emails", json={"kind": "refund"}, headers=headers
    )

    assert response.status == 202
    assert await OutboxJob.filter(kind="order_refund").count() == 2


async def test_an_email_the_order_never_had_is_refused(app, client, seeded, settings):
    order = await paid_order(app.ctx.payments)
    headers = await owner_headers(settings)

    answers = [
        await client.post(
            f"/api/studio/orders/{order.id}/emails", json={"kind": kind}, headers=headers
        )
        for kind in ("bank_transfer", "refund", "canceled")
    ]
    unknown = await client.post(
        f"/api/studio/orders/{order.id}/emails", json={"kind": "invoice"}, headers=headers
    )

    assert [answer.status for answer in answers] == [409, 409, 409]
    assert unknown.status == 400


async def test_an_editor_cannot_cancel_or_resend(client, seeded, settings):
    order, _ = await order_with_test_payment()
    headers = await owner_headers(settings, "editor")

    cancel = await _cancel(client, order, headers, {})
    resend = await client.post(
        f"/api/studio/orders/{order.id}/emails", json={"kind": "confirmation"}, headers=headers
    )

    assert (cancel.status, resend.status) == (403, 403)
