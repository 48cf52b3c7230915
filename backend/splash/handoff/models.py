from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model


class LanguageHandoff(Model):
    """A visitor's cart, checkout draft and sign-in on their way to another language's domain
    (``handoff.services``): made on one domain, redeemed once on the target's, then gone.

    Only the SHA-256 of the secret the browser carries is stored, and only the SHA-256 of the
    browser it was handed to (its User-Agent and client address)."""

    id = fields.IntField(primary_key=True)
    token_hash = fields.CharField(max_length=64, unique=True)
    browser_hash = fields.CharField(max_length=64)
    locale = fields.CharField(max_length=5)  # the target domain's
    path = fields.CharField(max_length=2000)  # where on it the visitor lands
    user: fields.ForeignKeyNullableRelation[Any] = fields.ForeignKeyField(
        "splash.User", related_name="handoffs", null=True, on_delete=fields.CASCADE
    )
    # The user's token version when the hand-off was made: a sign-out everywhere or a new
    # password in between carries nobody across.
    user_version = fields.IntField(null=True)
    lines: list[dict[str, Any]] = fields.JSONField()  # type: ignore[assignment]
    country = fields.CharField(max_length=2, null=True)
    draft: dict[str, Any] | None = fields.JSONField(null=True)  # type: ignore[assignment]
    expires_at = fields.DatetimeField()
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "language_handoff"
        indexes = (Index(fields=("expires_at",), name="language_handoff_expires"),)
