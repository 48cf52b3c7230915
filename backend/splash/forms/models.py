from __future__ import annotations

from tortoise import fields
from tortoise.models import Model


class FormSubmission(Model):
    """One sent form. Kept even when mailing it fails (``mailed_at`` stays empty then)."""

    id = fields.IntField(primary_key=True)
    form = fields.CharField(max_length=32, db_index=True)
    locale = fields.CharField(max_length=5)
    data: dict[str, object] = fields.JSONField()  # type: ignore[assignment]
    created_at = fields.DatetimeField(auto_now_add=True)
    mailed_at = fields.DatetimeField(null=True)

    class Meta:
        table = "form_submission"
        ordering = ("-created_at",)
