"""The academy's texts as the studio edits them (``splash.editing.editable.Editable``), per
language: a ``course`` (slug, title, intro, description, image alt, SEO), a ``level``
(title, description) and a ``lesson`` (slug, title, description, the poster's alt text). An
entry's key is the course's, level's or lesson's key. The order, the free previews and the
prices, and how long a lesson lasts (its video's length unless minutes are typed in):
``academy.editable_outline``; new levels and lessons: ``academy.editable_create``.

A publish republishes the pages that show the course, level or lesson (``course:2``,
``level:5``, ``lesson:9``: ``academy.page_families``, and the pages whose blocks show courses or
levels). A renamed course or lesson slug keeps its old paths working (301)."""

from __future__ import annotations

from dataclasses import replace
from typing import Annotated, Any

from pydantic import Field
from tortoise.models import Model

from splash.academy.models import (
    Course,
    CourseText,
    Lesson,
    LessonText,
    LessonVideo,
    Level,
    LevelText,
)
from splash.academy.pages import course_at, course_path, lesson_path
from splash.content.schemas import RichNode
from splash.core.errors import NotFoundError, ValidationError
from splash.core.route_table import RouteTable
from splash.core.schemas import RequestBody
from splash.editing.editable import Applied, Document, EntrySummary, Preview
from splash.editing.slugs import SLUG_PATTERN
from splash.staff.vocabulary import Permission

SLUG_LENGTH = 120  # the texts' column
Slug = Annotated[str, Field(max_length=SLUG_LENGTH, pattern=f"^$|{SLUG_PATTERN}")]


def empty_texts(document: Document, *names: str) -> list[str]:
    return [name for name in names if not str(document.get(name) or "").strip()]


def longest_slug(document: Document) -> str:
    """The document's slug; 400 ``slug`` past 120 characters (one made from a long title)."""
    slug = str(document.get("slug") or "")
    if len(slug) > SLUG_LENGTH:
        raise ValidationError.for_field(["slug"], f"A slug is at most {SLUG_LENGTH} characters")
    return slug


async def _course(key: str) -> Course:
    found = await Course.get_or_none(key=key)
    if found is None:
        raise NotFoundError(f"No course {key!r}")
    return found


async def _course_slug(course_id: int, locale: str) -> str | None:
    text = await CourseText.get_or_none(course_id=course_id, locale=locale)
    return text.slug if text else None


class _Texts:
    """What the course, level and lesson texts share: edited per language by editors, never
    taken off the site (edited instead), listed in the academy's order with each entry's title
    in the language asked (or another language's, marked untranslated)."""

    permission = Permission.CONTENT
    localized = True
    noun: str  # "course": its texts' column ``course_id``, the refusal's wording
    model: type[Model]
    texts: type[Model]
    order: tuple[str, ...]  # the entries' order

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        raise ValidationError.for_field(
            ["locale"], f"A {self.noun}'s texts stay: edit them instead"
        )

    async def entries(self, locale: str) -> list[EntrySummary]:
        keys = await self.model.all().order_by(*self.order).values_list("id", "key")
        by_id: dict[int, list[Any]] = {}
        for text in await self.texts.all():
            by_id.setdefault(getattr(text, f"{self.noun}_id"), []).append(text)
        found = []
        for row_id, key in keys:
            own = next((t for t in by_id.get(row_id, []) if t.locale == locale), None)
            shown = own or next(iter(by_id.get(row_id, [])), None)
            title = shown.title if shown else key
            found.append(EntrySummary(key, title, own is not None, own is not None, id=row_id))
        return found


class CourseDocument(RequestBody):
    title: str = Field(default="", max_length=160)
    slug: Slug = ""
    intro: str = Field(default="", max_length=400)
    description: list[RichNode] = Field(default_factory=list, max_length=200)
    image_alt: str = Field(default="", max_length=200)
    seo_title: str = Field(default="", max_length=160)
    seo_description: str = Field(default="", max_length=320)


class Courses(_Texts):
    document = CourseDocument
    noun, model, texts, order = "course", Course, CourseText, ("position", "id")

    async def live(self, key: str, locale: str) -> Document | None:
        text = await CourseText.get_or_none(course__key=key, locale=locale)
        if text is None:
            return None
        return {
            "title": text.title,
            "slug": text.slug,
            "intro": text.intro,
            "description": text.description,
            "imageAlt": text.image_alt,
            "seoTitle": text.seo_title,
            "seoDescription": text.seo_description,
        }

    def missing(self, document: Document, locale: str) -> list[str]:
        description = [] if document.get("description") else ["description"]
        return (
            empty_texts(document, "title", "intro")
            + description
            + empty_texts(document, "imageAlt")
        )

    async def check(self, key: str, locale: str, document: Document) -> None:
        course = await _course(key)
        slug = longest_slug(document)
        taken = CourseText.filter(locale=locale, slug=slug).exclude(course_id=course.id)
        if slug and await taken.exists():
            raise ValidationError.for_field(["slug"], f"The slug {slug!r} is taken here")

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        course = await _course(key)
        columns = {
            "title": document["title"],
            "slug": document["slug"],
            "intro": document["intro"],
            "description": document.get("description", []),
            "image_alt": document.get("imageAlt", ""),
            "seo_title": document.get("seoTitle") or document["title"],
            "seo_description": document.get("seoDescription") or document["intro"],
        }
        old = await _course_slug(course.id, locale)
        await CourseText.update_or_create(course_id=course.id, locale=locale, defaults=columns)
        moved = await _course_moves(course, locale, old, document["slug"], table)
        return Applied([f"course:{course.id}"], moved)

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        """The live course page with the draft's texts (at its live path)."""
        slug = await _course_slug((await _course(key)).id, locale)
        live = await course_at(locale, slug, table) if slug else None
        if slug is None or live is None:
            return Preview("/")
        title, intro = document.get("title") or "", document.get("intro") or ""
        entity = {
            **live,
            "title": title,
            "intro": intro,
            "description": document.get("description", []),
            "image": {**live["image"], "alt": document.get("imageAlt", "")},
            "seo": {
                **live["seo"],
                "title": document.get("seoTitle") or title,
                "description": document.get("seoDescription") or intro,
            },
        }
        return Preview(course_path(table, locale, slug), "course", entity)


