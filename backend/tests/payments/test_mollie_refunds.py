"""Refunds and cancels through Mollie's API (the stub speaks it over real HTTP, to Mollie's own
SDK): the refund is created with the right amount and currency, its later status (refunded, or
failed) shows on the order, and an open payment is cancelled with DELETE."""

from __future__ import annotations

import json
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from splash.catalog.models import ProductVariant
from splash.orders import payment_updates, refund_status
from splash.orders.models import Order, Payment, Refund
from splash.orders.payments.mollie import MollieProvider
from splash.orders.vocabulary import OrderStatus, PaymentStatus, RefundStatus, StockState
from splash.site.app import create_app
from splash.staff.models import ActivityEntry
from testkit.mollie_stub import MollieStub
from tests.app_client import Client
from tests.orders.refund_support import owner_headers, refund
from tests.payments.support import SKU, order_with_mollie_payment


@pytest.fixture
def stub() -> Iterator[MollieStub]:
    stub = MollieStub().start()
    yield stub
    stub.stop()


@pytest.fixture
def mollie(stub) -> MollieProvider:
    return MollieProvider(stub.api_key, stub.url, timeout_seconds=5)


@pytest.fixture
def mollie_client(settings, stub) -> Client:
    mollie = settings.model_copy(
        update={"payments": "mollie", "mollie_api_key": stub.api_key, "mollie_base_url": stub.url}
    )
    return Client(create_app(mollie))


async def _paid(stub: MollieStub, mollie: MollieProvider) -> tuple[Order, str]:
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.set_status(payment_id, "paid")
    assert await payment_updates.refresh(mollie, payment_id)
    return await Order.get(id=order.id), payment_id


async def test_a_refund_is_created_at_mollie_with_the_amount_as_a_string(
    seeded, settings, stub, mollie, mollie_client
):
    order, payment_id = await _paid(stub, mollie)

    response = await refund(mollie_client, order, await owner_headers(settings), {"amount": 1250})

    assert response.status == 201, response.json
    assert response.json["data"]["refund"]["status"] == "pending"
    [call] = [r for r in stub.requests if r["method"] == "POST" and "refunds" in r["path"]]
    assert call["path"] == f"/v2/payments/{payment_id}/refunds"
    body = json.loads(call["body"])
    assert body["amount"] == {"currency": "EUR", "value": "12.50"}
    assert body["description"].startswith(f"Splash {order.order_nr} CN-")
    assert call["headers"]["idempotency-key"].startswith("refund-")
    [made] = stub.refunds()
    assert made["amount"] == {"currency": "EUR", "value": "12.50"}
    stored = await Refund.get()
    assert (stored.provider_refund_id, stored.status) == (made["id"], RefundStatus.PENDING)
    assert (await Order.get(id=order.id)).amount_refunded == 1250
    # Mollie's own word on the payment agrees: a webhook's refresh leaves the amount as it is.
    assert await payment_updates.refresh(mollie, payment_id)
    assert (await Order.get(id=order.id)).amount_refunded == 1250


async def test_a_refund_mollie_refuses_writes_nothing(
    seeded, settings, stub, mollie, mollie_client
):
    order, payment_id = await _paid(stub, mollie)
    stub.refund(payment_id, order.total - 100)  # refunded in Mollie's dashboard meanwhile

    response = await refund(mollie_client, order, await owner_headers(settings), {"amount": 500})

    assert response.status == 409
    assert await Refund.all().count() == 0


async def test_mollie_unreachable_is_a_503_and_the_same_key_works_later(
    seeded, settings, stub, mollie, mollie_client
):
    order, _ = await _paid(stub, mollie)
    headers = await owner_headers(settings)
    stub.unavailable = True

    down = await refund(mollie_client, order, headers, {"amount": 500}, idem="k" * 20)
    stub.unavailable = False
    up = await refund(mollie_client, order, headers, {"amount": 500}, idem="k" * 20)

    assert (down.status, up.status) == (503, 201)
    assert up.json["data"]["refund"]["creditNoteNr"].endswith("-00001")  # no number lost


