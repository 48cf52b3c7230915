"""The order reads over HTTP on the real database: an order by its slug (the capability), the
signed-in user's orders and one of them by number (another user's is a 404, never a 403)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from splash.accounts import services as accounts
from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.orders.cart_pricing import vat_in
from splash.orders.models import Order, Payment
from splash.orders.payments.models import SandboxPayment
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from splash.shared.outbox.models import OutboxJob
from testkit.factories import create_order, create_test_user
from tests.orders.drafts import ADDRESS, draft, line, place, quiet_client
from tests.support import free_port

PASSWORD = "Zwemmen-2026"


@pytest.fixture
def client(settings):
    return quiet_client(settings)


async def parent(email: str = "ouder@example.com") -> User:
    return await create_test_user(email, PASSWORD)


def bearer(user: User, settings) -> dict[str, str]:
    return {"authorization": f"Bearer {accounts.session_token(user, settings)}"}


async def test_a_paid_order_reads_with_its_lines_money_addresses_and_invoice(client, seeded):
    order = await create_order(
        await parent(),
        [("SPL-FS-BLUE-M", 2)],
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
    )
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")

    response = await client.get(f"/api/orders/{order.slug}")

    assert response.status == 200
    data = response.json["data"]
    address = {
        "street": "Keizersgracht",
        "housenumber": "12",
        "addition": None,
        "additionalInfo": None,
        "postalCode": "1015 CS",
        "city": "Amsterdam",
        "country": "nl",
    }
    assert data == {
        "orderNr": order.order_nr,
        "slug": order.slug,
        "locale": "nl",
        "createdAt": order.created_at.isoformat().replace("+00:00", "Z"),
        "status": "paid",
        "paymentStatus": "paid",
        "customer": {"firstname": "Eva", "lastname": "de Vries", "email": "ouder@example.com"},
        "shippingAddress": address,
        "billingAddress": address,
        "lines": [
            {
                "variantId": blue.id,
                "sku": "SPL-FS-BLUE-M",
                "productType": "physical",
                "title": "Splash-drijfpak",
                "variantLabel": "blue, m",
                "options": [],
                "quantity": 2,
                "unitPrice": 4995,
                "lineTotal": 9990,
                "vatRate": 21,
                "vat": vat_in(9990, 21),
            }
        ],
        "subtotal": 9990,
        "shipping": 395,
        "vatRate": 21,
        "vatCountry": "nl",
        "shippingVat": vat_in(395, 21),
        "vat": vat_in(9990, 21) + vat_in(395, 21),
        "total": 10385,
        "currency": "EUR",
        "amountRefunded": 0,
        "amountChargedBack": 0,
        "flagged": None,
        "bankTransfer": None,
        "canPay": False,
        "invoiceUrl": f"/api/orders/{order.slug}/invoice",
        "lessonsPath": None,  # its suit's lessons were not granted here (the webhook grants)
    }


async def test_a_canceled_order_can_be_paid_again_and_has_no_invoice(client, seeded):
    order = await create_order(
        await parent(),
        [("SPL-FS-BLUE-M", 1)],
        status=OrderStatus.CANCELED,
        payment_status=PaymentStatus.CANCELED,
        take_stock=False,
    )

    data = (await client.get(f"/api/orders/{order.slug}")).json["data"]

    assert (data["status"], data["paymentStatus"]) == ("canceled", "canceled")
    assert (data["canPay"], data["invoiceUrl"]) == (True, None)


async def test_the_order_a_checkout_placed_reads_as_it_was_ordered(client, seeded):
    """The reads and the checkout speak of the same order: billing is the shipping address
    when none was given, the options and the sold texts as they were."""
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    pink = await ProductVariant.get(sku="SPL-FS-PINK-S")
    lines = [line(blue.id, 1, options=[{"key": "name", "value": "Mila"}]), line(pink.id, 2)]
    body = draft(lines, locale="en")
    placed = (await place(client, body)).json["data"]
    await Payment.all().update(status=PaymentStatus.FAILED)  # not open: the read asks no one
    await Order.all().update(status=OrderStatus.FAILED)

    data = (await client.get(f"/api/orders/{placed['slug']}")).json["data"]

    expected_address = {**ADDRESS, "postalCode": "1015 CS"}
    assert (data["shippingAddress"], data["billingAddress"]) == (expected_address,) * 2
    assert data["customer"] == {
        "firstname": "Eva",
        "lastname": "de Vries",
        "email": "eva@example.com",
    }
    assert [(li["variantLabel"], li["options"], li["quantity"]) for li in data["lines"]] == [
        ("Blue, M", [{"key": "name", "value": "Mila"}], 1),
        ("Pink, S", [], 2),
    ]
    assert {li["title"] for li in data["lines"]} == {"Splash float suit"}
    assert (data["locale"], data["paymentStatus"], data["canPay"]) == ("en", "failed", True)


async def test_bank_transfer_details_and_refunds_show(client, seeded):
    order = await create_order(
        await parent(),
        [("SPL-FS-BLUE-M", 1)],
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
    )
    bank = {
        "bankName": "Stichting Mollie Payments",
        "bankAccount": "NL10CITI2532095019",
        "bankBic": "CITINL2X",
        "transferReference": "RF12-3456-7890-1234",
    }
    await Payment.filter(order_id=order.id).update(bank_details=bank, method="banktransfer")
    await Order.filter(id=order.id).update(amount_refunded=1000, status=OrderStatus.REFUNDED)

    data = (await client.get(f"/api/orders/{order.slug}")).json["data"]

    assert data["bankTransfer"] == bank
    assert (data["status"], data["amountRefunded"]) == ("refunded", 1000)


async def test_an_unknown_slug_is_a_404(client, seeded):
    response = await client.get("/api/orders/" + "x" * 43)

    assert response.status == 404
    assert response.json["error"]["name"] == "NotFoundError"


async def test_my_orders_are_listed_newest_first_with_their_payment_status(
    client, seeded, settings
):
    me, someone = await parent(), await parent("iemand@example.com")
    old = await create_order(
        me,
        [("SPL-FS-BLUE-M", 2), ("SPL-FS-PINK-S", 1)],
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
    )
    new = await create_order(me, [("SPL-FS-BLUE-S", 1)])
    await create_order(someone, [("SPL-FS-BLUE-L", 1)])
    await Order.filter(id=old.id).update(created_at=datetime.now(UTC) - timedelta(days=3))

    response = await client.get("/api/users/me/orders", headers=bearer(me, settings))

    assert response.status == 200
    assert [
        (o["orderNr"], o["status"], o["paymentStatus"], o["lineCount"], o["total"])
        for o in response.json["data"]
    ] == [
        (new.order_nr, "awaiting_payment", "open", 1, new.total),
        (old.order_nr, "paid", "paid", 3, old.total),
    ]
    assert set(response.json["data"][0]) == {
        "orderNr",
        "slug",
        "createdAt",
        "status",
        "paymentStatus",
        "total",
        "currency",
        "lineCount",
    }


async def test_an_order_without_a_payment_lists_no_payment_status(client, seeded, settings):
    me = await parent()
    await create_order(me, [("SPL-FS-BLUE-M", 1)], payment_status=None)

    data = (await client.get("/api/users/me/orders", headers=bearer(me, settings))).json["data"]

    assert [o["paymentStatus"] for o in data] == [None]


async def test_signed_out_my_orders_are_a_401(client, seeded):
    assert (await client.get("/api/users/me/orders")).status == 401
    assert (await client.get("/api/users/me/orders/SPL-AAAA-AAAA")).status == 401


async def test_one_of_my_orders_reads_by_its_number(client, seeded, settings):
    me = await parent()
    order = await create_order(
        me, [("SPL-FS-BLUE-M", 1)], status=OrderStatus.PAID, payment_status=PaymentStatus.PAID
    )

    response = await client.get(
        f"/api/users/me/orders/{order.order_nr}", headers=bearer(me, settings)
    )

    assert response.status == 200
    assert (response.json["data"]["slug"], response.json["data"]["status"]) == (
        order.slug,
        "paid",
    )


async def test_another_users_order_is_a_404_like_one_that_does_not_exist(client, seeded, settings):
    me, someone = await parent(), await parent("iemand@example.com")
    theirs = await create_order(
        someone,
        [("SPL-FS-BLUE-M", 1)],
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
    )

    foreign = await client.get(
        f"/api/users/me/orders/{theirs.order_nr}", headers=bearer(me, settings)
    )
    unknown = await client.get("/api/users/me/orders/SPL-ZZZZ-ZZZZ", headers=bearer(me, settings))

    assert (foreign.status, unknown.status) == (404, 404)
    assert foreign.json == unknown.json


async def test_the_customers_return_asks_the_provider_before_the_webhook_comes(client, seeded):
    """The read after the payment page is the customer's return: an open payment is checked at
    the provider first, so a paid payment shows as paid (with its follow-ups) without a webhook."""
    order = await create_order(await parent(), [("SPL-FS-BLUE-M", 1)])
    payment = await Payment.get(order=order)
    await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.PAID)

    data = (await client.get(f"/api/orders/{order.slug}")).json["data"]

    assert (data["status"], data["paymentStatus"], data["canPay"]) == ("paid", "paid", False)
    assert data["invoiceUrl"] == f"/api/orders/{order.slug}/invoice"
    assert await OutboxJob.filter(kind="order_confirmation").count() == 1
    again = (await client.get(f"/api/orders/{order.slug}")).json["data"]
    assert again["status"] == "paid"
    assert await OutboxJob.filter(kind="order_confirmation").count() == 1


async def test_an_unreachable_provider_on_the_return_shows_the_order_as_stored(seeded, settings):
    """The provider cannot be reached (Mollie, pointed at a closed port): the read answers the
    stored state, never a 5xx — the webhook or the reconciliation brings the news later."""
    settings = settings.model_copy(
        update={
            "payments": "mollie",
            "mollie_api_key": "test_" + "x" * 30,
            "mollie_base_url": f"http://127.0.0.1:{free_port()}",
        }
    )
    order = await create_order(await parent(), [("SPL-FS-BLUE-M", 1)], payment_status=None)
    await Payment.create(order=order, provider="mollie", provider_id="tr_gone", amount=order.total)

    response = await quiet_client(settings).get(f"/api/orders/{order.slug}")

    assert response.status == 200
    assert (response.json["data"]["status"], response.json["data"]["paymentStatus"]) == (
        "awaiting_payment",
        "open",
    )
