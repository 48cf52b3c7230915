from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model

from splash.catalog.vocabulary import ProductType
from splash.orders.vocabulary import (
    Carrier,
    OrderFlag,
    OrderStatus,
    PaymentStatus,
    RefundStatus,
    StockState,
)


class ShippingCountry(Model):
    """A country Splash ships to, with its shipping cost in cents."""

    iso = fields.CharField(max_length=2, primary_key=True)
    shipping_cost = fields.IntField()
    position = fields.IntField(default=0)

    class Meta:
        table = "shipping_country"
        ordering = ("position", "iso")


# The columns every box of the studio's inbox is decided by (orders.inbox.box_sql).
BOX_COLUMNS = (
    "status",
    "ships",
    "stock_state",
    "amount_refunded",
    "amount_charged_back",
    "flagged",
)


class Order(Model):
    """A placed order, with what was bought, where it goes and where its money stands.

    Lines copy the catalog when the order is placed, so a later price change never rewrites
    it. ``slug`` (≥ 128 bits) is the guest's capability to see it; ``order_nr`` is what
    people read and say on the phone. A guest's order has no ``user`` until it is paid (the
    typed address gets an account only then: ``accounts.customers``)."""

    id = fields.IntField(primary_key=True)
    order_nr = fields.CharField(max_length=16, unique=True)
    # The invoice's number, drawn when the money arrives (``orders.invoice_numbers``).
    invoice_nr = fields.CharField(max_length=16, unique=True, null=True)
    slug = fields.CharField(max_length=64, unique=True)
    user: fields.ForeignKeyNullableRelation[Any] = fields.ForeignKeyField(
        "splash.User", related_name="orders", null=True, on_delete=fields.RESTRICT
    )
    locale = fields.CharField(max_length=5)
    status = fields.CharEnumField(OrderStatus, max_length=16, default=OrderStatus.AWAITING_PAYMENT)
    stock_state = fields.CharEnumField(StockState, max_length=16, default=StockState.RESERVED)
    # Until when an unpaid order holds its stock (``orders.reservations``); Pay now sets it anew.
    reserved_until = fields.DatetimeField(null=True)
    # Who placed it, for the cap on open unpaid orders per client: a keyed hash of the client
    # address (an IPv6 address by its /64), never the address itself.
    client_key = fields.CharField(max_length=64, null=True)
    flagged = fields.CharEnumField(OrderFlag, max_length=32, null=True)
    # Personal details and addresses as given at checkout (an Address: street, housenumber,
    # addition, additionalInfo, postalCode, city, country); billing None = the shipping address.
    email = fields.CharField(max_length=254)
    firstname = fields.CharField(max_length=80)
    lastname = fields.CharField(max_length=80)
    shipping_address: dict[str, Any] = fields.JSONField()  # type: ignore[assignment]
    billing_address: dict[str, Any] | None = fields.JSONField(null=True)  # type: ignore[assignment]
    # Money, in cents, VAT included; the VAT those amounts hold, at the destination's rate.
    currency = fields.CharField(max_length=3, default="EUR")
    subtotal = fields.IntField()
    shipping_cost = fields.IntField()
    vat_country = fields.CharField(max_length=2)
    vat_rate = fields.IntField()  # percent
    shipping_vat = fields.IntField()
    vat = fields.IntField()
    total = fields.IntField()
    amount_refunded = fields.IntField(default=0)
    amount_charged_back = fields.IntField(default=0)
    # The parcels as the customer's reads show them (shippedAt, carrier, trackingNumber,
    # trackingUrl, lines: title, variantLabel, quantity): a copy of the shipments, written with
    # each (``orders.shipments``), so the order page and the profile read no table more.
    parcels: list[dict[str, Any]] = fields.JSONField(default=list)  # type: ignore[assignment]
    # Holds goods to send (a physical line): such an order waits in the studio's "to ship" box
    # while it is paid (the last unit shipped makes it ``shipped``). Set when it is placed.
    ships = fields.BooleanField(default=False, db_default=False)
    # Consent to the privacy policy and the terms: placing the order gives it (spec §5).
    consent_version = fields.CharField(max_length=32)
    consented_at = fields.DatetimeField()
    # Lessons are delivered at once: the buyer asked for that and so waived the 14-day right of
    # withdrawal for them (EU consumer rules for digital content); when, for orders with lessons.
    withdrawal_waived_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)
    paid_at = fields.DatetimeField(null=True)

    lines: fields.ReverseRelation[OrderLine]
    payments: fields.ReverseRelation[Payment]
    refunds: fields.ReverseRelation[Refund]

    class Meta:
        table = "orders_order"
        ordering = ("-created_at", "-id")
        # a customer's orders, newest first (the profile's list)
        indexes = (
            Index(fields=("user_id", "created_at"), name="orders_order_user_created"),
            # the checkout's caps on open unpaid orders, and the release of reservations
            Index(fields=("email", "status"), name="orders_order_email_status"),
            Index(fields=("client_key", "status"), name="orders_order_client_status"),
            Index(fields=("status", "reserved_until"), name="orders_order_reserved_until"),
            # the studio's inbox: every order, and a box, newest first
            Index(fields=("created_at", "id"), name="orders_order_created"),
            Index(fields=("status", "created_at"), name="orders_order_status_created"),
            # the inbox's count of every box, read from this index alone (inbox.counts)
            Index(fields=BOX_COLUMNS, name="orders_order_boxes"),
            # the studio's dashboard: the money that arrived in a period
            Index(fields=("paid_at",), name="orders_order_paid"),
        )


