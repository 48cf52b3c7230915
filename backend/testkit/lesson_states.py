"""Pact provider states of the lesson page and of watching right after paying (the rest are in
``states``, which serves them all)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from splash.academy import video_tokens
from splash.academy.models import Entitlement, Lesson, Level
from splash.academy.vocabulary import GrantSource
from splash.accounts import services as accounts
from splash.catalog.models import ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.core.config import Settings
from splash.orders import device_passes, payment_updates
from splash.orders.models import Payment
from splash.orders.payments.models import SandboxPayment
from splash.orders.vocabulary import PaymentStatus
from testkit.factories import (
    PARENT,
    PARENT_PASSWORD,
    academy_ids,
    create_order,
    create_test_user,
    reset_to_fixtures,
)

# --- the lesson page (Pact: frontend/tests/pact/lesson.pact.test.ts) ----------------------------
# Each state answers the lesson's id as ``lessonId`` and, where the lesson may be watched, a key
# token for it as ``keyToken`` (minted as GET /lessons/{id}/access mints it).


async def _first_level() -> Level:
    level = await Level.all().order_by("position", "id").first()
    assert level is not None, "the academy fixtures are not seeded"
    return level


def _key_token(settings: Settings, lesson_id: int, user_id: int | None) -> str:
    return video_tokens.mint(lesson_id, user_id, settings.secret_key, datetime.now(UTC))


async def parent_owns_level_1(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The confirmed parent signed in (``token``) owning every lesson of level 1, as their paid
    float-suit order grants it; ``lessonId`` is level 1's first lesson that is no free preview."""
    await reset_to_fixtures(settings, app_ctx)
    user = await create_test_user(PARENT, PARENT_PASSWORD)
    order = await create_order(user, [("SPL-FS-BLUE-M", 1)])
    lessons = await (await _first_level()).lessons.all().order_by("position", "id")
    for lesson in lessons:
        await Entitlement.create(
            user=user, lesson=lesson, order=order, source=GrantSource.SUIT_GIFT
        )
    lesson = next(lesson for lesson in lessons if not lesson.free_preview)
    return {
        "token": accounts.session_token(user, settings),
        "lessonId": lesson.id,
        "keyToken": _key_token(settings, lesson.id, user.id),
    }


async def locked_lesson_of_level_2(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures; ``lessonId`` is a lesson past level 1 that is no free preview (locked for
    a guest)."""
    await reset_to_fixtures(settings, app_ctx)
    lesson = (
        await Lesson.filter(free_preview=False)
        .exclude(level_id=(await _first_level()).id)
        .order_by("level__position", "position", "id")
        .first()
    )
    assert lesson is not None, "the academy fixtures have no locked lesson past level 1"
    return {"lessonId": lesson.id}


async def free_preview_lesson(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures; ``lessonId`` is the first free preview and ``keyToken`` a guest's key
    token for it."""
    await reset_to_fixtures(settings, app_ctx)
    lesson = (
        await Lesson.filter(free_preview=True).order_by("level__position", "position", "id").first()
    )
    assert lesson is not None, "the academy fixtures have no free preview"
    return {"lessonId": lesson.id, "keyToken": _key_token(settings, lesson.id, None)}


# --- lessons right after paying (issue 24, point 2) ---------------------------------------------


async def guest_paid_level_2_on_this_browser(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """A guest's order of level 2 (gast@example.com), paid at the test provider and brought in
    as the webhook brings it (the account made, the lessons granted): its ``slug``, the device
    pass its browser holds as ``devicePass``, the course's ``courseId`` and level 2's first lesson
    as ``lessonId``."""
    await reset_to_fixtures(settings, app_ctx)
    ids = await academy_ids()
    level_2 = await ProductVariant.get(id=ids["level2VariantId"])
    order = await create_order(
        None, [(level_2.sku, 1)], product_type=ProductType.DIGITAL, take_stock=False
    )
    device_pass = await device_passes.issue(order.id, datetime.now(UTC))
    payment = await Payment.get(order_id=order.id)
    await SandboxPayment.filter(id=payment.provider_id).update(status=PaymentStatus.PAID)
    await payment_updates.refresh(app_ctx.payments, payment.provider_id)
    lesson = await Lesson.filter(level__key="level-2").order_by("position", "id").first()
    assert lesson is not None, "the academy fixtures have no level 2"
    return {
        "slug": order.slug,
        "devicePass": device_pass,
        "courseId": ids["courseId"],
        "lessonId": lesson.id,
    }


LESSON_STATES = {
    "a signed-in parent ouder@example.com owns level 1": parent_owns_level_1,
    "a lesson of level 2 is locked for a guest": locked_lesson_of_level_2,
    "a free preview lesson exists": free_preview_lesson,
    "a guest's paid order of level 2 holds this browser's device pass": (
        guest_paid_level_2_on_this_browser
    ),
}
