"""A course as one tree — levels, lessons, the offers that unlock them and their list prices —
with the texts of one locale when asked, in one statement. What the describer, the grants, the
published pages and a parent's view all start from."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from pypika_tortoise.queries import QueryBuilder, Table
from pypika_tortoise.terms import Criterion, EmptyCriterion
from tortoise.models import Model

from splash.academy.models import (
    Course,
    CourseText,
    FreeLesson,
    Lesson,
    LessonText,
    LessonVideo,
    Level,
    LevelText,
    Offer,
)
from splash.academy.offers import CoursePrices, LevelPrices
from splash.academy.vocabulary import OfferKind
from splash.core import db


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
    video_ms: int | None  # how long it lasts: its minutes typed in, else its video's; None: neither


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


def _list(offer: OfferRow | None) -> int:
    return offer.list_price if offer else 0


@dataclass(frozen=True)
class Texts:
    """One locale's texts of a course tree, by id."""

    course: CourseText
    levels: dict[int, LevelText] = field(default_factory=dict)
    lessons: dict[int, LessonText] = field(default_factory=dict)


LocalizedTree = tuple[CourseTree, Texts | None]  # None: the course has no texts in that locale


@dataclass(frozen=True)
class _Part:
    """One storey of the tree statement: a node's table, its texts and its offer (the offer and
    the texts name the node in their column ``key``)."""

    alias: str
    model: type[Model]
    text: type[Model]
    kind: OfferKind
    key: str

    @property
    def table(self) -> Table:
        return db.table(self.model, self.alias)

    @property
    def text_table(self) -> Table:
        return db.table(self.text, f"{self.alias}_text")


COURSE = _Part("course", Course, CourseText, OfferKind.BUNDLE, "course_id")
LEVEL = _Part("level", Level, LevelText, OfferKind.LEVEL, "level_id")
LESSON = _Part("lesson", Lesson, LessonText, OfferKind.LESSON, "lesson_id")


def _statement(locale: str | None, where: Criterion | EmptyCriterion) -> QueryBuilder:
    """A row per lesson (per level without lessons, per course without levels) with its level
    and course, each node's offer and list price, whether the lesson comes free with a suit,
    how long its video lasts, and with ``locale`` each node's texts there."""
    query = db.sql_query()
    course, level, lesson = COURSE.table, LEVEL.table, LESSON.table
    video = db.table(LessonVideo, "video")
    # The catalog's variants, reached through the offer's relation (never the catalog's models).
    variants: type[Model] = Offer._meta.fields_map["variant"].related_model  # type: ignore[attr-defined]
    gifts = db.table(FreeLesson, "gift")
    free = query.from_(gifts).select(gifts.lesson_id).distinct().as_("free")
    statement = (
        query.from_(course)
        .left_join(level)
        .on(level.course_id == course.id)
        .left_join(lesson)
        .on(lesson.level_id == level.id)
        .left_join(free)
        .on(free.lesson_id == lesson.id)
        .left_join(video)
        .on(video.lesson_id == lesson.id)
        .select(free.lesson_id.notnull().as_("free_with_suit"), video.duration_ms.as_("video_ms"))
    )
    for part, node in ((COURSE, course), (LEVEL, level), (LESSON, lesson)):
        offer, variant = (
            db.table(Offer, f"{part.alias}_offer"),
            db.table(variants, f"{part.alias}_price"),
        )
        statement = (
            statement.left_join(offer)
            .on((offer.field(part.key) == node.id) & (offer.kind == part.kind.value))
            .left_join(variant)
            .on(variant.id == offer.variant_id)
            .select(
                *db.columns(node, part.model),
                offer.variant_id.as_(f"{part.alias}_offer"),
                variant.price.as_(f"{part.alias}_price"),
            )
        )
        if locale is not None:
            text = part.text_table
            statement = (
                statement.left_join(text)
                .on((text.field(part.key) == node.id) & (text.locale == locale))
                .select(*db.columns(text, part.text))
            )
    return (
        statement.where(course.published.eq(True))
        .where(where)
        .orderby(course.position, course.id, level.position, level.id, lesson.position, lesson.id)
    )