class InvoiceSeries(Model):
    """The last invoice number drawn in a calendar year (``orders.invoice_numbers``)."""

    year = fields.IntField(primary_key=True, generated=False)
    last_number = fields.IntField(default=0)

    class Meta:
        table = "orders_invoice_series"


class CreditNoteSeries(Model):
    """The last credit note number drawn in a calendar year (``orders.invoice_numbers``)."""

    year = fields.IntField(primary_key=True, generated=False)
    last_number = fields.IntField(default=0)

    class Meta:
        table = "orders_credit_note_series"


class OrderLine(Model):
    """A line as it was sold: the variant texts in the language of the order, at the price then."""

    id = fields.IntField(primary_key=True)
    order: fields.ForeignKeyRelation[Order] = fields.ForeignKeyField(
        "splash.Order", related_name="lines", on_delete=fields.CASCADE
    )
    position = fields.IntField()
    variant_id = fields.IntField()  # the catalog's variant (kept when it is deleted later)
    sku = fields.CharField(max_length=64)
    product_type = fields.CharEnumField(ProductType, max_length=16)
    title = fields.CharField(max_length=160)
    variant_label = fields.CharField(max_length=160)
    options: list[dict[str, str]] = fields.JSONField(default=list)  # type: ignore[assignment]
    quantity = fields.IntField()
    unit_price = fields.IntField()
    line_total = fields.IntField()
    vat_rate = fields.IntField()
    vat = fields.IntField()

    class Meta:
        table = "orders_order_line"
        ordering = ("position", "id")
        indexes = (Index(fields=("order_id",), name="orders_order_line_order"),)


class Payment(Model):
    """One attempt to pay an order at a provider.

    The latest one speaks for the order. Its status is only ever what the provider said when
    asked (never what a request claimed)."""

    id = fields.IntField(primary_key=True)
    order: fields.ForeignKeyRelation[Order] = fields.ForeignKeyField(
        "splash.Order", related_name="payments", on_delete=fields.CASCADE
    )
    provider = fields.CharField(max_length=16)  # "test" | "mollie"
    provider_id = fields.CharField(max_length=64, unique=True)
    status = fields.CharEnumField(PaymentStatus, max_length=16, default=PaymentStatus.OPEN)
    amount = fields.IntField()  # cents, as asked of the provider
    method = fields.CharField(max_length=32, null=True)
    checkout_url = fields.TextField(null=True)
    # Bank transfer: bankName, bankAccount, bankBic, transferReference (as the provider gave them).
    bank_details: dict[str, str] | None = fields.JSONField(null=True)  # type: ignore[assignment]
    amount_refunded = fields.IntField(default=0)
    amount_charged_back = fields.IntField(default=0)
    # Asking the provider about it (orders/payment_checks.py): not again before next_check_at;
    # a later check of a webhook's news is scheduled for recheck_at (None: none scheduled).
    next_check_at = fields.DatetimeField(null=True)
    recheck_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "orders_payment"
        ordering = ("created_at", "id")
        indexes = (Index(fields=("order_id",), name="orders_payment_order"),)


class CheckoutRequest(Model):
    """An idempotency key of the checkout, with its order.

    The same ``Idempotency-Key`` and body of POST /orders again answer what the first request
    answered (the order and its first payment) and place no second order; the same key with
    another body is refused. ``answer`` holds the answer of keys stored by earlier versions."""

    id = fields.IntField(primary_key=True)
    key = fields.CharField(max_length=64, unique=True)
    body_hash = fields.CharField(max_length=64)  # SHA-256 of the canonical request body
    order: fields.ForeignKeyNullableRelation[Order] = fields.ForeignKeyField(
        "splash.Order", related_name=None, null=True, on_delete=fields.CASCADE
    )
    answer: dict[str, Any] | None = fields.JSONField(null=True)  # type: ignore[assignment]
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "orders_checkout_request"


class DevicePass(Model):
    """The browser that placed a guest's order may watch what that order unlocked, until the
    order's account can sign in (``orders.device_passes``). Only the SHA-256 of the cookie's
    random secret is stored; a retry of the checkout replaces it."""

    id = fields.IntField(primary_key=True)
    order: fields.OneToOneRelation[Order] = fields.OneToOneField(
        "splash.Order", related_name="device_pass", on_delete=fields.CASCADE
    )
    token_hash = fields.CharField(max_length=64, unique=True)
    expires_at = fields.DatetimeField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "orders_device_pass"


