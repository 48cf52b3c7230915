"""What a paid order unlocks, and what a full refund takes back (plugged into the orders domain
by ``splash.site.wiring``: ``grant``, ``revoke``, ``WHERE_UNLOCKED``).

- a digital line (a lesson, a level, the bundle) → the lessons its offer unlocks (``purchase``);
- a physical line (a float suit) → the lessons that come free with its product (``suit_gift``).

One Entitlement row per (user, lesson, order), inserted only when missing: the insert ignores a
row that exists (the unique key; ``INSERT … ON CONFLICT DO NOTHING`` on PostgreSQL, ``INSERT OR
IGNORE`` on SQLite), so duplicate paid webhooks racing each other grant once and never abort the
webhook's transaction. A refund deletes that order's rows only (a studio refund of some lines:
the lessons those lines unlock and the order's other lines do not): a lesson another order
granted stays. The confirmation e-mail links to the course page of what an order unlocked.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tortoise.queryset import ValuesListQuery, ValuesQuery

from splash.academy import course_trees, pages
from splash.academy.models import Entitlement, FreeLesson
from splash.academy.vocabulary import GrantSource
from splash.catalog import services as catalog
from splash.catalog.vocabulary import ProductType
from splash.orders import services as orders
from splash.orders.services import Order, OrderLine


def _granted(user_id: int, order_id: int | None) -> dict[str, int]:
    return {"user_id": user_id} if order_id is None else {"user_id": user_id, "order_id": order_id}


def grant_of(user_id: int, lesson_id: int, order_id: int | None = None) -> ValuesQuery[Any]:
    """One entitlement's id that lets the user (by ``order_id`` only: a device pass) watch the
    lesson, as a subquery (none: locked)."""
    found = Entitlement.filter(**_granted(user_id, order_id), lesson_id=lesson_id)
    return found.limit(1).values("id")


async def owned_lessons(
    user_id: int | None, lesson_ids: Sequence[int], order_id: int | None = None
) -> set[int]:
    """The lessons among ``lesson_ids`` the user may watch because an order granted them (with
    ``order_id``: that order only — what a device pass may watch)."""
    if user_id is None or not lesson_ids:
        return set()
    rows = await Entitlement.filter(
        **_granted(user_id, order_id), lesson_id__in=list(lesson_ids)
    ).values_list("lesson_id", flat=True)
    return set(rows)  # type: ignore[arg-type]


async def device_lessons(device: orders.DeviceOrder | None, lesson_ids: Sequence[int]) -> set[int]:
    """The lessons among ``lesson_ids`` a live device pass may watch: what its order granted."""
    if device is None:
        return set()
    return await owned_lessons(device.user_id, lesson_ids, device.order_id)


async def unlocked_by(lines: Sequence[OrderLine]) -> dict[int, GrantSource]:
    """Lesson id → why the lines unlock it (a purchase wins over a suit's gift)."""
    digital = [line.variant_id for line in lines if line.product_type is ProductType.DIGITAL]
    physical = [line.variant_id for line in lines if line.product_type is ProductType.PHYSICAL]
    found: dict[int, GrantSource] = {}
    if physical:
        products = await catalog.product_ids_of_variants(physical)
        gifts = await FreeLesson.filter(product_id__in=set(products.values())).values_list(
            "lesson_id", flat=True
        )
        found.update(dict.fromkeys(gifts, GrantSource.SUIT_GIFT))  # type: ignore[arg-type]
    for tree in await course_trees.trees_of_variants(digital) if digital else []:
        for variant_id in digital:
            unlocked = tree.unlocks(variant_id)
            if unlocked:
                found.update(dict.fromkeys(unlocked[1], GrantSource.PURCHASE))
    return found


async def grant(order: Order, lines: list[OrderLine]) -> None:
    unlocked = await unlocked_by(lines)
    user_id = order.user_id  # type: ignore[attr-defined]
    if not unlocked or user_id is None:
        return
    await Entitlement.bulk_create(
        [
            Entitlement(user_id=user_id, lesson_id=lesson_id, order_id=order.id, source=source)
            for lesson_id, source in sorted(unlocked.items())
        ],
        ignore_conflicts=True,
    )


async def revoke(order: Order, lines: Sequence[OrderLine] | None) -> None:
    """The lessons ``lines`` unlocked that the order's other lines do not (``None``: all the
    order granted)."""
    granted = Entitlement.filter(order_id=order.id)
    if lines is None:
        await granted.delete()
        return
    given_back = {line.id for line in lines}
    kept = [line for line in await OrderLine.filter(order_id=order.id) if line.id not in given_back]
    lessons = set(await unlocked_by(lines)) - set(await unlocked_by(kept))
    if lessons:
        await granted.filter(lesson_id__in=sorted(lessons)).delete()


def _course_of_first_unlocked(order_id: int, locale: str) -> ValuesListQuery[Any]:
    """The slug, in ``locale``, of the course of the first lesson the order unlocked."""
    return (
        Entitlement.filter(order_id=order_id, lesson__level__course__texts__locale=locale)
        .order_by("lesson_id")
        .limit(1)
        .values_list("lesson__level__course__texts__slug", flat=True)
    )


# The confirmation e-mail and the order's page link to the course page of what an order unlocked.
WHERE_UNLOCKED = orders.WhereUnlocked(_course_of_first_unlocked, pages.course_path)
