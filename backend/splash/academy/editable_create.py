"""New levels and lessons, made from the studio's lists (``splash.editing.editable.Creatable``;
``splash.editing.creating`` checks the key, logs and republishes):

- a ``level`` (key: the new level's) of a course, last in it, with its title in the language
  it was made in (its description and the other languages are edited as the level's texts);
- a ``lesson`` of a level, last in it, with its title in that language (its slug made from
  it, another if the course's lessons have that one) and, optionally, how long it lasts in
  minutes (1–180; none: its video's length once it has one). Until its video is uploaded it
  shows the course's image as its poster.

Neither gets an offer of its own: it is unlocked with its level or the bundle."""

from __future__ import annotations

from pydantic import Field
from tortoise.functions import Max

from splash.academy.editable import Lessons, Levels
from splash.academy.editable_outline import MOST_MINUTES, Key
from splash.academy.models import Course, Lesson, LessonText, Level, LevelText
from splash.core.errors import ValidationError
from splash.core.schemas import RequestBody
from splash.editing.editable import EVERYTHING, Applied, Document
from splash.editing.slugs import slugify
from splash.staff.vocabulary import Permission

Title = Field(min_length=1, max_length=160)


class NewLevelDocument(RequestBody):
    course: str = Key
    title: str = Title


class NewLessonDocument(RequestBody):
    level: str = Key
    title: str = Title
    minutes: int | None = Field(default=None, ge=1, le=MOST_MINUTES, strict=True)


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
    field_permissions: dict[str, Permission] = {}

    async def exists(self, key: str) -> bool:
        return await Level.exists(key=key)

    async def create(self, key: str, locale: str, fields: Document) -> Applied:
        course = await Course.get_or_none(key=fields["course"])
        if course is None:
            raise ValidationError.for_field(["course"], f"No course {fields['course']!r}")
        title = _title(fields)
        position = await _next_position(Level.filter(course_id=course.id))
        level = await Level.create(course_id=course.id, key=key, position=position)
        await LevelText.create(level_id=level.id, locale=locale, title=title, description="")
        return Applied([EVERYTHING])


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
    field_permissions: dict[str, Permission] = {}

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
        slug = await _free_slug(title, locale, level.course.id)
        await LessonText.create(
            lesson_id=lesson.id, locale=locale, slug=slug, title=title, description=""
        )
        return Applied([EVERYTHING])
