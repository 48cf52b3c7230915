"""The one payment update on the real database: what the provider reports moves the payment and
its order through the transition table once, whatever order and however often it is asked, and
the follow-ups are committed with the move; the reconciliation makes a lost webhook good."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

import pytest

from splash.catalog.models import ProductVariant
from splash.orders.models import Order, Payment
from splash.orders.payment_updates import reconcile, refresh
from splash.orders.payments.models import SandboxPayment
from splash.orders.payments.mollie import MollieProvider
from splash.orders.payments.provider import ProviderUnavailable
from splash.orders.payments.providers import create_provider
from splash.orders.vocabulary import OrderFlag, OrderStatus, PaymentStatus, StockState
from splash.shared.outbox import queue
from splash.shared.outbox.drain import Drainer
from splash.shared.outbox.models import OutboxJob
from splash.site import wiring
from testkit.mollie_stub import MollieStub
from tests.payments.support import (
    SKU,
    order_status,
    order_with_mollie_payment,
    order_with_test_payment,
    provider_reports,
)

Pay, Status = PaymentStatus, OrderStatus
QUIET = timedelta(minutes=10)


@pytest.fixture
def provider(settings):
    return create_provider(settings)


async def jobs() -> list[tuple[str, dict]]:
    return [(job.kind, job.payload) for job in await OutboxJob.all().order_by("id")]


async def stock() -> int:
    return (await ProductVariant.get(sku=SKU)).stock


# --- paid -------------------------------------------------------------------------------------


async def test_a_paid_payment_pays_the_order_commits_its_stock_and_promises_the_mail(
    seeded, provider
):
    order, payment = await order_with_test_payment(quantity=2)
    reserved = await stock()
    await provider_reports(payment, status=Pay.PAID, method="ideal")

    assert await refresh(provider, payment.id) is True

    paid = await Order.get(id=order.id)
    assert (paid.status, paid.stock_state, paid.flagged) == (
        Status.PAID,
        StockState.COMMITTED,
        None,
    )
    assert paid.paid_at is not None
    stored = await Payment.get(provider_id=payment.id)
    assert (stored.status, stored.method, stored.checkout_url) == (Pay.PAID, "ideal", None)
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]
    assert await stock() == reserved  # committed: neither taken again nor given back


async def test_the_same_report_again_changes_nothing_twice(seeded, provider):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID)
    await refresh(provider, payment.id)
    paid_at = (await Order.get(id=order.id)).paid_at

    assert await refresh(provider, payment.id) is True

    assert (await Order.get(id=order.id)).paid_at == paid_at
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]


async def test_fifty_concurrent_updates_make_one_transition_and_one_job(seeded, provider):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID)

    answers = await asyncio.gather(*(refresh(provider, payment.id) for _ in range(50)))

    assert answers == [True] * 50
    assert await order_status(order) == (Status.PAID, Pay.PAID)
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]


# --- out of order -----------------------------------------------------------------------------


@pytest.mark.parametrize("stale", [Pay.OPEN, Pay.PENDING, Pay.AUTHORIZED, Pay.FAILED])
async def test_a_stale_status_after_paid_changes_nothing_and_is_no_error(seeded, provider, stale):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID)
    await refresh(provider, payment.id)
    await provider_reports(payment, status=stale, amount_refunded=100)

    assert await refresh(provider, payment.id) is True

    assert await order_status(order) == (Status.PAID, Pay.PAID)
    assert (await Payment.get(provider_id=payment.id)).amount_refunded == 0
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]


async def test_pending_then_paid_moves_the_order_once_it_is_paid(seeded, provider):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PENDING)
    await refresh(provider, payment.id)
    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.PENDING)
    assert await jobs() == []

    await provider_reports(payment, status=Pay.PAID)
    await refresh(provider, payment.id)

    assert await order_status(order) == (Status.PAID, Pay.PAID)
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]


# --- unknown ------------------------------------------------------------------------------------


async def test_an_unknown_id_is_false_and_writes_nothing(seeded, provider):
    order, _ = await order_with_test_payment()

    assert await refresh(provider, "tr_test_unknown") is False

    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.OPEN)
    assert await jobs() == []


async def test_a_payment_the_provider_does_not_know_is_false(seeded, provider):
    order, payment = await order_with_test_payment()
    await SandboxPayment.filter(id=payment.id).delete()

    assert await refresh(provider, payment.id) is False
    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.OPEN)


async def test_another_providers_payment_is_not_asked_about(seeded, provider):
    order, payment = await order_with_test_payment()
    await Payment.filter(provider_id=payment.id).update(provider="mollie")
    await provider_reports(payment, status=Pay.PAID)

    assert await refresh(provider, payment.id) is False
    assert (await Order.get(id=order.id)).status is Status.AWAITING_PAYMENT


async def test_an_unreachable_provider_raises_and_writes_nothing(seeded):
    stub = MollieStub().start()
    try:
        mollie = MollieProvider(stub.api_key, stub.url, timeout_seconds=5)
        order, payment_id = await order_with_mollie_payment(stub, mollie)
        before = await Payment.get(provider_id=payment_id)
        stub.set_status(payment_id, "paid")
        stub.unavailable = True

        with pytest.raises(ProviderUnavailable):
            await refresh(mollie, payment_id)
    finally:
        stub.stop()
    after = await Payment.get(provider_id=payment_id)
    assert (after.status, after.updated_at) == (Pay.OPEN, before.updated_at)
    assert (await Order.get(id=order.id)).status is Status.AWAITING_PAYMENT
    assert await jobs() == []


# --- amounts ------------------------------------------------------------------------------------


async def test_another_amount_than_the_total_is_flagged_not_paid(seeded, provider):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID, amount=order.total - 1)

    await refresh(provider, payment.id)
    await refresh(provider, payment.id)

    flagged = await Order.get(id=order.id)
    assert (flagged.status, flagged.flagged) == (Status.AWAITING_PAYMENT, OrderFlag.AMOUNT_MISMATCH)
    assert (flagged.stock_state, flagged.paid_at) == (StockState.RESERVED, None)
    assert (await Payment.get(provider_id=payment.id)).status is Pay.PAID
    assert await jobs() == []


async def test_a_refund_at_the_provider_shows_on_the_order_which_stays_paid(seeded, provider):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID)
    await refresh(provider, payment.id)

    await provider_reports(payment, amount_refunded=1000)
    await refresh(provider, payment.id)

    refunded = await Order.get(id=order.id)
    assert (refunded.status, refunded.amount_refunded) == (Status.PAID, 1000)
    assert (await Payment.get(provider_id=payment.id)).amount_refunded == 1000


async def test_a_full_refund_makes_the_order_refunded(seeded, provider):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID)
    await refresh(provider, payment.id)

    await provider_reports(payment, amount_refunded=order.total)
    await refresh(provider, payment.id)

    refunded = await Order.get(id=order.id)
    assert (refunded.status, refunded.amount_refunded) == (Status.REFUNDED, order.total)
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]


async def test_a_chargeback_shows_on_the_order(seeded, provider):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=Pay.PAID)
    await refresh(provider, payment.id)

    await provider_reports(payment, amount_charged_back=order.total)
    await refresh(provider, payment.id)

    charged = await Order.get(id=order.id)
    assert (charged.amount_charged_back, charged.amount_refunded) == (order.total, 0)
    assert charged.status is Status.REFUNDED  # the money went back to the customer


# --- bank transfer ------------------------------------------------------------------------------

BANK = {
    "bankName": "Splash Test Bank",
    "bankAccount": "NL02ABNA0123456789",
    "bankBic": "ABNANL2A",
    "transferReference": "TEST-1234-5678-9012",
}


async def test_a_bank_transfer_records_the_account_and_promises_its_mail_once(seeded, provider):
    order, payment = await order_with_test_payment()
    await provider_reports(payment, method="banktransfer", bank_details=BANK)

    await refresh(provider, payment.id)
    await refresh(provider, payment.id)

    stored = await Payment.get(provider_id=payment.id)
    assert (stored.status, stored.method, stored.bank_details) == (Pay.OPEN, "banktransfer", BANK)
    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.OPEN)
    assert await jobs() == [("order_bank_transfer", {"order_id": order.id})]

    await provider_reports(payment, status=Pay.PAID)  # the transfer arrived
    await refresh(provider, payment.id)

    assert await jobs() == [
        ("order_bank_transfer", {"order_id": order.id}),
        ("order_confirmation", {"order_id": order.id}),
    ]


# --- without money ------------------------------------------------------------------------------


@pytest.mark.parametrize("ended", [Pay.CANCELED, Pay.EXPIRED, Pay.FAILED])
async def test_a_payment_ending_without_money_releases_the_stock_once(seeded, provider, ended):
    order, payment = await order_with_test_payment(quantity=3)
    reserved = await stock()
    await provider_reports(payment, status=ended)

    await refresh(provider, payment.id)
    await refresh(provider, payment.id)

    released = await Order.get(id=order.id)
    assert (released.status, released.stock_state) == (Status(ended), StockState.RELEASED)
    assert await stock() == reserved + 3
    assert await jobs() == []


async def _second_attempt(order: Order) -> SandboxPayment:
    """A newer payment of the order (the customer pressed Pay now)."""
    newer = await SandboxPayment.create(
        id=f"tr_test_newer{order.id}",
        amount=order.total,
        currency="EUR",
        description=f"Splash {order.order_nr}",
        locale="nl_NL",
        redirect_url="http://localhost:8000/order-payment",
        webhook_url="http://127.0.0.1:9/api/payments/webhook",
    )
    await Payment.create(order=order, provider="test", provider_id=newer.id, amount=order.total)
    return newer


async def test_an_earlier_attempt_ending_without_money_leaves_the_order_alone(seeded, provider):
    order, first = await order_with_test_payment()
    await _second_attempt(order)
    await provider_reports(first, status=Pay.EXPIRED)

    await refresh(provider, first.id)

    assert (await Payment.get(provider_id=first.id)).status is Pay.EXPIRED
    stays = await Order.get(id=order.id)
    assert (stays.status, stays.stock_state) == (Status.AWAITING_PAYMENT, StockState.RESERVED)


async def test_an_earlier_attempt_paid_after_all_pays_the_order(seeded, provider):
    order, first = await order_with_test_payment()
    await _second_attempt(order)
    await provider_reports(first, status=Pay.PAID)  # finished in another tab

    await refresh(provider, first.id)

    assert (await Order.get(id=order.id)).status is Status.PAID
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]


# --- reconciliation -----------------------------------------------------------------------------


async def _quiet_for(payment_id: str, minutes: int) -> None:
    await Payment.filter(provider_id=payment_id).update(
        updated_at=queue.now() - timedelta(minutes=minutes)
    )


async def test_the_reconciliation_makes_a_lost_webhook_good(seeded, provider):
    order, lost = await order_with_test_payment()
    await provider_reports(lost, status=Pay.PAID)  # paid, but its webhook never arrived
    await _quiet_for(lost.id, 11)

    assert await reconcile(provider, QUIET) == 1

    assert await order_status(order) == (Status.PAID, Pay.PAID)
    assert await jobs() == [("order_confirmation", {"order_id": order.id})]
    assert await reconcile(provider, QUIET) == 0  # ended: never asked about again


async def test_an_abandoned_payment_expires_and_the_reconciliation_puts_its_stock_back(
    seeded, provider
):
    """Nobody paid (the tab was closed): the test provider's open payment expires after 15
    minutes, as Mollie's do, and the next reconciliation puts the reserved suit back on sale."""
    before = await stock()
    order, abandoned = await order_with_test_payment(quantity=2)
    await provider_reports(abandoned, created_at=datetime.now(UTC) - timedelta(minutes=16))
    await _quiet_for(abandoned.id, 11)

    assert await reconcile(provider, QUIET) == 1

    assert await order_status(order) == (Status.EXPIRED, Pay.EXPIRED)
    assert await stock() == before
    assert await jobs() == []