async def _course_moves(
    course: Course, locale: str, old: str | None, new: str, table: RouteTable
) -> list[tuple[str, str]]:
    """The course's page and each of its lessons' pages, old path → new, when its slug moved."""
    if old is None or old == new:
        return []
    moved = [(course_path(table, locale, old), course_path(table, locale, new))]
    lessons = await LessonText.filter(lesson__level__course_id=course.id, locale=locale)
    return moved + [
        (lesson_path(table, locale, old, t.slug), lesson_path(table, locale, new, t.slug))
        for t in lessons
    ]


class LevelDocument(RequestBody):
    title: str = Field(default="", max_length=160)
    description: str = Field(default="", max_length=600)


class Levels(_Texts):
    document = LevelDocument
    noun, model, texts, order = "level", Level, LevelText, ("course_id", "position", "id")

    async def live(self, key: str, locale: str) -> Document | None:
        text = await LevelText.get_or_none(level__key=key, locale=locale)
        return {"title": text.title, "description": text.description} if text else None

    def missing(self, document: Document, locale: str) -> list[str]:
        return empty_texts(document, "title", "description")

    async def check(self, key: str, locale: str, document: Document) -> None:
        if not await Level.exists(key=key):
            raise NotFoundError(f"No level {key!r}")

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        level = await Level.get(key=key)
        columns = {"title": document["title"], "description": document["description"]}
        await LevelText.update_or_create(level_id=level.id, locale=locale, defaults=columns)
        return Applied([f"level:{level.id}"])

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        level = await Level.get_or_none(key=key)
        slug = await _course_slug(level.course_id, locale) if level else None  # type: ignore[attr-defined]
        return Preview(course_path(table, locale, slug) if slug else "/")


class LessonDocument(RequestBody):
    title: str = Field(default="", max_length=160)
    slug: Slug = ""
    description: str = Field(default="", max_length=1000)
    poster_alt: str = Field(default="", max_length=200)  # empty: a poster with nothing to read


class Lessons(_Texts):
    document = LessonDocument
    noun, model, texts, order = "lesson", Lesson, LessonText, ("level_id", "position", "id")

    async def live(self, key: str, locale: str) -> Document | None:
        text = await LessonText.get_or_none(lesson__key=key, locale=locale).select_related("lesson")
        if text is None:
            return None
        alts = text.lesson.poster.get("alt") or {}
        return {
            "title": text.title,
            "slug": text.slug,
            "description": text.description,
            "posterAlt": alts.get(locale, "") if isinstance(alts, dict) else "",
        }

    def missing(self, document: Document, locale: str) -> list[str]:
        return empty_texts(document, "title", "description")

    async def check(self, key: str, locale: str, document: Document) -> None:
        lesson = await _lesson(key)
        slug = longest_slug(document)
        course_id = lesson.level.course_id  # type: ignore[attr-defined]
        taken = LessonText.filter(
            locale=locale, slug=slug, lesson__level__course_id=course_id
        ).exclude(lesson_id=lesson.id)
        if slug and await taken.exists():
            raise ValidationError.for_field(["slug"], f"Another lesson of the course is {slug!r}")

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        lesson = await _lesson(key)
        old = await LessonText.get_or_none(lesson_id=lesson.id, locale=locale)
        columns = {k: document[k] for k in ("title", "slug", "description")}
        await LessonText.update_or_create(lesson_id=lesson.id, locale=locale, defaults=columns)
        alts = lesson.poster.get("alt") if isinstance(lesson.poster.get("alt"), dict) else {}
        alt = document.get("posterAlt", "")
        lesson.poster = {**lesson.poster, "alt": {**(alts or {}), locale: alt}}
        await lesson.save(update_fields=["poster"])
        course_slug = await _course_slug(lesson.level.course_id, locale)  # type: ignore[attr-defined]
        moved = []
        if old is not None and course_slug and old.slug != document["slug"]:
            moved = [
                (
                    lesson_path(table, locale, course_slug, old.slug),
                    lesson_path(table, locale, course_slug, document["slug"]),
                )
            ]
        return Applied([f"lesson:{lesson.id}"], moved)

    async def entries(self, locale: str) -> list[EntrySummary]:
        """Each lesson with its video's length (what its minutes are when none are typed)."""
        found = await super().entries(locale)
        lengths = dict(await LessonVideo.all().values_list("lesson_id", "duration_ms"))
        return [replace(entry, video_ms=lengths.get(entry.id)) for entry in found]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        lesson = await _lesson(key)
        course_slug = await _course_slug(lesson.level.course_id, locale)  # type: ignore[attr-defined]
        text = await LessonText.get_or_none(lesson_id=lesson.id, locale=locale)
        if course_slug is None or text is None:
            return Preview("/")
        return Preview(lesson_path(table, locale, course_slug, text.slug))


async def _lesson(key: str) -> Lesson:
    found = await Lesson.get_or_none(key=key).select_related("level")
    if found is None:
        raise NotFoundError(f"No lesson {key!r}")
    return found
