"""The media library's table: one row per library item, whatever how often its file is replaced
(its id is what blocks refer to).

(Comments, not docstrings, on the model: Tortoise turns a model's docstring into a table
comment.)
"""

from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model

from splash.media.vocabulary import MediaFormat, VariantsStatus


# An image in the library. ``folder`` holds the current file's original and variants
# (library/<id>/<version>-<random>); ``variants`` lists what the worker made there: format,
# width, height, url, bytes. ``alt`` maps a locale to its alt text.
class MediaItem(Model):
    id = fields.IntField(primary_key=True)
    file_name = fields.CharField(max_length=190)
    format = fields.CharEnumField(MediaFormat, max_length=8)
    width = fields.IntField()
    height = fields.IntField()
    bytes = fields.IntField()
    version = fields.IntField(default=1)
    folder = fields.CharField(max_length=96, default="")
    url = fields.CharField(max_length=512, default="")
    variants: list[dict[str, Any]] = fields.JSONField(default=list)  # type: ignore[assignment]
    variants_status = fields.CharEnumField(
        VariantsStatus, max_length=8, default=VariantsStatus.PENDING
    )
    alt: dict[str, str] = fields.JSONField(default=dict)  # type: ignore[assignment]
    uploaded_by = fields.CharField(max_length=254, default="")
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "media_item"
        ordering = ("-id",)
