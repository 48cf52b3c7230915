"""Rows the video tests stand on: a course with lessons (and their packaged video), parents who
own a lesson through a paid order. The academy's own seed is another part's; these are the
fewest rows the key and the import need, under keys of their own (``video-test-…``) so that
they sit beside the seeded fixture lessons."""

from __future__ import annotations

from splash.academy.models import Course, Entitlement, Lesson, LessonVideo, Level
from splash.academy.vocabulary import GrantSource
from splash.accounts.models import User
from splash.catalog.models import Product
from splash.catalog.vocabulary import ProductType
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from testkit.factories import create_order, create_test_user

KEY_HEX = "00112233445566778899aabbccddeeff"


async def lesson(key: str = "video-test-lesson", *, free_preview: bool = False) -> Lesson:
    product, _ = await Product.get_or_create(
        key="academy-learn-to-swim", defaults={"type": ProductType.DIGITAL}
    )
    course, _ = await Course.get_or_create(key="learn-to-swim", defaults={"product": product})
    level, _ = await Level.get_or_create(key="level-1", defaults={"course": course})
    position = await Lesson.filter(level=level).count()
    return await Lesson.create(level=level, key=key, position=position, free_preview=free_preview)


async def lesson_with_video(
    key: str = "video-test-lesson", *, free_preview: bool = False
) -> Lesson:
    found = await lesson(key, free_preview=free_preview)
    await video_of(found.id, f"videos/{key}/0123456789abcdef", ["nl", "en"])
    return found


async def video_of(
    lesson_id: int, prefix: str, captions: list[str], duration_ms: int = 8000
) -> LessonVideo:
    """A lesson's packaged video row (its files are not written)."""
    return await LessonVideo.create(
        lesson_id=lesson_id,
        prefix=prefix,
        key_hex=KEY_HEX,
        duration_ms=duration_ms,
        width=1280,
        height=720,
        captions=captions,
    )


async def owner_of(found: Lesson, email: str = "eigenaar@example.com") -> User:
    """A parent whose paid float-suit order gave them the lesson (needs the seeded catalog)."""
    user = await create_test_user(email, "Zwemmen-2026")
    order = await create_order(
        user, [("SPL-FS-BLUE-M", 1)], status=OrderStatus.PAID, payment_status=PaymentStatus.PAID
    )
    await Entitlement.create(user=user, lesson=found, order=order, source=GrantSource.SUIT_GIFT)
    return user
