"""A course as one tree — levels, lessons, the offers that unlock them and their list prices —
loaded in a fixed number of queries, plus the texts of one locale. What the describer, the
grants, the published pages and a parent's view all start from."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tortoise.expressions import RawSQL

from splash.academy.models import (
    Course,
    CourseText,
    FreeLesson,
    Lesson,
    LessonText,
    Level,
    LevelText,
    Offer,
)
from splash.academy.offers import CoursePrices, LevelPrices
from splash.academy.vocabulary import OfferKind


@dataclass(frozen=True)
class OfferRow:
    variant_id: int
    kind: OfferKind
    list_price: int  # cents: the catalog variant's price


@dataclass(frozen=True)
class LessonNode:
    lesson: Lesson
    number: int  # 1-based within its level
    offer: OfferRow | None


@dataclass(frozen=True)
class LevelNode:
    level: Level
    number: int  # 1-based within the course
    lessons: list[LessonNode]
    offer: OfferRow | None

    def lesson_ids(self) -> list[int]:
        return [node.lesson.id for node in self.lessons]


@dataclass(frozen=True)
class CourseTree:
    course: Course
    levels: list[LevelNode]
    bundle: OfferRow | None
    free_with_suit: frozenset[int]  # lessons that come free with some product

    def lessons(self) -> list[LessonNode]:
        return [node for level in self.levels for node in level.lessons]

    def lesson_ids(self) -> list[int]:
        return [node.lesson.id for node in self.lessons()]

    def prices(self) -> CoursePrices:
        return CoursePrices(
            _list(self.bundle),
            [
                LevelPrices(
                    _list(level.offer),
                    {node.lesson.id: _list(node.offer) for node in level.lessons},
                )
                for level in self.levels
            ],
        )

    def unlocks(self, variant_id: int) -> tuple[OfferRow, list[int]] | None:
        """The offer sold as this variant and the lessons it unlocks, or None."""
        if self.bundle and self.bundle.variant_id == variant_id:
            return self.bundle, self.lesson_ids()
        for level in self.levels:
            if level.offer and level.offer.variant_id == variant_id:
                return level.offer, level.lesson_ids()
            for node in level.lessons:
                if node.offer and node.offer.variant_id == variant_id:
                    return node.offer, [node.lesson.id]
        return None


# Whether a lesson comes free with some product, asked beside the lesson (no second query).
FREE_WITH_SUIT = RawSQL(
    f'EXISTS (SELECT 1 FROM "{FreeLesson._meta.db_table}" '
    f'WHERE "lesson_id" = "{Lesson._meta.db_table}"."id")'
)


def _list(offer: OfferRow | None) -> int:
    return offer.list_price if offer else 0


async def trees(course_ids: Iterable[int] | None = None) -> list[CourseTree]:
    """The published courses (only ``course_ids`` when given), in course order."""
    courses = Course.filter(published=True)
    if course_ids is not None:
        courses = courses.filter(id__in=list(course_ids))
    found = await courses.order_by("position", "id")
    ids = [course.id for course in found]
    levels = await Level.filter(course_id__in=ids).order_by("position", "id")
    lessons = (
        await Lesson.filter(level__course_id__in=ids)
        .annotate(free_with_suit=FREE_WITH_SUIT)
        .order_by("position", "id")
    )
    offers = await Offer.filter(course_id__in=ids).select_related("variant")
    rows = {
        (offer.kind, _offered(offer)): OfferRow(offer.variant.id, offer.kind, offer.variant.price)
        for offer in offers
    }
    free_ids = frozenset(
        lesson.id
        for lesson in lessons
        if lesson.free_with_suit  # type: ignore[attr-defined]  # annotated
    )
    return [_tree(course, levels, lessons, rows, free_ids) for course in found]


def _offered(offer: Offer) -> int:
    """The id of what an offer unlocks: its lesson, its level or its course."""
    if offer.kind is OfferKind.LESSON:
        return offer.lesson_id  # type: ignore[attr-defined,no-any-return]
    if offer.kind is OfferKind.LEVEL:
        return offer.level_id  # type: ignore[attr-defined,no-any-return]
    return offer.course_id  # type: ignore[attr-defined,no-any-return]


def _tree(
    course: Course,
    levels: list[Level],
    lessons: list[Lesson],
    offers: dict[tuple[OfferKind, int], OfferRow],
    free: frozenset[int],
) -> CourseTree:
    nodes: list[LevelNode] = []
    for level in (row for row in levels if row.course_id == course.id):  # type: ignore[attr-defined]
        own = [row for row in lessons if row.level_id == level.id]  # type: ignore[attr-defined]
        nodes.append(
            LevelNode(
                level,
                len(nodes) + 1,
                [
                    LessonNode(lesson, number, offers.get((OfferKind.LESSON, lesson.id)))
                    for number, lesson in enumerate(own, 1)
                ],
                offers.get((OfferKind.LEVEL, level.id)),
            )
        )
    course_free = frozenset(
        node.lesson.id for level in nodes for node in level.lessons if node.lesson.id in free
    )
    return CourseTree(course, nodes, offers.get((OfferKind.BUNDLE, course.id)), course_free)


async def trees_of_variants(variant_ids: Iterable[int]) -> list[CourseTree]:
    """The courses whose offers are sold as any of these variants."""
    ids = await Offer.filter(variant_id__in=list(variant_ids)).values_list("course_id", flat=True)
    return await trees({int(str(course_id)) for course_id in ids}) if ids else []


@dataclass(frozen=True)
class Texts:
    """One locale's texts of a course tree, by id."""

    course: CourseText
    levels: dict[int, LevelText] = field(default_factory=dict)
    lessons: dict[int, LessonText] = field(default_factory=dict)


async def texts(tree: CourseTree, locale: str) -> Texts | None:
    """The course's texts in ``locale``; None when it has none there (not published there)."""
    course = await CourseText.get_or_none(course_id=tree.course.id, locale=locale)
    if course is None:
        return None
    levels = await LevelText.filter(level_id__in=[n.level.id for n in tree.levels], locale=locale)
    lessons = await LessonText.filter(lesson_id__in=tree.lesson_ids(), locale=locale)
    return Texts(
        course,
        {text.level_id: text for text in levels},  # type: ignore[attr-defined]
        {text.lesson_id: text for text in lessons},  # type: ignore[attr-defined]
    )
