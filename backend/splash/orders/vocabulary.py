"""The orders domain's words, each spelled once (where Splash ships is ``core.countries``): the
order and payment statuses the checkout will move through (their legal moves live in
``orders.payment_status``). ``contracts/vocabularies.json`` pins them against the SPA's types."""

from __future__ import annotations

from enum import StrEnum


class PaymentStatus(StrEnum):
    """A payment's status as Mollie reports it (its API spells "canceled" with one l)."""

    OPEN = "open"
    PENDING = "pending"
    AUTHORIZED = "authorized"
    PAID = "paid"
    CANCELED = "canceled"
    EXPIRED = "expired"
    FAILED = "failed"


class RefundStatus(StrEnum):
    """A refund's status as Mollie reports it: queued (waiting for balance), pending, processing
    on the way; refunded, failed and canceled final. Failed and canceled ones gave nothing back."""

    QUEUED = "queued"
    PENDING = "pending"
    PROCESSING = "processing"
    REFUNDED = "refunded"
    FAILED = "failed"
    CANCELED = "canceled"


# A refund that gives no money back (it counts for nothing in what was refunded).
REFUND_VOID = frozenset({RefundStatus.FAILED, RefundStatus.CANCELED})
REFUND_FINAL = frozenset({RefundStatus.REFUNDED, *REFUND_VOID})


class OrderStatus(StrEnum):
    """Where an order stands: waiting for its money, paid, on its way (physical goods), done,
    refunded — or its payment ended without money and the customer may try again."""

    AWAITING_PAYMENT = "awaiting_payment"
    PAID = "paid"
    SHIPPED = "shipped"
    COMPLETED = "completed"
    REFUNDED = "refunded"
    CANCELED = "canceled"
    EXPIRED = "expired"
    FAILED = "failed"


# An order whose money arrived: it has a confirmation and an invoice, and cannot be paid again.
MONEY_ARRIVED = frozenset(
    {OrderStatus.PAID, OrderStatus.SHIPPED, OrderStatus.COMPLETED, OrderStatus.REFUNDED}
)


class StockState(StrEnum):
    """What an order holds of the stock: reserved when it is placed (the last unit goes to one
    order), committed once paid, released when its payment ends without money (and reserved
    again when the customer starts another payment)."""

    RESERVED = "reserved"
    COMMITTED = "committed"
    RELEASED = "released"


class OrderFlag(StrEnum):
    """Why an order needs a person's eye."""

    AMOUNT_MISMATCH = "amount_mismatch"  # the provider's paid amount is not the order's total


class Carrier(StrEnum):
    """Who carries a parcel; each but ``other`` has a tracking page (``orders.shipments``)."""

    POSTNL = "postnl"
    DHL = "dhl"
    DPD = "dpd"
    UPS = "ups"
    GLS = "gls"
    BPOST = "bpost"
    OTHER = "other"


class OrderError(StrEnum):
    """The ``details.code`` of the orders API's refusals, which the SPA tells apart."""

    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"  # the same key came with another body
    PRODUCT_UNAVAILABLE = "product_unavailable"  # switched off, sold out or not that many left
    ORDER_PAID = "order_paid"  # Pay now on an order that has its money
    PAYMENT_IN_PROGRESS = "payment_in_progress"  # Pay now while a payment is pending
    PAYMENT_PROVIDER_UNAVAILABLE = "payment_provider_unavailable"  # a 503: try again soon
    ALREADY_OWNED = "already_owned"  # lessons the buyer owns, or that another line includes
    TOO_MANY_ORDERS = "too_many_orders"  # a 429: the checkout's limits per client and address


class ShipmentError(StrEnum):
    """The ``details.code`` of the studio's refused shipments (the studio's own words, not the
    shop's: ``OrderError`` is pinned by the shop's contract)."""

    ORDER_NOT_PAID = "order_not_paid"  # the order's money has not arrived, or it shipped
    TOO_MANY_UNITS = "too_many_units"  # more units than ordered minus shipped already


class StudioRefusal(StrEnum):
    """The ``details.code`` of the studio's refusals of refunds and cancels."""

    NOT_PAID = "not_paid"  # a refund of an order whose money has not arrived
    ORDER_PAID = "order_paid"  # a cancel of an order whose money arrived: refund it instead
    OVER_REFUND = "over_refund"  # more than was paid and not refunded yet
    NOTHING_TO_REFUND = "nothing_to_refund"  # a refund of zero cents
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"  # the key came with another refund


class LineRefusal(StrEnum):
    """Why a cart line of lessons cannot be bought: the buyer owns all it unlocks already, or
    another line of the cart (a level, the bundle) unlocks it too."""

    OWNED = "owned"
    IN_CART = "in_cart"
