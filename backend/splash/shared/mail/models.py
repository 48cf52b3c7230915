"""The log of e-mails sent: one row per mail that left (a retry of the same outbox job adds
none), so the studio shows what an order's buyer or a customer was sent."""

from __future__ import annotations

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model


class SentMail(Model):
    id = fields.IntField(primary_key=True)
    sent_at = fields.DatetimeField(auto_now_add=True)
    to = fields.CharField(max_length=254)
    subject = fields.CharField(max_length=300)
    template = fields.CharField(max_length=64)
    locale = fields.CharField(max_length=5)
    # What it was about, as plain ids: shared code knows no domain's tables.
    order_id = fields.IntField(null=True)
    user_id = fields.IntField(null=True)
    message_key = fields.CharField(max_length=64, unique=True)  # the outbox job's key

    class Meta:
        table = "mail_sent"
        ordering = ("sent_at", "id")
        indexes = (
            Index(fields=("order_id",), name="mail_sent_order"),
            Index(fields=("user_id",), name="mail_sent_user"),
        )
