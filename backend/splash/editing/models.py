"""Editing's tables: a draft per entry, the versions publishing kept, and the redirects that
keep old paths working. (Comments, not docstrings: Tortoise turns a model's docstring into a
table comment.)"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tortoise import fields
from tortoise.models import Model

from splash.staff.models import StaffMember


# The document being edited of one entry (collection, key, locale), its revision (each save
# adds one; a save based on an older one is refused), who saved it last and when, the
# revision last published, and when it is to be published (None: not scheduled).
class Draft(Model):
    id = fields.IntField(primary_key=True)
    collection = fields.CharField(max_length=32)
    key = fields.CharField(max_length=64)
    locale = fields.CharField(max_length=5)
    document: dict[str, Any] = fields.JSONField()  # type: ignore[assignment]
    revision = fields.IntField(default=1)
    saved_by: fields.ForeignKeyNullableRelation[StaffMember] = fields.ForeignKeyField(
        "splash.StaffMember", related_name="drafts", null=True, on_delete=fields.SET_NULL
    )
    saved_by_id: int | None
    saved_by_label = fields.CharField(max_length=254)
    saved_at = fields.DatetimeField()
    published_revision = fields.IntField(null=True)
    publish_at: datetime | None = fields.DatetimeField(null=True)  # type: ignore[assignment]
    # Why the scheduled publish was refused at its time; kept until the draft is saved,
    # published or scheduled again, so the studio's entry shows it.
    schedule_refused = fields.CharField(max_length=500, null=True)

    class Meta:
        table = "editing_draft"
        unique_together = (("collection", "key", "locale"),)


# A published document of one entry: number 1, 2, … per entry; who published it and when.
class Version(Model):
    id = fields.IntField(primary_key=True)
    collection = fields.CharField(max_length=32)
    key = fields.CharField(max_length=64)
    locale = fields.CharField(max_length=5)
    number = fields.IntField()
    document: dict[str, Any] = fields.JSONField()  # type: ignore[assignment]
    published_by: fields.ForeignKeyNullableRelation[StaffMember] = fields.ForeignKeyField(
        "splash.StaffMember", related_name="versions", null=True, on_delete=fields.SET_NULL
    )
    published_by_id: int | None
    published_by_label = fields.CharField(max_length=254)
    published_at = fields.DatetimeField()

    class Meta:
        table = "editing_version"
        unique_together = (("collection", "key", "locale", "number"),)


# An old public path of a language that answers 301 to where its entry lives now.
class Redirect(Model):
    id = fields.IntField(primary_key=True)
    locale = fields.CharField(max_length=5)
    old_path = fields.CharField(max_length=512)
    new_path = fields.CharField(max_length=512)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "editing_redirect"
        unique_together = (("locale", "old_path"),)
