"""The academy's shape and prices as the studio edits them (``splash.editing.editable.
Editable``), none of them per language (entry locale ``""``):

- ``course-outline`` (key: the course's): whether the course is on the site, its place, and
  its levels and lessons in order with which lessons are free previews. It moves what exists
  (a lesson to another level too), and how long each lesson lasts (minutes typed in, 1 to 180;
  none: its video's own length). New levels and lessons: ``academy.editable_create``.
- ``offer`` (owners only, ``Permission.SETTINGS``; key: a lesson's, a level's or, for the
  bundle, the course's key): what its unlock button costs, the list price of the offer's
  catalog variant. A buyer is still charged what ``academy.offers`` computes from it.
- ``free-lessons`` (owners only; key: a product's): the lessons every paid order of that
  product grants.

Each publish republishes the pages that show the courses it changes (``course:2``: the
course's page, its lessons' pages and the pages whose blocks show courses or levels). Free
lessons show only there (a lesson card's and level card's "free with a suit"), not on the
product pages, so they too republish the courses of the lessons given or taken back."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from splash.academy.models import Course, FreeLesson, Lesson, Level, Offer
from splash.academy.vocabulary import OfferKind
from splash.catalog import services as catalog
from splash.core.errors import NotFoundError, ValidationError
from splash.core.route_table import RouteTable
from splash.core.schemas import RequestBody
from splash.editing.editable import Applied, Document, EntrySummary, Preview
from splash.staff.vocabulary import Permission

Key = Field(max_length=64, pattern=r"^[a-z0-9][a-z0-9-]*$")
MAX_PRICE = 1_000_000  # cents


MOST_MINUTES = 180


class OutlineLesson(RequestBody):
    """A lesson in its place; ``minutes`` how long it lasts (None: its video's own length)."""

    key: str = Key
    free_preview: bool = False
    minutes: int | None = Field(default=None, ge=1, le=MOST_MINUTES, strict=True)


class OutlineLevel(RequestBody):
    key: str = Key
    lessons: list[OutlineLesson] = Field(default_factory=list, max_length=100)


class OutlineDocument(RequestBody):
    published: bool = True
    position: int = Field(default=0, ge=0, le=100_000)
    levels: list[OutlineLevel] = Field(default_factory=list, max_length=50)


async def _course(key: str) -> Course:
    found = await Course.get_or_none(key=key)
    if found is None:
        raise NotFoundError(f"No course {key!r}")
    return found


async def _outline_of(course: Course) -> Document:
    levels = await Level.filter(course_id=course.id).order_by("position", "id")
    lessons = await Lesson.filter(level__course_id=course.id).order_by("position", "id")
    return {
        "published": course.published,
        "position": course.position,
        "levels": [
            {
                "key": level.key,
                "lessons": [
                    {
                        "key": lesson.key,
                        "freePreview": lesson.free_preview,
                        "minutes": lesson.minutes,
                    }
                    for lesson in lessons
                    if lesson.level_id == level.id  # type: ignore[attr-defined]
                ],
            }
            for level in levels
        ],
    }


def _outline_keys(document: Document) -> tuple[list[str], list[str]]:
    outline = document.get("levels", [])
    levels = [level["key"] for level in outline]
    lessons = [lesson["key"] for level in outline for lesson in level.get("lessons", [])]
    return levels, lessons


class CourseOutlines:
    permission = Permission.CONTENT
    localized = False
    document = OutlineDocument

    async def live(self, key: str, locale: str) -> Document | None:
        course = await Course.get_or_none(key=key)
        return await _outline_of(course) if course else None

    def missing(self, document: Document, locale: str) -> list[str]:
        return []

    async def check(self, key: str, locale: str, document: Document) -> None:
        """Every level and lesson of the course, each once, and none of another course."""
        course = await _course(key)
        have = await _outline_of(course)
        for (wanted, held), name in zip(
            zip(_outline_keys(document), _outline_keys(have), strict=True),
            ("levels", "lessons"),
            strict=True,
        ):
            if sorted(wanted) != sorted(held):
                strange = sorted(set(wanted) - set(held)) or sorted(set(held) - set(wanted))
                duplicated = sorted({k for k in wanted if wanted.count(k) > 1})
                named = ", ".join(duplicated or strange)
                raise ValidationError.for_field(
                    ["levels"], f"Each of the course's {name} once, no other: {named}"
                )

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        course = await _course(key)
        await Course.filter(id=course.id).update(
            published=document.get("published", True), position=document.get("position", 0)
        )
        for level_position, level in enumerate(document.get("levels", [])):
            found = await Level.get(key=level["key"])
            await Level.filter(id=found.id).update(position=level_position)
            for position, lesson in enumerate(level.get("lessons", [])):
                await Lesson.filter(key=lesson["key"]).update(
                    level_id=found.id,
                    position=position,
                    free_preview=lesson.get("freePreview", False),
                    minutes=lesson.get("minutes"),
                )
        return Applied([f"course:{course.id}"])

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        course = await _course(key)
        await Course.filter(id=course.id).update(published=False)
        return Applied([f"course:{course.id}"])

    async def entries(self, locale: str) -> list[EntrySummary]:
        courses = await Course.all().order_by("position", "id")
        return [EntrySummary(c.key, c.key, c.published, True) for c in courses]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        return Preview("/")


class OfferPriceDocument(RequestBody):
    """What the offer's unlock button costs (its list price), in cents."""

    price: int = Field(gt=0, le=MAX_PRICE, strict=True)


async def _offer(key: str) -> Offer:
    """The lesson's or level's offer with this key, or the bundle of the course with it."""
    lesson = Offer.filter(kind=OfferKind.LESSON, lesson__key=key)
    level = Offer.filter(kind=OfferKind.LEVEL, level__key=key)
    bundle = Offer.filter(kind=OfferKind.BUNDLE, course__key=key)
    for query in (lesson, level, bundle):
        found = await query.select_related("variant").first()
        if found is not None:
            return found
    raise NotFoundError(f"No offer of a lesson, level or course {key!r}")


class Offers:
    """Owners only: an editor sees what an unlock costs and has no control to change it."""

    permission = Permission.SETTINGS
    localized = False
    document = OfferPriceDocument

    async def live(self, key: str, locale: str) -> Document | None:
        try:
            found = await _offer(key)
        except NotFoundError:
            return None
        return {"price": found.variant.price}

    def missing(self, document: Document, locale: str) -> list[str]:
        return []

    async def check(self, key: str, locale: str, document: Document) -> None:
        await _offer(key)

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        found = await _offer(key)
        await catalog.set_list_price(found.variant.id, document["price"])
        return Applied([f"course:{found.course_id}"])  # type: ignore[attr-defined]

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        raise ValidationError.for_field(["key"], "An offer's price cannot be taken away")

    async def entries(self, locale: str) -> list[EntrySummary]:
        rows = await Offer.all().select_related("variant", "lesson", "level", "course")
        return [EntrySummary(_offer_key(row), row.variant.sku, True, True) for row in rows]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        return Preview("/")


def _offer_key(row: Offer) -> str:
    if row.kind is OfferKind.LESSON and row.lesson is not None:
        return str(row.lesson.key)
    if row.kind is OfferKind.LEVEL and row.level is not None:
        return str(row.level.key)
    return str(row.course.key)


class FreeLessonsDocument(RequestBody):
    lessons: list[str] = Field(default_factory=list, max_length=100)


class FreeLessons:
    """Owners only: what a suit gives away."""

    permission = Permission.SETTINGS
    localized = False
    document = FreeLessonsDocument

    async def live(self, key: str, locale: str) -> Document | None:
        rows = FreeLesson.filter(product__key=key).order_by("lesson__position", "lesson_id")
        keys = await rows.values_list("lesson__key", flat=True)
        return {"lessons": list(keys)} if keys else None

    def missing(self, document: Document, locale: str) -> list[str]:
        return []

    async def check(self, key: str, locale: str, document: Document) -> None:
        await self._product_id(key)
        wanted = document.get("lessons", [])
        known = set(await Lesson.filter(key__in=wanted).values_list("key", flat=True))
        for index, lesson in enumerate(wanted):
            if lesson not in known or wanted.index(lesson) != index:
                raise ValidationError.for_field(["lessons", index], f"No lesson {lesson!r} (once)")

    async def _product_id(self, key: str) -> int:
        found = (await catalog.product_ids([key])).get(key)
        if found is None:
            raise NotFoundError(f"No product {key!r}")
        return found

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        product_id = await self._product_id(key)
        taken = await _given_courses(product_id)
        await FreeLesson.filter(product_id=product_id).delete()
        lessons = await Lesson.filter(key__in=document.get("lessons", []))
        for lesson in lessons:
            await FreeLesson.create(product_id=product_id, lesson_id=lesson.id)
        return _courses_changed(taken | await _given_courses(product_id))

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        product_id = await self._product_id(key)
        taken = await _given_courses(product_id)
        await FreeLesson.filter(product_id=product_id).delete()
        return _courses_changed(taken)

    async def entries(self, locale: str) -> list[EntrySummary]:
        keys = await catalog.physical_product_keys()
        given: set[Any] = set(await FreeLesson.all().values_list("product_id", flat=True))
        ids = await catalog.product_ids(keys)
        return [EntrySummary(key, key, ids[key] in given, True) for key in keys]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        return Preview("/")


async def _given_courses(product_id: int) -> set[int]:
    """The courses of the lessons the product gives away."""
    course = "lesson__level__course_id"
    return {row[course] for row in await FreeLesson.filter(product_id=product_id).values(course)}


def _courses_changed(course_ids: set[int]) -> Applied:
    return Applied([f"course:{course_id}" for course_id in sorted(course_ids)])
