"""Test set-ups live in testkit, not in the domains' production modules."""

import ast
import re
from pathlib import Path
from typing import Any

from splash.academy.models import Course, Entitlement, Lesson, LessonProgress, Level, Offer
from splash.academy.vocabulary import GrantSource, OfferKind
from splash.catalog.models import Product, ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.core import passwords
from splash.orders.models import ShippingCountry
from splash.orders.vocabulary import OrderStatus
from testkit import factories

PACKAGE = Path(__file__).resolve().parents[2] / "splash"
TESTKIT = Path(__file__).resolve().parents[2] / "testkit"
TEST_ONLY = re.compile(r"(^|_)test(_|$)")


def top_level_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef)
    return {node.name for node in tree.body if isinstance(node, kinds)}


def test_no_production_module_defines_a_test_set_up():
    found = {
        f"{path.relative_to(PACKAGE)}:{name}"
        for path in PACKAGE.rglob("*.py")
        for name in top_level_functions(path)
        if TEST_ONLY.search(name) or name in ("reset_code_for", "catalog_ids")
    }
    assert found == set()


def test_the_set_ups_are_in_the_testkit():
    defined = top_level_functions(TESTKIT / "factories.py")
    assert {"create_test_user", "reset_code_for", "catalog_ids"} <= defined
    assert factories.create_test_user.__module__ == "testkit.factories"


async def test_a_test_user_is_a_confirmed_parent_who_can_sign_in(database):
    user = await factories.create_test_user("Ouder@Example.com", "Zwemmen-2026")
    assert (user.email, user.username, user.confirmed) == (
        "ouder@example.com",
        "ouder@example.com",
        True,
    )
    assert await passwords.verify_password(user.password_hash, "Zwemmen-2026")


# ── academy ───────────────────────────────────────────────────────────────────────────────


async def _course() -> dict[str, Any]:
    """The seeded course's shape in small (an empty database, so it does not depend on the
    fixtures): two levels of two lessons, an offer per level and the bundle, each a variant of
    the course's digital product as the academy's seed makes them; and the blue M float suit and
    the Netherlands, which a suit's order needs."""
    suit = await Product.create(key="splash-float-suit")
    await ProductVariant.create(
        product=suit, sku="SPL-FS-BLUE-M", colour="blue", size="m", price=4995, stock=5
    )
    await ShippingCountry.create(iso="nl", shipping_cost=395)
    product = await Product.create(key="academy-learn-to-swim", type=ProductType.DIGITAL)
    course = await Course.create(key=factories.ACADEMY_COURSE, product=product)
    made: dict[str, Any] = {"course": course}

    async def offer(name: str, price: int, **target: Any) -> Offer:
        variant = await ProductVariant.create(
            product=product, sku=f"ACADEMY-{name}", colour="", size="", price=price, stock=1
        )
        return await Offer.create(course=course, variant=variant, **target)

    made["bundle"] = await offer("BUNDLE", 3495, kind=OfferKind.BUNDLE)
    for number in (1, 2):
        level = await Level.create(course=course, key=f"level-{number}", position=number)
        made[f"level-{number}"] = await offer(
            f"LEVEL-{number}", 1495, kind=OfferKind.LEVEL, level=level
        )
        for lesson_number in (1, 2):
            key = f"level-{number}-lesson-{lesson_number}"
            made[key] = await Lesson.create(level=level, key=key, position=lesson_number)
    return made


async def test_academy_ids_are_the_course_its_level_offers_bundle_and_second_lesson(database):
    made = await _course()

    ids = await factories.academy_ids()

    assert ids == {
        "courseId": made["course"].id,
        "level1VariantId": made["level-1"].variant_id,
        "level2VariantId": made["level-2"].variant_id,
        "bundleVariantId": made["bundle"].variant_id,
        "lessonId": made["level-1-lesson-2"].id,
    }


async def test_granting_a_level_gives_its_lessons_as_a_suits_gift_of_a_paid_order(database):
    made = await _course()
    user = await factories.create_test_user("ouder@example.com", "Zwemmen-2026")

    order = await factories.grant_level(user, "level-1")

    assert (order.status, order.user_id) == (OrderStatus.PAID, user.id)  # type: ignore[attr-defined]
    granted = (
        await Entitlement.filter(user=user).order_by("lesson_id").values_list("lesson_id", "source")
    )
    assert granted == [
        (made["level-1-lesson-1"].id, GrantSource.SUIT_GIFT),
        (made["level-1-lesson-2"].id, GrantSource.SUIT_GIFT),
    ]


async def test_watching_keeps_one_position_per_lesson_and_completes_it_when_asked(database):
    await _course()
    user = await factories.create_test_user("ouder@example.com", "Zwemmen-2026")

    await factories.watch(user, "level-1-lesson-2", 4000)
    await factories.watch(user, "level-1-lesson-2", 6000, completed=True)

    progress = await LessonProgress.filter(user=user).values(
        "lesson__key", "position_ms", "completed_at"
    )
    assert len(progress) == 1
    assert (progress[0]["lesson__key"], progress[0]["position_ms"]) == ("level-1-lesson-2", 6000)
    assert progress[0]["completed_at"] is not None