async def test_a_payment_updated_lately_is_not_asked_about_yet(seeded, provider):
    order, recent = await order_with_test_payment()
    await provider_reports(recent, status=Pay.PAID)
    await _quiet_for(recent.id, 9)

    assert await reconcile(provider, QUIET) == 0
    assert await order_status(order) == (Status.AWAITING_PAYMENT, Pay.OPEN)


async def test_a_payment_still_open_waits_its_quiet_time_again(seeded, provider):
    _, still_open = await order_with_test_payment()
    await _quiet_for(still_open.id, 11)

    assert await reconcile(provider, QUIET) == 1
    assert await reconcile(provider, QUIET) == 0  # checked just now


async def test_the_drainers_periodic_pass_reconciles(seeded, settings):
    order, lost = await order_with_test_payment()
    await provider_reports(lost, status=Pay.CANCELED)
    await _quiet_for(lost.id, 11)
    drainer = Drainer(wiring.resources(settings))

    assert await drainer.run_periodic() == len(queue.PERIODIC)  # this one among them
    assert await order_status(order) == (Status.CANCELED, Pay.CANCELED)
    assert await drainer.run_periodic() == 0  # not due again before its interval


async def test_an_unreachable_provider_pauses_the_reconciliation(seeded):
    stub = MollieStub().start()
    try:
        mollie = MollieProvider(stub.api_key, stub.url, timeout_seconds=5)
        order, payment_id = await order_with_mollie_payment(stub, mollie)
        await _quiet_for(payment_id, 11)
        stub.set_status(payment_id, "paid")
        stub.unavailable = True

        assert await reconcile(mollie, QUIET) == 0

        stub.unavailable = False
        await _quiet_for(payment_id, 11)
        assert await reconcile(mollie, QUIET) == 1
    finally:
        stub.stop()
    assert await order_status(order) == (Status.PAID, Pay.PAID)
