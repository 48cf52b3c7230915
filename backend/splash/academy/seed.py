"""Load the academy from ``fixtures/academy.yaml`` (courses, levels, lessons, prices, free
lessons) and ``fixtures/<locale>/academy.yaml`` (texts). Checked by Pydantic before anything is
written, every locale's text of every course, level and lesson required; idempotent (rows
matched on their keys, texts on key and locale).

Each course gets a digital catalog product (``product``) with one variant per offer, so the
unlock buttons sell through the shop's cart: SKUs ``ACADEMY-<COURSE>-BUNDLE``,
``-LEVEL-<n>`` and ``-LESSON-<level>-<n>``, at the course's ``prices``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, StringConstraints
from pydantic import ValidationError as PydanticValidationError
from pydantic.alias_generators import to_camel
from tortoise.transactions import in_transaction

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
from splash.academy.vocabulary import OfferKind
from splash.catalog import services as catalog
from splash.content import services as content
from splash.core.fixtures import FixtureError, read_yaml, upsert

Key = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=64)]
Slug = Annotated[str, StringConstraints(pattern=r"^[a-z0-9]+(?:-[a-z0-9]+)*$", max_length=120)]
Price = Annotated[int, Field(gt=0, le=1_000_000)]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", alias_generator=to_camel, populate_by_name=True)


class ImageFile(Strict):
    src: Annotated[str, StringConstraints(pattern=r"^/media/[\w./-]+\.(webp|avif|jpg|png)$")]
    width: int = Field(gt=0, le=4000)
    height: int = Field(gt=0, le=4000)


class Prices(Strict):
    lesson: Price
    level: Price
    bundle: Price


class LessonFixture(Strict):
    key: Key
    free_preview: bool = False
    poster: ImageFile


class LevelFixture(Strict):
    key: Key
    free_with_products: list[Key] = []
    lessons: list[LessonFixture] = Field(min_length=1, max_length=50)


class CourseFixture(Strict):
    key: Key
    product: Key
    image: ImageFile
    prices: Prices
    levels: list[LevelFixture] = Field(min_length=1, max_length=20)


class AcademyFixture(Strict):
    courses: list[CourseFixture] = Field(min_length=1)


class Seo(Strict):
    title: str = Field(min_length=1, max_length=160)
    description: str = Field(min_length=1, max_length=320)


class LevelTextFixture(Strict):
    title: str = Field(min_length=1, max_length=160)
    description: str = Field(min_length=1, max_length=600)


class LessonTextFixture(Strict):
    slug: Slug
    title: str = Field(min_length=1, max_length=160)
    description: str = Field(min_length=1, max_length=1000)
    # A poster that shows a picture of the video and nothing to read is decorative: no alt.
    poster_alt: str = Field(default="", max_length=200)


class CourseTextFixture(Strict):
    slug: Slug
    title: str = Field(min_length=1, max_length=160)
    intro: str = Field(min_length=1, max_length=400)
    description: list[dict[str, Any]] = Field(min_length=1)
    image_alt: str = Field(min_length=1, max_length=200)
    seo: Seo
    levels: dict[str, LevelTextFixture]
    lessons: dict[str, LessonTextFixture]


class LocaleAcademyFixture(Strict):
    courses: dict[str, CourseTextFixture]


def _load(model: type[BaseModel], path: Path) -> Any:
    try:
        return model.model_validate(read_yaml(path))
    except PydanticValidationError as exc:
        raise FixtureError(f"{path}: {exc}") from exc


def has_academy(root: Path) -> bool:
    return (root / "academy.yaml").is_file()


async def seed_academy(root: Path, locales: list[str]) -> dict[str, int]:
    academy: AcademyFixture = _load(AcademyFixture, root / "academy.yaml")
    texts: dict[str, LocaleAcademyFixture] = {
        locale: _load(LocaleAcademyFixture, root / locale / "academy.yaml") for locale in locales
    }
    for locale, localized in texts.items():
        for course in academy.courses:
            _check_texts(course, localized, root / locale / "academy.yaml")
    lessons = 0
    async with in_transaction():
        for position, course in enumerate(academy.courses):
            lessons += await _seed_course(course, position, texts)
    return {"courses": len(academy.courses), "lessons": lessons}


def _check_texts(course: CourseFixture, localized: LocaleAcademyFixture, path: Path) -> None:
    """A FixtureError naming the file and what has no text there."""
    text = localized.courses.get(course.key)
    if text is None:
        raise FixtureError(f"{path}: no texts for course {course.key}")
    for level in course.levels:
        if level.key not in text.levels:
            raise FixtureError(f"{path}: no texts for level {level.key}")
        for lesson in level.lessons:
            if lesson.key not in text.lessons:
                raise FixtureError(f"{path}: no texts for lesson {lesson.key}")


def _skus(course: CourseFixture) -> dict[str, int]:
    """SKU → list price of every offer of the course: the bundle, each level, each lesson."""
    stem = f"ACADEMY-{course.key.upper()}"
    skus = {f"{stem}-BUNDLE": course.prices.bundle}
    for number, level in enumerate(course.levels, 1):
        skus[f"{stem}-LEVEL-{number}"] = course.prices.level
        for lesson_number, _ in enumerate(level.lessons, 1):
            skus[f"{stem}-LESSON-{number}-{lesson_number}"] = course.prices.lesson
    return skus


async def _seed_course(
    fixture: CourseFixture, position: int, texts: dict[str, LocaleAcademyFixture]
) -> int:
    """One course with its product, levels, lessons, offers and free lessons; its lesson count."""
    skus = _skus(fixture)
    variants = await catalog.upsert_digital_product(fixture.product, 1000 + position, skus)
    product_ids = await catalog.product_ids([fixture.product])
    course = await upsert(
        Course,
        {"key": fixture.key},
        {
            "position": position,
            "published": True,
            "image": fixture.image.model_dump(),
            "product_id": product_ids[fixture.product],
        },
    )
    stem = f"ACADEMY-{fixture.key.upper()}"
    await _offer(OfferKind.BUNDLE, course, variants[f"{stem}-BUNDLE"])
    for locale, localized in texts.items():
        text = localized.courses[fixture.key]
        await upsert(
            CourseText,
            {"course_id": course.id, "locale": locale},
            {
                "slug": text.slug,
                "title": text.title,
                "intro": text.intro,
                "description": content.checked_rich_text(
                    text.description, f"{locale}/academy.yaml {fixture.key}"
                ),
                "image_alt": text.image_alt,
                "seo_title": text.seo.title,
                "seo_description": text.seo.description,
            },
        )
    lessons = 0
    for number, level_fixture in enumerate(fixture.levels, 1):
        level = await upsert(
            Level, {"key": level_fixture.key}, {"course_id": course.id, "position": number}
        )
        await _offer(OfferKind.LEVEL, course, variants[f"{stem}-LEVEL-{number}"], level=level)
        for locale, localized in texts.items():
            level_text = localized.courses[fixture.key].levels[level_fixture.key]
            await upsert(
                LevelText,
                {"level_id": level.id, "locale": locale},
                {"title": level_text.title, "description": level_text.description},
            )
        free_with = await catalog.product_ids(level_fixture.free_with_products)
        unknown = set(level_fixture.free_with_products) - set(free_with)
        if unknown:
            raise FixtureError(f"academy.yaml {level_fixture.key}: no product(s) {sorted(unknown)}")
        for lesson_number, lesson_fixture in enumerate(level_fixture.lessons, 1):
            lesson = await _seed_lesson(lesson_fixture, level, lesson_number, fixture.key, texts)
            sku = f"{stem}-LESSON-{number}-{lesson_number}"
            await _offer(OfferKind.LESSON, course, variants[sku], lesson=lesson)
            for product_id in free_with.values():
                await upsert(FreeLesson, {"product_id": product_id, "lesson_id": lesson.id}, {})
            lessons += 1
    return lessons


async def _seed_lesson(
    fixture: LessonFixture,
    level: Level,
    position: int,
    course_key: str,
    texts: dict[str, LocaleAcademyFixture],
) -> Lesson:
    # The poster's alt text per locale rides in the poster (LessonText has no column for it).
    alts = {
        locale: localized.courses[course_key].lessons[fixture.key].poster_alt
        for locale, localized in texts.items()
    }
    lesson = await upsert(
        Lesson,
        {"key": fixture.key},
        {
            "level_id": level.id,
            "position": position,
            "free_preview": fixture.free_preview,
            "poster": {**fixture.poster.model_dump(), "alt": alts},
        },
    )
    for locale, localized in texts.items():
        text = localized.courses[course_key].lessons[fixture.key]
        await upsert(
            LessonText,
            {"lesson_id": lesson.id, "locale": locale},
            {"slug": text.slug, "title": text.title, "description": text.description},
        )
    return lesson


async def _offer(
    kind: OfferKind,
    course: Course,
    variant_id: int,
    level: Level | None = None,
    lesson: Lesson | None = None,
) -> None:
    await upsert(
        Offer,
        {"variant_id": variant_id},
        {
            "kind": kind,
            "course_id": course.id,
            "level_id": level.id if level else None,
            "lesson_id": lesson.id if lesson else None,
        },
    )
