"""What the payment tests share: a parent with an order, the order's payment at the test
provider or at the Mollie stub."""

from __future__ import annotations

from splash.accounts.models import User
from splash.orders.models import Order, Payment
from splash.orders.payments.models import SandboxPayment
from splash.orders.payments.mollie import MollieProvider
from splash.orders.payments.provider import PaymentRequest
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order, create_test_user
from testkit.mollie_stub import MollieStub

PARENT = "ouder@example.com"
SKU = "SPL-FS-BLUE-M"


async def parent() -> User:
    """The parent who orders (one account, however many orders)."""
    return await User.get_or_none(email=PARENT) or await create_test_user(PARENT, "Zwemmen-2026")


async def order_with_test_payment(
    quantity: int = 1, webhook_url: str = "http://127.0.0.1:9/api/payments/webhook", **kw
) -> tuple[Order, SandboxPayment]:
    """An order of ``quantity`` blue M float suits, stock reserved, with an open test payment
    (its webhook URL a closed port unless told: nothing is called by accident)."""
    order = await create_order(await parent(), [(SKU, quantity)], webhook_url=webhook_url, **kw)
    payment = await Payment.get(order=order)
    return order, await SandboxPayment.get(id=payment.provider_id)


async def provider_reports(payment: SandboxPayment, **changes: object) -> None:
    """What the test provider will report about the payment from now on."""
    await SandboxPayment.filter(id=payment.id).update(**changes)


async def order_with_mollie_payment(
    stub: MollieStub, provider: MollieProvider
) -> tuple[Order, str]:
    """An order whose payment was created at the Mollie stub; the payment's Mollie id."""
    order = await create_order(await parent(), [(SKU, 1)], payment_status=None)
    created = await provider.create(
        PaymentRequest(
            amount=order.total,
            currency="EUR",
            description=f"Splash {order.order_nr}",
            redirect_url=f"http://localhost:8000/order-payment?order={order.slug}",
            webhook_url="http://localhost:8000/api/payments/webhook",
            locale="nl_NL",
            idempotency_key=f"order-{order.order_nr}",
            metadata={"orderNr": order.order_nr},
        )
    )
    await Payment.create(order=order, provider="mollie", provider_id=created.id, amount=order.total)
    return order, created.id


async def order_status(order: Order) -> tuple[OrderStatus, PaymentStatus]:
    fresh = await Order.get(id=order.id)
    payment = await Payment.filter(order=order).order_by("-created_at", "-id").first()
    assert payment is not None
    return fresh.status, payment.status
