"""orders.payment_status: every move the tables allow passes, every other move is refused.

The generated cases check ``transition()`` against the tables; the hand-written ones check the
tables themselves against what Mollie and the shop need."""

from itertools import product

import pytest

from splash.orders.payment_status import (
    ORDER_MOVES,
    ORDER_STATUS_FOR_PAYMENT,
    PAYMENT_MOVES,
    IllegalTransition,
    transition,
)
from splash.orders.vocabulary import OrderStatus, PaymentStatus

Pay, Order = PaymentStatus, OrderStatus


def moves(table, enum, allowed):
    return [
        pytest.param(current, new, id=f"{current}->{new}")
        for current, new in product(enum, enum)
        if current != new and (new in table[current]) is allowed
    ]


@pytest.mark.parametrize(("current", "new"), moves(PAYMENT_MOVES, PaymentStatus, True))
def test_an_allowed_payment_move_answers_the_new_status(current, new):
    assert transition(current, new) is new


@pytest.mark.parametrize(("current", "new"), moves(PAYMENT_MOVES, PaymentStatus, False))
def test_a_refused_payment_move_raises(current, new):
    with pytest.raises(IllegalTransition) as raised:
        transition(current, new)
    assert raised.value.status == 409
    assert raised.value.details == {"code": "illegal_transition", "from": current, "to": new}


@pytest.mark.parametrize(("current", "new"), moves(ORDER_MOVES, OrderStatus, True))
def test_an_allowed_order_move_answers_the_new_status(current, new):
    assert transition(current, new) is new


@pytest.mark.parametrize(("current", "new"), moves(ORDER_MOVES, OrderStatus, False))
def test_a_refused_order_move_raises(current, new):
    with pytest.raises(IllegalTransition):
        transition(current, new)


@pytest.mark.parametrize("status", [*PaymentStatus, *OrderStatus], ids=str)
def test_staying_in_a_status_is_allowed_for_a_repeated_webhook(status):
    assert transition(status, status) is status


def test_a_payment_status_and_an_order_status_do_not_mix():
    with pytest.raises(IllegalTransition):
        transition(Pay.PAID, Order.PAID)  # type: ignore[type-var]


def test_the_tables_cover_every_status():
    assert set(PAYMENT_MOVES) == set(PaymentStatus)
    assert set(ORDER_MOVES) == set(OrderStatus)
    assert set(ORDER_STATUS_FOR_PAYMENT) == set(PaymentStatus)


def test_the_payment_table_follows_mollie():
    assert PAYMENT_MOVES[Pay.OPEN] == {
        Pay.PENDING,
        Pay.AUTHORIZED,
        Pay.PAID,
        Pay.CANCELED,
        Pay.EXPIRED,
        Pay.FAILED,
    }
    assert PAYMENT_MOVES[Pay.AUTHORIZED] >= {Pay.PAID, Pay.CANCELED, Pay.EXPIRED}
    assert Pay.OPEN not in PAYMENT_MOVES[Pay.PENDING]  # nothing goes back to open
    for final in (Pay.PAID, Pay.CANCELED, Pay.EXPIRED, Pay.FAILED):
        assert PAYMENT_MOVES[final] == set(), final


def test_the_order_table_keeps_money_and_parcels_in_order():
    assert ORDER_MOVES[Order.AWAITING_PAYMENT] == {
        Order.PAID,
        Order.CANCELED,
        Order.EXPIRED,
        Order.FAILED,
    }
    assert Order.SHIPPED not in ORDER_MOVES[Order.AWAITING_PAYMENT]  # no parcel before money
    assert Order.REFUNDED not in ORDER_MOVES[Order.AWAITING_PAYMENT]  # nothing to refund
    assert ORDER_MOVES[Order.FAILED] == {Order.AWAITING_PAYMENT}  # the customer tries again
    assert ORDER_MOVES[Order.REFUNDED] == set()
    assert Order.PAID not in ORDER_MOVES[Order.SHIPPED]


@pytest.mark.parametrize(
    ("current", "new"),
    [
        (Pay.OPEN, Pay.PAID),
        (Pay.PENDING, Pay.FAILED),
        (Order.AWAITING_PAYMENT, Order.PAID),
        (Order.PAID, Order.SHIPPED),
        (Order.SHIPPED, Order.COMPLETED),
        (Order.COMPLETED, Order.REFUNDED),
        (Order.EXPIRED, Order.AWAITING_PAYMENT),
    ],
    ids=str,
)
def test_these_moves_are_allowed(current, new):
    assert transition(current, new) is new


@pytest.mark.parametrize(
    ("current", "new"),
    [
        (Pay.PAID, Pay.FAILED),
        (Pay.CANCELED, Pay.PAID),
        (Pay.EXPIRED, Pay.OPEN),
        (Pay.PENDING, Pay.OPEN),
        (Order.AWAITING_PAYMENT, Order.SHIPPED),
        (Order.PAID, Order.AWAITING_PAYMENT),
        (Order.REFUNDED, Order.PAID),
        (Order.CANCELED, Order.PAID),
    ],
    ids=str,
)
def test_these_moves_are_refused(current, new):
    with pytest.raises(IllegalTransition, match=f"from {current} to {new}"):
        transition(current, new)


def test_a_payment_maps_to_the_order_status_it_means():
    assert ORDER_STATUS_FOR_PAYMENT[Pay.AUTHORIZED] is Order.AWAITING_PAYMENT
    assert ORDER_STATUS_FOR_PAYMENT[Pay.PAID] is Order.PAID
    assert ORDER_STATUS_FOR_PAYMENT[Pay.EXPIRED] is Order.EXPIRED
