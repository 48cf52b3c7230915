"""Pay now (POST /api/orders/{slug}/payments) over HTTP on the real database: back to the open
payment, a new payment after one that ended without money (stock reserved again), never two
payments for a double click, and never one for a paid order."""

from __future__ import annotations

import asyncio

import pytest

from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.orders.models import Order, Payment
from splash.orders.payments.models import SandboxPayment as HostedPayment
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order
from testkit.mollie_stub import MollieStub
from tests.orders.drafts import RETURN_URL, payment_keys, quiet_client, through_mollie
from tests.support import serving

PAGE = "http://localhost:8000/api/payments/test/"


@pytest.fixture
def client(settings):
    return quiet_client(settings)


async def an_order(**kwargs) -> Order:
    parent = await User.create(email="ouder@example.com", username="ouder@example.com")
    return await create_order(parent, [("SPL-FS-BLUE-M", 2)], **kwargs)


async def pay_now(client, order: Order, return_url: str = RETURN_URL):
    return await client.post(f"/api/orders/{order.slug}/payments", json={"returnUrl": return_url})


async def stock() -> int:
    return (await ProductVariant.get(sku="SPL-FS-BLUE-M")).stock


async def test_an_open_payment_is_taken_up_again(client, seeded):
    order = await an_order()
    payment = await Payment.get(order_id=order.id)

    response = await pay_now(client, order)

    assert response.status == 200
    assert response.json == {"data": {"checkoutUrl": PAGE + payment.provider_id}}
    assert await Payment.all().count() == 1


async def test_after_a_canceled_payment_the_order_waits_again_with_its_stock_and_a_new_payment(
    client, seeded
):
    order = await an_order(
        status=OrderStatus.CANCELED, payment_status=PaymentStatus.CANCELED, take_stock=False
    )
    before = await stock()

    response = await pay_now(client, order)

    assert response.status == 200
    new = await HostedPayment.get(idempotency_key=f"{order.order_nr}-2")
    assert response.json == {"data": {"checkoutUrl": PAGE + new.id}}
    assert (new.amount, new.redirect_url) == (order.total, f"{RETURN_URL}?order={order.slug}")
    stored = await Order.get(id=order.id)
    assert (stored.status, stored.stock_state) == ("awaiting_payment", "reserved")
    assert await stock() == before - 2
    latest = await Payment.filter(order_id=order.id).order_by("-id").first()
    assert latest is not None
    assert (latest.provider_id, latest.status) == (new.id, "open")


@pytest.mark.parametrize("ended", [PaymentStatus.EXPIRED, PaymentStatus.FAILED])
async def test_an_expired_or_failed_payment_is_followed_by_a_new_one(client, seeded, ended):
    order = await an_order(status=OrderStatus(ended), payment_status=ended, take_stock=False)

    response = await pay_now(client, order)

    assert response.status == 200
    assert await Payment.filter(order_id=order.id).count() == 2
    assert (await Order.get(id=order.id)).status == "awaiting_payment"


async def test_released_stock_that_is_gone_is_a_409_and_changes_nothing(client, seeded):
    order = await an_order(
        status=OrderStatus.CANCELED, payment_status=PaymentStatus.CANCELED, take_stock=False
    )
    await ProductVariant.filter(sku="SPL-FS-BLUE-M").update(stock=1)

    response = await pay_now(client, order)

    assert response.status == 409
    error = response.json["error"]
    assert error["details"]["code"] == "product_unavailable"
    assert error["details"]["products"] == ["Splash-drijfpak \u2013 blue, m"]
    assert error["details"]["left"] == [1]
    assert error["message"] == "Splash-drijfpak \u2013 blue, m: Nog maar 1 op voorraad"
    assert [e["path"] for e in error["details"]["errors"]] == [["lines", "0"]]
    stored = await Order.get(id=order.id)
    assert (stored.status, stored.stock_state) == ("canceled", "released")
    assert await stock() == 1
    assert await Payment.all().count() == 1


@pytest.mark.parametrize(
    "status", [OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.COMPLETED, OrderStatus.REFUNDED]
)
async def test_a_paid_order_is_a_409(client, seeded, status):
    order = await an_order(status=status, payment_status=PaymentStatus.PAID)

    response = await pay_now(client, order)

    assert response.status == 409
    assert response.json["error"]["details"] == {"code": "order_paid"}
    assert await Payment.all().count() == 1


async def test_a_pending_payment_is_a_409_while_its_money_is_on_the_way(client, seeded):
    order = await an_order(payment_status=PaymentStatus.PENDING)

    response = await pay_now(client, order)

    assert response.status == 409
    assert response.json["error"]["details"] == {"code": "payment_in_progress"}


async def test_an_order_without_a_payment_gets_its_first(client, seeded):
    """The provider could not be reached at the checkout: Pay now starts attempt 1."""
    order = await an_order(payment_status=None)

    response = await pay_now(client, order)

    assert response.status == 200
    first = await HostedPayment.get(idempotency_key=f"{order.order_nr}-1")
    assert response.json["data"]["checkoutUrl"] == PAGE + first.id


async def test_a_double_click_starts_one_payment(settings, seeded):
    order = await an_order(
        status=OrderStatus.CANCELED, payment_status=PaymentStatus.CANCELED, take_stock=False
    )
    before = await stock()
    async with serving(quiet_client(settings).app) as http:
        url = f"/api/orders/{order.slug}/payments"
        answers = await asyncio.gather(
            *(http.post(url, json={"returnUrl": RETURN_URL}) for _ in range(4))
        )

    assert [answer.status_code for answer in answers] == [200, 200, 200, 200]
    assert len({answer.text for answer in answers}) == 1
    assert await Payment.filter(order_id=order.id).count() == 2
    assert await HostedPayment.all().count() == 2
    assert await stock() == before - 2


async def test_an_unknown_order_is_a_404(client, seeded):
    response = await client.post(
        "/api/orders/no-such-order/payments", json={"returnUrl": RETURN_URL}
    )

    assert response.status == 404


@pytest.mark.parametrize("body", [{"returnUrl": "https://evil.example/order-payment"}, {}])
async def test_a_return_url_off_the_shop_is_a_400(client, seeded, body):
    order = await an_order()

    response = await client.post(f"/api/orders/{order.slug}/payments", json=body)

    assert response.status == 400
    assert [e["path"] for e in response.json["error"]["details"]["errors"]] == [["returnUrl"]]


async def test_an_unreachable_provider_is_a_503_and_a_later_click_starts_the_payment(
    settings, seeded
):
    order = await an_order(
        status=OrderStatus.FAILED, payment_status=PaymentStatus.FAILED, take_stock=False
    )
    mollie = MollieStub().start()
    client = through_mollie(settings, mollie)
    try:
        mollie.unavailable = True
        down = await pay_now(client, order)
        mollie.unavailable = False
        later = await pay_now(client, order)
    finally:
        mollie.stop()

    assert (down.status, down.headers["retry-after"], later.status) == (503, "10", 200)
    assert payment_keys(mollie) == [f"{order.order_nr}-2", f"{order.order_nr}-2"]
    assert await Payment.filter(order_id=order.id).count() == 2
    stored = await Order.get(id=order.id)
    assert (stored.status, stored.stock_state) == ("awaiting_payment", "reserved")
