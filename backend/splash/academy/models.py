"""The academy: courses → levels → lessons (one row each, texts per locale in a translation
table), what the unlock buttons sell (offers: catalog variants of the course's digital product,
so lessons go through the same cart, quote and checkout as suits), who may watch what
(entitlements, one row per lesson and order that granted it), the packaged video of a lesson and
a parent's progress.
"""

from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model

from splash.academy.vocabulary import GrantSource, OfferKind


class Course(Model):
    """A course, such as "Learn to swim with Splash".

    ``product`` is the catalog's digital product whose variants are the course's offers, and
    ``image`` is the course's card and hero image."""

    id = fields.IntField(primary_key=True)
    key = fields.CharField(max_length=64, unique=True)
    position = fields.IntField(default=0)
    published = fields.BooleanField(default=True)
    image: dict[str, Any] = fields.JSONField(default=dict)  # type: ignore[assignment]
    product: fields.ForeignKeyRelation[Any] = fields.ForeignKeyField(
        "splash.Product", related_name="courses", on_delete=fields.RESTRICT
    )

    texts: fields.ReverseRelation[CourseText]
    levels: fields.ReverseRelation[Level]

    class Meta:
        table = "academy_course"
        ordering = ("position", "id")


class CourseText(Model):
    id = fields.IntField(primary_key=True)
    course: fields.ForeignKeyRelation[Course] = fields.ForeignKeyField(
        "splash.Course", related_name="texts", on_delete=fields.CASCADE
    )
    locale = fields.CharField(max_length=5)
    slug = fields.CharField(max_length=120)
    title = fields.CharField(max_length=160)
    intro = fields.CharField(max_length=400)
    description: list[dict[str, Any]] = fields.JSONField(default=list)  # type: ignore[assignment]
    image_alt = fields.CharField(max_length=200, default="")
    seo_title = fields.CharField(max_length=160)
    seo_description = fields.CharField(max_length=320)

    class Meta:
        table = "academy_course_text"
        unique_together = (("locale", "slug"), ("course", "locale"))


class Level(Model):
    id = fields.IntField(primary_key=True)
    course: fields.ForeignKeyRelation[Course] = fields.ForeignKeyField(
        "splash.Course", related_name="levels", on_delete=fields.CASCADE
    )
    key = fields.CharField(max_length=64, unique=True)
    position = fields.IntField(default=0)

    texts: fields.ReverseRelation[LevelText]
    lessons: fields.ReverseRelation[Lesson]

    class Meta:
        table = "academy_level"
        ordering = ("position", "id")


class LevelText(Model):
    id = fields.IntField(primary_key=True)
    level: fields.ForeignKeyRelation[Level] = fields.ForeignKeyField(
        "splash.Level", related_name="texts", on_delete=fields.CASCADE
    )
    locale = fields.CharField(max_length=5)
    title = fields.CharField(max_length=160)
    description = fields.CharField(max_length=600)

    class Meta:
        table = "academy_level_text"
        unique_together = (("level", "locale"),)


class Lesson(Model):
    """A video lesson, which anyone may watch when it is a ``free_preview``.

    ``poster`` is shown until play. How long the lesson lasts: ``minutes`` when the studio
    typed them (1 to 180), else its video's own duration (``LessonVideo.duration_ms``)."""

    id = fields.IntField(primary_key=True)
    level: fields.ForeignKeyRelation[Level] = fields.ForeignKeyField(
        "splash.Level", related_name="lessons", on_delete=fields.CASCADE
    )
    key = fields.CharField(max_length=64, unique=True)
    position = fields.IntField(default=0)
    free_preview = fields.BooleanField(default=False)
    poster: dict[str, Any] = fields.JSONField(default=dict)  # type: ignore[assignment]
    minutes = fields.SmallIntField(null=True)  # None: its video's own duration

    texts: fields.ReverseRelation[LessonText]

    class Meta:
        table = "academy_lesson"
        ordering = ("position", "id")


class LessonText(Model):
    id = fields.IntField(primary_key=True)
    lesson: fields.ForeignKeyRelation[Lesson] = fields.ForeignKeyField(
        "splash.Lesson", related_name="texts", on_delete=fields.CASCADE
    )
    locale = fields.CharField(max_length=5)
    slug = fields.CharField(max_length=120)
    title = fields.CharField(max_length=160)
    description = fields.CharField(max_length=1000)

    class Meta:
        table = "academy_lesson_text"
        unique_together = (("lesson", "locale"),)


