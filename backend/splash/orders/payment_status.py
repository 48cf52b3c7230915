"""The legal moves of payment and order statuses, as data, and the one function that applies
them (pure: the checkout's webhook handler and order screens call it, nothing else decides).

Payments follow Mollie's state machine: a payment starts ``open``; ``pending`` and
``authorized`` are on the way to money; ``paid``, ``canceled``, ``expired`` and ``failed`` are
final (a refund is its own object at Mollie, not a payment status).

An order follows its money: it waits for a payment, and a payment that ends without money
leaves it ``canceled``/``expired``/``failed`` until the customer starts another payment (back
to ``awaiting_payment``). Once paid, a parcel is ``shipped`` and the order ``completed``
(digital goods complete at once); paid, shipped and completed orders can be ``refunded``.

Staying in the same status is not a move and always allowed: Mollie calls the webhook again
with an unchanged status, and a repeated call must not fail.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

from splash.core.errors import ConflictError
from splash.orders.vocabulary import OrderStatus, PaymentStatus

Pay, Order = PaymentStatus, OrderStatus

PAYMENT_MOVES: Mapping[PaymentStatus, frozenset[PaymentStatus]] = {
    Pay.OPEN: frozenset(
        {Pay.PENDING, Pay.AUTHORIZED, Pay.PAID, Pay.CANCELED, Pay.EXPIRED, Pay.FAILED}
    ),
    Pay.PENDING: frozenset({Pay.PAID, Pay.CANCELED, Pay.EXPIRED, Pay.FAILED}),
    Pay.AUTHORIZED: frozenset({Pay.PAID, Pay.CANCELED, Pay.EXPIRED, Pay.FAILED}),
    Pay.PAID: frozenset(),
    Pay.CANCELED: frozenset(),
    Pay.EXPIRED: frozenset(),
    Pay.FAILED: frozenset(),
}

_RETRY = frozenset({Order.AWAITING_PAYMENT})
ORDER_MOVES: Mapping[OrderStatus, frozenset[OrderStatus]] = {
    Order.AWAITING_PAYMENT: frozenset({Order.PAID, Order.CANCELED, Order.EXPIRED, Order.FAILED}),
    Order.PAID: frozenset({Order.SHIPPED, Order.COMPLETED, Order.REFUNDED}),
    Order.SHIPPED: frozenset({Order.COMPLETED, Order.REFUNDED}),
    Order.COMPLETED: frozenset({Order.REFUNDED}),
    Order.REFUNDED: frozenset(),
    Order.CANCELED: _RETRY,
    Order.EXPIRED: _RETRY,
    Order.FAILED: _RETRY,
}

# What a payment's status means for its order (an unfinished payment keeps it waiting).
ORDER_STATUS_FOR_PAYMENT: Mapping[PaymentStatus, OrderStatus] = {
    Pay.OPEN: Order.AWAITING_PAYMENT,
    Pay.PENDING: Order.AWAITING_PAYMENT,
    Pay.AUTHORIZED: Order.AWAITING_PAYMENT,
    Pay.PAID: Order.PAID,
    Pay.CANCELED: Order.CANCELED,
    Pay.EXPIRED: Order.EXPIRED,
    Pay.FAILED: Order.FAILED,
}


class IllegalTransition(ConflictError):
    """A status move the table does not allow (409: the stored status says otherwise)."""

    name = "IllegalTransition"

    def __init__(self, current: PaymentStatus | OrderStatus, new: PaymentStatus | OrderStatus):
        kind = type(current).__name__
        super().__init__(
            f"A {kind} cannot move from {current} to {new}",
            {"code": "illegal_transition", "from": str(current), "to": str(new)},
        )
        self.current, self.new = current, new


Status = TypeVar("Status", PaymentStatus, OrderStatus)


def transition(current: Status, new: Status) -> Status:
    """``new`` when the move from ``current`` is legal (or no move at all); raises
    :class:`IllegalTransition` otherwise, also for statuses of different kinds."""
    if type(current) is not type(new):
        raise IllegalTransition(current, new)
    moves = PAYMENT_MOVES if isinstance(current, PaymentStatus) else ORDER_MOVES
    if new != current and new not in moves[current]:
        raise IllegalTransition(current, new)
    return new
