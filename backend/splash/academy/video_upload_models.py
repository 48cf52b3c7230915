"""A lesson video sent from the studio, from its first chunk to the lesson playing it.

Kept apart from ``academy.models`` (the lessons and what plays): this row is the studio's
working state, which the studio polls; the lesson's ``LessonVideo`` changes only when an import
has succeeded."""

from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model

from splash.academy.vocabulary import VideoImportFailure, VideoUploadStatus


class VideoUpload(Model):
    """One file for one lesson: ``received`` of ``size`` bytes are in the upload's file (under
    ``Settings.video_uploads_folder``); once all are in, the worker imports it, saying how far
    it is (``status``, ``percent``) and, on failure, why (``failure``, and ffmpeg's or the
    storage's own words in ``detail`` for the log)."""

    id = fields.IntField(primary_key=True)
    lesson: fields.ForeignKeyRelation[Any] = fields.ForeignKeyField(
        "splash.Lesson", related_name="video_uploads", on_delete=fields.CASCADE
    )
    lesson_id: int  # the foreign key's column, as Tortoise sets it
    file_name = fields.CharField(max_length=200)
    content_type = fields.CharField(max_length=100)
    size = fields.BigIntField()
    received = fields.BigIntField(default=0)
    status = fields.CharEnumField(
        VideoUploadStatus, max_length=16, default=VideoUploadStatus.RECEIVING
    )
    percent = fields.IntField(default=0)
    failure = fields.CharEnumField(VideoImportFailure, max_length=32, null=True)
    detail = fields.CharField(max_length=500, null=True)
    uploaded_by: fields.ForeignKeyNullableRelation[Any] = fields.ForeignKeyField(
        "splash.StaffMember", related_name="video_uploads", null=True, on_delete=fields.SET_NULL
    )
    created_at = fields.DatetimeField(auto_now_add=True)
    updated_at = fields.DatetimeField(auto_now=True)
    finished_at = fields.DatetimeField(null=True)

    class Meta:
        table = "academy_video_upload"
        ordering = ("-id",)