async def test_the_later_refunded_status_shows_on_the_order(
    seeded, settings, stub, mollie, mollie_client
):
    order, _ = await _paid(stub, mollie)
    await refund(mollie_client, order, await owner_headers(settings), {"all": True})
    stored = await Refund.get()
    assert (await Order.get(id=order.id)).status is OrderStatus.REFUNDED
    stub.set_refund_status(stored.provider_refund_id, "refunded")

    assert await refund_status.follow(mollie, stored.id)

    assert (await Refund.get()).status is RefundStatus.REFUNDED
    assert not await refund_status.follow(mollie, stored.id)  # final: nobody asks again


async def test_a_failed_refund_shows_and_gives_no_money_back(
    seeded, settings, stub, mollie, mollie_client
):
    order, payment_id = await _paid(stub, mollie)
    headers = await owner_headers(settings)
    await refund(mollie_client, order, headers, {"amount": 2000})
    stored = await Refund.get()
    stub.set_refund_status(stored.provider_refund_id, "failed")
    due = settings.model_copy(update={"payments_reconcile_after_seconds": 0})

    await refund_status.follow_refunds(SimpleNamespace(settings=due, payments=mollie))

    assert (await Refund.get()).status is RefundStatus.FAILED
    fresh = await Order.get(id=order.id)
    assert (fresh.status, fresh.amount_refunded) == (OrderStatus.PAID, 0)
    assert (await Payment.get(provider_id=payment_id)).amount_refunded == 0
    [entry] = await ActivityEntry.filter(action="order.refund_status")
    assert (entry.before["refundStatus"], entry.after["refundStatus"]) == ("pending", "failed")
    assert (entry.before["amountRefunded"], entry.after["amountRefunded"]) == (2000, 0)
    listed = await mollie_client.get(f"/api/studio/orders/{order.id}/refunds", headers=headers)
    assert listed.json["data"][0]["status"] == "failed"
    assert listed.json["order"]["refundable"] == order.total
    # Mollie's word on the payment agrees with the order.
    assert await payment_updates.refresh(mollie, payment_id)
    assert (await Order.get(id=order.id)).amount_refunded == 0


async def test_cancelling_an_open_mollie_payment_deletes_it_there(
    seeded, settings, stub, mollie, mollie_client
):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stock_before = (await ProductVariant.get(sku=SKU)).stock

    response = await mollie_client.post(
        f"/api/studio/orders/{order.id}/cancel",
        json={"notify": False},
        headers=await owner_headers(settings, "shop"),
    )

    assert response.status == 200, response.json
    assert response.json["data"] == {
        "id": order.id,
        "status": "canceled",
        "paymentStatus": "canceled",
        "stockState": "released",
        "notified": False,
    }
    assert [r["method"] for r in stub.requests if r["path"] == f"/v2/payments/{payment_id}"][
        -1
    ] == "DELETE"
    assert stub.created()[0]["status"] == "canceled"
    assert (await Payment.get(provider_id=payment_id)).status is PaymentStatus.CANCELED
    fresh = await Order.get(id=order.id)
    assert (fresh.status, fresh.stock_state) == (OrderStatus.CANCELED, StockState.RELEASED)
    assert (await ProductVariant.get(sku=SKU)).stock == stock_before + 1


async def test_a_payment_paid_meanwhile_is_not_cancelled(
    seeded, settings, stub, mollie, mollie_client
):
    order, payment_id = await order_with_mollie_payment(stub, mollie)
    stub.set_status(payment_id, "paid")  # paid at Mollie; the webhook has not come yet

    response = await mollie_client.post(
        f"/api/studio/orders/{order.id}/cancel", json={}, headers=await owner_headers(settings)
    )

    assert response.status == 409
    assert (await Order.get(id=order.id)).status is OrderStatus.AWAITING_PAYMENT
