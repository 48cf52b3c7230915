from __future__ import annotations

from tortoise import fields
from tortoise.models import Model

from splash.orders.vocabulary import PaymentStatus, RefundStatus


class SandboxPayment(Model):
    """A payment of the built-in test provider, the embedded default.

    What Mollie would keep on its side, kept here so the hosted test page can act as
    Mollie's test mode."""

    id = fields.CharField(max_length=64, primary_key=True)  # tr_test_…
    status = fields.CharEnumField(PaymentStatus, max_length=16, default=PaymentStatus.OPEN)
    amount = fields.IntField()
    currency = fields.CharField(max_length=3)
    description = fields.CharField(max_length=255)
    locale = fields.CharField(max_length=5)  # nl_NL, en_GB, …
    redirect_url = fields.TextField()
    webhook_url = fields.TextField()
    method = fields.CharField(max_length=32, null=True)
    bank_details: dict[str, str] | None = fields.JSONField(null=True)  # type: ignore[assignment]
    amount_refunded = fields.IntField(default=0)
    amount_charged_back = fields.IntField(default=0)
    idempotency_key = fields.CharField(max_length=128, null=True, unique=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        # Its first name: Tortoise's migrations rename a model, not its table.
        table = "payments_test_payment"


class SandboxRefund(Model):
    """A refund of the built-in test provider, kept as Mollie keeps one: refunded at once."""

    id = fields.CharField(max_length=64, primary_key=True)  # re_test_…
    payment_id = fields.CharField(max_length=64)
    status = fields.CharEnumField(RefundStatus, max_length=16, default=RefundStatus.REFUNDED)
    amount = fields.IntField()
    currency = fields.CharField(max_length=3)
    description = fields.CharField(max_length=255)
    idempotency_key = fields.CharField(max_length=128, unique=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "payments_test_refund"
