"""The provider states of the Mollie webhook contract (tests/contracts/test_mollie_consumer.py)."""

from splash.orders.models import Order, Payment
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from splash.payments.models import TestPayment
from splash.testing.states import PACT_PAID_PAYMENT


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
    assert (await TestPayment.get(id=PACT_PAID_PAYMENT)).status is PaymentStatus.PAID


async def test_no_payment_is_the_fixtures_alone(client, database):
    state = "no payment tr_pactunknown01 exists"

    response = await client.post("/_test/pact-state", json={"state": state, "action": "setup"})

    assert response.status == 200
    assert await Payment.all().count() == 0
    assert await TestPayment.all().count() == 0