class Offer(Model):
    """What one unlock button sells, at the list price of its catalog ``variant``.

    A buyer pays for a level or the bundle only what they do not own yet (``academy.offers``).
    A lesson offer names its lesson, a level offer its level, and the bundle is the whole
    course."""

    id = fields.IntField(primary_key=True)
    kind = fields.CharEnumField(OfferKind, max_length=16)
    course: fields.ForeignKeyRelation[Course] = fields.ForeignKeyField(
        "splash.Course", related_name="offers", on_delete=fields.CASCADE
    )
    level: fields.ForeignKeyNullableRelation[Level] = fields.ForeignKeyField(
        "splash.Level", related_name="offers", null=True, on_delete=fields.CASCADE
    )
    lesson: fields.ForeignKeyNullableRelation[Lesson] = fields.ForeignKeyField(
        "splash.Lesson", related_name="offers", null=True, on_delete=fields.CASCADE
    )
    variant: fields.ForeignKeyRelation[Any] = fields.ForeignKeyField(
        "splash.ProductVariant", related_name="offers", unique=True, on_delete=fields.RESTRICT
    )

    class Meta:
        table = "academy_offer"


class FreeLesson(Model):
    """A lesson that comes free with every paid order of a (physical) product."""

    id = fields.IntField(primary_key=True)
    product: fields.ForeignKeyRelation[Any] = fields.ForeignKeyField(
        "splash.Product", related_name="free_lessons", on_delete=fields.CASCADE
    )
    lesson: fields.ForeignKeyRelation[Lesson] = fields.ForeignKeyField(
        "splash.Lesson", related_name="free_with", on_delete=fields.CASCADE
    )

    class Meta:
        table = "academy_free_lesson"
        unique_together = (("product", "lesson"),)


class Entitlement(Model):
    """A parent may watch a lesson because an order granted it, or a staff member did.

    One row per (user, lesson, order): granting twice is a no-op (the unique key), and a
    refund of one order takes only that order's rows away — a lesson also granted by another
    order stays. A staff grant has no order but ``granted_by`` and the ``reason`` they gave
    (``academy.grants``: one such row per user and lesson)."""

    id = fields.IntField(primary_key=True)
    user: fields.ForeignKeyRelation[Any] = fields.ForeignKeyField(
        "splash.User", related_name="entitlements", on_delete=fields.CASCADE
    )
    lesson: fields.ForeignKeyRelation[Lesson] = fields.ForeignKeyField(
        "splash.Lesson", related_name="entitlements", on_delete=fields.CASCADE
    )
    order: fields.ForeignKeyNullableRelation[Any] = fields.ForeignKeyField(
        "splash.Order", related_name="entitlements", null=True, on_delete=fields.CASCADE
    )
    source = fields.CharEnumField(GrantSource, max_length=16)
    granted_by: fields.ForeignKeyNullableRelation[Any] = fields.ForeignKeyField(
        "splash.StaffMember", related_name="granted", null=True, on_delete=fields.SET_NULL
    )
    reason = fields.CharField(max_length=500, null=True)
    granted_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "academy_entitlement"
        unique_together = (("user", "lesson", "order"),)
        # and an index of ``order_id`` alone (migration 0031)


class LessonVideo(Model):
    """A lesson's packaged video, encrypted with AES-128.

    An HLS package (master playlist, two renditions of MPEG-TS segments, captions) under
    ``prefix`` in the video storage, its segments encrypted with ``key_hex``. The files are
    public and immutable (a new import writes a new prefix, then this row points at it); only
    the key is served, to whoever may watch."""

    id = fields.IntField(primary_key=True)
    lesson: fields.OneToOneRelation[Lesson] = fields.OneToOneField(
        "splash.Lesson", related_name="video", on_delete=fields.CASCADE
    )
    prefix = fields.CharField(max_length=200, unique=True)  # e.g. videos/level-1-lesson-1/8f3a…
    key_hex = fields.CharField(max_length=32)  # the 16-byte AES key
    duration_ms = fields.IntField()
    width = fields.IntField()  # of the largest rendition
    height = fields.IntField()
    captions: list[str] = fields.JSONField(default=list)  # type: ignore[assignment]  # locales
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "academy_lesson_video"


class LessonProgress(Model):
    """Where a parent is in a lesson, on any device.

    The last position and, once watched to the end, when it was completed."""

    id = fields.IntField(primary_key=True)
    user: fields.ForeignKeyRelation[Any] = fields.ForeignKeyField(
        "splash.User", related_name="lesson_progress", on_delete=fields.CASCADE
    )
    lesson: fields.ForeignKeyRelation[Lesson] = fields.ForeignKeyField(
        "splash.Lesson", related_name="progress", on_delete=fields.CASCADE
    )
    position_ms = fields.IntField(default=0)
    completed_at = fields.DatetimeField(null=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "academy_lesson_progress"
        unique_together = (("user", "lesson"),)