class PaymentEvent(Model):
    """A status a payment moved to, and when: written whenever ``payment_updates`` moves it, so
    the studio shows each payment's history (every payment starts ``open``, at its creation)."""

    id = fields.IntField(primary_key=True)
    payment: fields.ForeignKeyRelation[Payment] = fields.ForeignKeyField(
        "splash.Payment", related_name="events", on_delete=fields.CASCADE
    )
    status = fields.CharEnumField(PaymentStatus, max_length=16)
    at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "orders_payment_event"
        ordering = ("at", "id")
        indexes = (Index(fields=("payment_id",), name="orders_payment_event_payment"),)


class Shipment(Model):
    """A parcel: some units of an order's physical lines, with its carrier and tracking number.

    ``request_key`` is the studio's Idempotency-Key: a double click ships once."""

    id = fields.IntField(primary_key=True)
    order: fields.ForeignKeyRelation[Order] = fields.ForeignKeyField(
        "splash.Order", related_name="shipments", on_delete=fields.CASCADE
    )
    carrier = fields.CharEnumField(Carrier, max_length=16)
    tracking_number = fields.CharField(max_length=64)
    tracking_url = fields.CharField(max_length=500, null=True)
    request_key = fields.CharField(max_length=64, unique=True)
    body_hash = fields.CharField(max_length=64)  # SHA-256 of the canonical request body
    staff_id = fields.IntField(null=True)  # who shipped it (the staff member, kept if removed)
    created_at = fields.DatetimeField(auto_now_add=True)

    lines: fields.ReverseRelation[ShipmentLine]

    class Meta:
        table = "orders_shipment"
        ordering = ("created_at", "id")
        indexes = (Index(fields=("order_id",), name="orders_shipment_order"),)


class ShipmentLine(Model):
    """How many units of one order line a shipment holds."""

    id = fields.IntField(primary_key=True)
    shipment: fields.ForeignKeyRelation[Shipment] = fields.ForeignKeyField(
        "splash.Shipment", related_name="lines", on_delete=fields.CASCADE
    )
    order_line: fields.ForeignKeyRelation[OrderLine] = fields.ForeignKeyField(
        "splash.OrderLine", related_name="shipped", on_delete=fields.CASCADE
    )
    quantity = fields.IntField()

    class Meta:
        table = "orders_shipment_line"
        ordering = ("id",)
        indexes = (Index(fields=("shipment_id",), name="orders_shipment_line_shipment"),)


class Refund(Model):
    """Money given back on a paid order, through its provider, and the credit note it makes.

    What it gives back is fixed when it is made (``orders.refunds``): the lines and units, the
    shipping, the amount, and the net and VAT per rate its credit note states. ``key`` is the
    studio's ``Idempotency-Key``: the same click again answers this refund. Its status is the
    provider's (pending on the way, then refunded — or failed, when it gave nothing back)."""

    id = fields.IntField(primary_key=True)
    order: fields.ForeignKeyRelation[Order] = fields.ForeignKeyField(
        "splash.Order", related_name="refunds", on_delete=fields.CASCADE
    )
    payment: fields.ForeignKeyRelation[Payment] = fields.ForeignKeyField(
        "splash.Payment", related_name="refunds", on_delete=fields.CASCADE
    )
    key = fields.CharField(max_length=64, unique=True)
    body_hash = fields.CharField(max_length=64)  # SHA-256 of the canonical request body
    credit_note_nr = fields.CharField(max_length=16, unique=True)
    status = fields.CharEnumField(RefundStatus, max_length=16, default=RefundStatus.PENDING)
    provider_refund_id = fields.CharField(max_length=64, null=True)
    amount = fields.IntField()  # cents, VAT included
    shipping = fields.IntField(default=0)  # the part of ``amount`` that is shipping
    # [{"lineId", "quantity", "amount", "vat", "vatRate"}]: the units given back, per line.
    lines: list[dict[str, int]] = fields.JSONField(default=list)  # type: ignore[assignment]
    # [{"rate", "net", "vat"}]: what the credit note states per VAT rate (positive cents).
    vat: list[dict[str, int]] = fields.JSONField(default=list)  # type: ignore[assignment]
    restock = fields.BooleanField(default=False)
    revoke_lessons = fields.BooleanField(default=False)
    reason = fields.CharField(max_length=500, null=True)
    created_by = fields.CharField(max_length=254)  # the staff member's e-mail
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "orders_refund"
        ordering = ("created_at", "id")
        indexes = (
            Index(fields=("order_id",), name="orders_refund_order"),
            Index(fields=("status", "updated_at"), name="orders_refund_status"),
        )
