"""New levels and lessons, made from the studio's lists (``splash.editing.editable.Creatable``;
``splash.editing.creating`` checks the key, logs and republishes the pages that show it: the
level's or lesson's family, ``academy.page_families``):

- a ``level`` (key: the new level's) of a course, last in it, with its title;
- a ``lesson`` of a level, last in it, with its title (its slug made from it, another if the
  course's lessons have that one) and, optionally, how long it lasts in minutes (1 to 180;
  none: its video's length once it has one). Until its video is uploaded it shows the
  course's image as its poster.

The title, typed in one language, is every language's until translated: each course and
lesson page shows every level and lesson, so each needs a text in each language (the
descriptions are then empty, which the lists' ``missing`` shows until they are written).

Each gets its offer (its unlock button: a variant of the course's digital product, SKU
``ACADEMY-<COURSE>-LEVEL|LESSON-<KEY>``) at ``price`` — owners only — or else at the price
of the course's last offer of its kind; the owner changes it as the ``offer``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from pydantic import Field
from tortoise.functions import Max

from splash.academy.editable import Lessons, Levels
from splash.academy.editable_outline import MAX_PRICE, MOST_MINUTES, Key
from splash.academy.models import Course, Lesson, LessonText, Level, LevelText, Offer
from splash.academy.vocabulary import OfferKind
from splash.catalog import services as catalog
from splash.core.errors import ValidationError
from splash.core.locales import LOCALES
from splash.core.schemas import RequestBody
from splash.editing.editable import Applied, Document
from splash.editing.slugs import slugify
from splash.staff.vocabulary import Permission

Title = Field(min_length=1, max_length=160)


Price = Field(default=None, gt=0, le=MAX_PRICE, strict=True)
OWNERS = {"price": Permission.SETTINGS}


class NewLevelDocument(RequestBody):
    course: str = Key
    title: str = Title
    price: int | None = Price  # cents; none: the course's last level's


class NewLessonDocument(RequestBody):
    level: str = Key
    title: str = Title
    minutes: int | None = Field(default=None, ge=1, le=MOST_MINUTES, strict=True)
    price: int | None = Price  # cents; none: the course's last lesson's


async def _offer(
    kind: OfferKind,
    course: Course,
    key: str,
    price: int | None,
    level: Level | None = None,
    lesson: Lesson | None = None,
) -> None:
    """The new level's or lesson's offer, at ``price`` or the course's last of its kind's."""
    if price is None:
        last = await (
            Offer.filter(course_id=course.id, kind=kind)
            .order_by("-id")
            .select_related("variant")
            .first()
        )
        if last is None:
            raise ValidationError.for_field(["price"], f"The course has no {kind} price yet")
        price = int(last.variant.price)
    sku = f"ACADEMY-{course.key}-{kind}-{key}".upper()[:64]
    variant_id = await catalog.add_digital_variant(course.product_id, sku, price)  # type: ignore[attr-defined]
    await Offer.create(
        kind=kind, course_id=course.id, variant_id=variant_id, level=level, lesson=lesson
    )


async def _next_position(query: object) -> int:
    rows = await query.annotate(last=Max("position")).values("last")  # type: ignore[attr-defined]
    last = rows[0]["last"] if rows else None
    return 0 if last is None else int(last) + 1


def _title(fields: Document) -> str:
    title = str(fields["title"]).strip()
    if not title:
        raise ValidationError.for_field(["title"], "Give it a title")
    return title


class CreatableLevels(Levels):
    new_entry = NewLevelDocument
    field_permissions: ClassVar[Mapping[str, Permission]] = OWNERS

    async def exists(self, key: str) -> bool:
        return await Level.exists(key=key)

    async def create(self, key: str, locale: str, fields: Document) -> Applied:
        course = await Course.get_or_none(key=fields["course"])
        if course is None:
            raise ValidationError.for_field(["course"], f"No course {fields['course']!r}")
        title = _title(fields)
        position = await _next_position(Level.filter(course_id=course.id))
        level = await Level.create(course_id=course.id, key=key, position=position)
        for each in LOCALES:
            await LevelText.create(level_id=level.id, locale=each, title=title, description="")
        await _offer(OfferKind.LEVEL, course, key, fields.get("price"), level=level)
        return Applied([f"level:{level.id}"])  # its course's page, and pages listing levels


async def _free_slug(title: str, locale: str, course_id: int) -> str:
    """The title's slug, or with -2, -3, … when another lesson of the course has it."""
    base = slugify(title, locale)[:110] or "lesson"
    taken = set(
        await LessonText.filter(
            locale=locale, lesson__level__course_id=course_id, slug__startswith=base
        ).values_list("slug", flat=True)
    )
    slug, number = base, 1
    while slug in taken:
        number += 1
        slug = f"{base}-{number}"
    return slug


class CreatableLessons(Lessons):
    new_entry = NewLessonDocument
    field_permissions: ClassVar[Mapping[str, Permission]] = OWNERS

    async def exists(self, key: str) -> bool:
        return await Lesson.exists(key=key)

    async def create(self, key: str, locale: str, fields: Document) -> Applied:
        level = await Level.get_or_none(key=fields["level"]).select_related("course")
        if level is None:
            raise ValidationError.for_field(["level"], f"No level {fields['level']!r}")
        title = _title(fields)
        image = level.course.image
        poster = {name: image[name] for name in ("src", "width", "height") if name in image}
        lesson = await Lesson.create(
            level_id=level.id,
            key=key,
            position=await _next_position(Lesson.filter(level_id=level.id)),
            poster=poster,
            minutes=fields.get("minutes"),
        )
        for each in LOCALES:
            slug = await _free_slug(title, each, level.course.id)
            await LessonText.create(
                lesson_id=lesson.id, locale=each, slug=slug, title=title, description=""
            )
        await _offer(OfferKind.LESSON, level.course, key, fields.get("price"), lesson=lesson)
        return Applied([f"lesson:{lesson.id}"])  # its new page, its course's, its neighbours