async def _load(locale: str | None, where: Criterion | EmptyCriterion) -> list[LocalizedTree]:
    nodes: dict[str, dict[int, Any]] = {part.alias: {} for part in (COURSE, LEVEL, LESSON)}
    texts: dict[str, dict[int, Any]] = {part.alias: {} for part in (COURSE, LEVEL, LESSON)}
    offers: dict[tuple[OfferKind, int], OfferRow] = {}
    free: set[int] = set()
    video_ms: dict[int, int] = {}
    for row in await db.rows(_statement(locale, where)):
        for part in (COURSE, LEVEL, LESSON):
            node_id = row[f"{part.alias}.id"]
            if node_id is None or node_id in nodes[part.alias]:
                continue  # a lesson's row repeats its level and course
            nodes[part.alias][node_id] = db.instance(part.model, part.alias, row)
            if row[f"{part.alias}_offer"] is not None:
                price = row[f"{part.alias}_price"]
                offers[part.kind, node_id] = OfferRow(row[f"{part.alias}_offer"], part.kind, price)
            text = db.instance(part.text, f"{part.alias}_text", row) if locale else None
            if text is not None:
                texts[part.alias][node_id] = text
        if row["free_with_suit"]:
            free.add(row["lesson.id"])
        if row["video_ms"] is not None:
            video_ms[row["lesson.id"]] = row["video_ms"]
    levels, lessons = list(nodes["level"].values()), list(nodes["lesson"].values())
    found = []
    for course in nodes["course"].values():
        tree = _tree(course, levels, lessons, offers, frozenset(free), video_ms)
        text = texts["course"].get(course.id)
        found.append((tree, _texts(tree, text, texts) if text else None))
    return found


def _texts(tree: CourseTree, course: CourseText, texts: dict[str, dict[int, Any]]) -> Texts:
    return Texts(
        course,
        {
            n.level.id: texts["level"][n.level.id]
            for n in tree.levels
            if n.level.id in texts["level"]
        },
        {i: texts["lesson"][i] for i in tree.lesson_ids() if i in texts["lesson"]},
    )


def _tree(
    course: Course,
    levels: list[Level],
    lessons: list[Lesson],
    offers: dict[tuple[OfferKind, int], OfferRow],
    free: frozenset[int],
    video_ms: dict[int, int],
) -> CourseTree:
    nodes: list[LevelNode] = []
    for level in (row for row in levels if row.course_id == course.id):  # type: ignore[attr-defined]
        own = [row for row in lessons if row.level_id == level.id]  # type: ignore[attr-defined]
        nodes.append(
            LevelNode(
                level,
                len(nodes) + 1,
                [
                    LessonNode(
                        lesson,
                        number,
                        offers.get((OfferKind.LESSON, lesson.id)),
                        lesson.minutes * 60_000 if lesson.minutes else video_ms.get(lesson.id),
                    )
                    for number, lesson in enumerate(own, 1)
                ],
                offers.get((OfferKind.LEVEL, level.id)),
            )
        )
    course_free = frozenset(
        node.lesson.id for level in nodes for node in level.lessons if node.lesson.id in free
    )
    return CourseTree(course, nodes, offers.get((OfferKind.BUNDLE, course.id)), course_free)


async def localized(
    locale: str | None, course_ids: Iterable[int] | None = None
) -> list[LocalizedTree]:
    """The published courses (only ``course_ids`` when given), in course order, with their
    texts in ``locale`` (none asked when None)."""
    wanted = None if course_ids is None else list(course_ids)
    if wanted == []:
        return []
    every = await _every(locale) if wanted is None else None
    if every is not None:
        return every
    return await _load(locale, EmptyCriterion() if wanted is None else COURSE.table.id.isin(wanted))


async def _every(locale: str | None) -> list[LocalizedTree] | None:
    """Every published course with its texts in ``locale``, read at the first call in a
    :func:`db.read_once` block (publishing: each course and lesson page, each page whose
    blocks show courses); None outside one."""
    return await db.once(f"academy.courses:{locale}", lambda: _load(locale, EmptyCriterion()))


async def localized_of_variants(
    variant_ids: Iterable[int], locale: str | None
) -> list[LocalizedTree]:
    """The published courses whose offers are sold as any of these variants, with their texts
    in ``locale`` (none asked when None)."""
    wanted = list(variant_ids)
    if not wanted:
        return []
    offers = db.table(Offer, "sold")
    sold = (
        db.sql_query().from_(offers).select(offers.course_id).where(offers.variant_id.isin(wanted))
    )
    return await _load(locale, COURSE.table.id.isin(sold))


async def localized_at(locale: str, slug: str) -> tuple[CourseTree, Texts] | None:
    """The published course whose slug in ``locale`` is ``slug``, with its texts there."""
    every = await _every(locale)
    if every is not None:
        return next(((tree, t) for tree, t in every if t and t.course.slug == slug), None)
    found = await _load(locale, COURSE.text_table.slug == slug)
    if not found:
        return None
    tree, texts = found[0]
    return (tree, texts) if texts else None


async def trees(course_ids: Iterable[int] | None = None) -> list[CourseTree]:
    return [tree for tree, _ in await localized(None, course_ids)]


async def trees_of_variants(variant_ids: Iterable[int]) -> list[CourseTree]:
    return [tree for tree, _ in await localized_of_variants(variant_ids, None)]
