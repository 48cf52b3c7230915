"""The provider states of the Mollie webhook contract (tests/contracts/test_mollie_consumer.py)
and of the SPA's orders contracts (frontend/tests/pact/orders.pact.test.ts): each sets up what
its name says and answers the values the contracts inject."""

from splash.accounts.models import User
from splash.catalog.models import ProductVariant
from splash.orders.models import Order, Payment
from splash.orders.payments.models import SandboxPayment
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.states import PACT_PAID_PAYMENT


async def test_a_paid_test_payment_of_an_order_awaiting_payment(client, database):
    state = "the test payment tr_test_pactpaid01 of an order awaiting payment is paid"

    response = await client.post("/_test/pact-state", json={"state": state, "action": "setup"})

    assert response.status == 200
    order = await Order.get(order_nr=response.json["orderNr"])
    payment = await Payment.get(order=order)
    assert (order.status, order.email) == (OrderStatus.AWAITING_PAYMENT, "ouder@example.com")
    assert (payment.provider, payment.provider_id, payment.status) == (
        "test",
        PACT_PAID_PAYMENT,
        PaymentStatus.OPEN,  # what the shop knows before the webhook
    )
    assert (await SandboxPayment.get(id=PACT_PAID_PAYMENT)).status is PaymentStatus.PAID


async def test_no_payment_is_the_fixtures_alone(client, database):
    state = "no payment tr_pactunknown01 exists"

    response = await client.post("/_test/pact-state", json={"state": state, "action": "setup"})

    assert response.status == 200
    assert await Payment.all().count() == 0
    assert await SandboxPayment.all().count() == 0


async def test_a_guest_can_order_answers_the_blue_m_suit_in_stock(client, database, settings):
    response = await client.post(
        "/_test/pact-state", json={"state": "a guest can order the blue M float suit"}
    )
    assert response.status == 200
    variant = await ProductVariant.get(id=response.json["variantId"])
    assert variant.sku == "SPL-FS-BLUE-M"
    assert variant.stock > 2
    assert await User.all().count() == 0
    assert response.json["returnUrl"] == f"{settings.origin('nl')}/order-payment"


async def test_an_existing_account_and_the_suit(client, database):
    response = await client.post(
        "/_test/pact-state",
        json={
            "state": "an account exists for ouder@example.com and a guest can order the blue M "
            "float suit"
        },
    )
    assert response.status == 200
    assert (await ProductVariant.get(id=response.json["variantId"])).sku == "SPL-FS-BLUE-M"
    assert await User.filter(email="ouder@example.com").count() == 1


async def test_an_order_awaiting_payment_answers_its_slug_and_number(client, database):
    response = await client.post(
        "/_test/pact-state", json={"state": "an order of ouder@example.com awaiting payment"}
    )
    assert response.status == 200
    order = await Order.get(slug=response.json["slug"])
    assert order.order_nr == response.json["orderNr"]
    assert order.status == OrderStatus.AWAITING_PAYMENT
    assert (order.subtotal, order.shipping_cost, order.total) == (9990, 395, 10385)
    payment = await Payment.get(order=order)
    assert payment.status == PaymentStatus.OPEN


async def test_a_signed_in_parent_with_an_order_answers_a_token_of_its_owner(client, database):
    response = await client.post(
        "/_test/pact-state",
        json={"state": "a signed-in parent ouder@example.com with an order awaiting payment"},
    )
    assert response.status == 200
    me = await client.get(
        "/api/users/me", headers={"authorization": f"Bearer {response.json['token']}"}
    )
    assert me.json["email"] == "ouder@example.com"
    order = await Order.get(slug=response.json["slug"]).prefetch_related("user")
    assert order.user.email == "ouder@example.com"  # type: ignore[union-attr]
    assert order.order_nr == response.json["orderNr"]


async def test_a_state_after_an_order_state_starts_from_the_fixtures_again(client, database):
    # given: an order (the verifier runs the interactions one after another)
    first = await client.post(
        "/_test/pact-state", json={"state": "an order of ouder@example.com awaiting payment"}
    )
    # when
    second = await client.post(
        "/_test/pact-state", json={"state": "a guest can order the blue M float suit"}
    )
    # then: the order, its payment and its parent are gone, the stock is the fixtures' again
    assert (first.status, second.status) == (200, 200)
    assert await Order.all().count() == 0
    assert await Payment.all().count() == 0
    assert await User.all().count() == 0
    assert (await ProductVariant.get(id=second.json["variantId"])).stock == 7
