"""Seeding the academy from fixture files: the course's digital product with one variant per
offer, the course, levels, lessons, texts, offers and free lessons; twice is the same as once;
a missing text fails with a line naming the file and the lesson."""

from __future__ import annotations

import shutil

import pytest
import yaml

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
from splash.academy.seed import seed_academy
from splash.academy.vocabulary import OfferKind
from splash.catalog.models import Product, ProductText, ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.core.fixtures import FixtureError
from splash.site.seed import seed_all
from tests.academy.support import DATA

LOCALES = ["nl", "en", "de", "es", "fr", "sv"]


async def counts() -> dict[str, int]:
    models = (Course, CourseText, Level, LevelText, Lesson, LessonText, Offer, FreeLesson)
    return {model.__name__: await model.all().count() for model in models}


async def test_the_course_is_sold_as_variants_of_a_digital_product_without_shop_texts(course):
    product = await Product.get(key="academy-learn-to-swim")
    assert product.type is ProductType.DIGITAL
    assert await ProductText.filter(product=product).count() == 0  # never listed in the shop
    variants = await ProductVariant.filter(product=product).order_by("position")
    assert [(v.sku, v.price) for v in variants] == [
        ("ACADEMY-LEARN-TO-SWIM-BUNDLE", 1595),
        ("ACADEMY-LEARN-TO-SWIM-LEVEL-1", 895),
        ("ACADEMY-LEARN-TO-SWIM-LESSON-1-1", 495),
        ("ACADEMY-LEARN-TO-SWIM-LESSON-1-2", 495),
        ("ACADEMY-LEARN-TO-SWIM-LEVEL-2", 895),
        ("ACADEMY-LEARN-TO-SWIM-LESSON-2-1", 495),
        ("ACADEMY-LEARN-TO-SWIM-LESSON-2-2", 495),
    ]
    offers = {o.variant_id: o for o in await Offer.all()}  # type: ignore[attr-defined]
    assert [offers[v.id].kind for v in variants] == [
        OfferKind.BUNDLE,
        OfferKind.LEVEL,
        OfferKind.LESSON,
        OfferKind.LESSON,
        OfferKind.LEVEL,
        OfferKind.LESSON,
        OfferKind.LESSON,
    ]


async def test_the_tree_holds_levels_lessons_texts_and_the_free_lessons_of_both_suits(course):
    assert [level.level.key for level in course.levels] == ["level-1", "level-2"]
    assert [node.lesson.key for node in course.lessons()] == [
        "level-1-lesson-1",
        "level-1-lesson-2",
        "level-2-lesson-1",
        "level-2-lesson-2",
    ]
    assert course.free_with_suit == frozenset(course.levels[0].lesson_ids())
    assert await FreeLesson.all().count() == 4  # two lessons, two float suits
    assert sorted(await CourseText.all().values_list("locale", flat=True)) == sorted(LOCALES)
    de = await LessonText.get(lesson_id=course.lessons()[0].lesson.id, locale="de")
    assert (de.slug, de.title) == ("blubbern", "Blubbern")
    assert course.lessons()[0].lesson.poster["alt"]["sv"] == "Ett barn blåser bubblor i vattnet"


async def test_seeding_twice_changes_nothing(course):
    before = await counts()
    await seed_academy(DATA, LOCALES)
    assert await counts() == before
    assert before["Lesson"] == 4 and before["LessonText"] == 24 and before["Offer"] == 7


async def test_a_lesson_without_a_text_in_one_locale_fails_seeding_and_writes_nothing(
    seeded, tmp_path
):
    await Course.all().delete()
    root = tmp_path / "fixtures"
    shutil.copytree(DATA, root)
    sv = yaml.safe_load((root / "sv" / "academy.yaml").read_text(encoding="utf-8"))
    del sv["courses"]["learn-to-swim"]["lessons"]["level-2-lesson-2"]
    (root / "sv" / "academy.yaml").write_text(yaml.safe_dump(sv), encoding="utf-8")

    with pytest.raises(
        FixtureError, match=r"sv/academy\.yaml: no texts for lesson level-2-lesson-2"
    ):
        await seed_academy(root, LOCALES)
    assert await Course.all().count() == 0


async def test_a_free_lesson_naming_an_unknown_product_fails_seeding(seeded, tmp_path):
    await Course.all().delete()
    root = tmp_path / "fixtures"
    shutil.copytree(DATA, root)
    academy = yaml.safe_load((root / "academy.yaml").read_text(encoding="utf-8"))
    academy["courses"][0]["levels"][0]["freeWithProducts"] = ["splash-kite"]
    (root / "academy.yaml").write_text(yaml.safe_dump(academy), encoding="utf-8")

    with pytest.raises(FixtureError, match=r"no product\(s\) \['splash-kite'\]"):
        await seed_academy(root, LOCALES)
    assert await Course.all().count() == 0


def shop_fixtures(settings, tmp_path):
    """A copy of the shop's fixtures without their academy (files the tests then choose)."""
    root = tmp_path / "fixtures"
    shutil.copytree(settings.fixtures_dir, root)
    for locale in ["", *LOCALES]:
        (root / locale / "academy.yaml").unlink(missing_ok=True)
    return root


async def test_the_shop_seed_loads_the_academy_after_the_catalog(database, settings, tmp_path):
    root = shop_fixtures(settings, tmp_path)
    shutil.copy(DATA / "academy.yaml", root / "academy.yaml")
    for locale in LOCALES:
        shutil.copy(DATA / locale / "academy.yaml", root / locale / "academy.yaml")
    shop = settings.model_copy(update={"fixtures_dir": root})

    counts = await seed_all(shop)
    again = await seed_all(shop, only_empty_parts=True)

    assert (counts["courses"], counts["lessons"]) == (1, 4)
    assert "courses" not in again
    assert await FreeLesson.all().count() == 4


async def test_a_shop_without_academy_fixtures_seeds_no_academy(database, settings, tmp_path):
    root = shop_fixtures(settings, tmp_path)

    counts = await seed_all(settings.model_copy(update={"fixtures_dir": root}))

    assert "courses" not in counts and await Course.all().count() == 0
