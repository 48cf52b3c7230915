"""Lessons a staff member gives or takes away, with a reason, and what a customer owns and why
(the studio's customer page, a privacy export).

A grant is an Entitlement without an order: source ``granted``, who granted it and why. One
such row per user and lesson (a second grant of a lesson adds nothing). Revoking deletes one
entitlement row, whatever its source: a lesson another row also grants stays watchable."""

from __future__ import annotations

from typing import Any

from splash.academy.models import Entitlement, Lesson, LessonProgress
from splash.academy.schemas import EntitlementStudio, Grant
from splash.academy.vocabulary import GrantSource
from splash.core.errors import NotFoundError, ValidationError

_FIELDS = (
    "id",
    "lesson__key",
    "lesson__level__key",
    "lesson__level__course__key",
    "source",
    "order__order_nr",
    "granted_by__name",
    "reason",
    "granted_at",
)


def _studio(row: dict[str, Any]) -> EntitlementStudio:
    return EntitlementStudio(
        id=row["id"],
        lesson=row["lesson__key"],
        level=row["lesson__level__key"],
        course=row["lesson__level__course__key"],
        source=GrantSource(row["source"]),
        order=row["order__order_nr"],
        granted_by=row["granted_by__name"],
        reason=row["reason"],
        granted_at=row["granted_at"],
    )


async def entitlements_of(user_id: int) -> list[EntitlementStudio]:
    """Every entitlement of the user with its lesson, order and granter: one statement."""
    rows = (
        await Entitlement.filter(user_id=user_id)
        .order_by(
            "lesson__level__course__position", "lesson__level__position", "lesson__position", "id"
        )
        .values(*_FIELDS)
    )
    return [_studio(row) for row in rows]


async def lessons_named(body: Grant) -> list[Lesson]:
    """The lessons the body's one key names; an unknown key is refused naming its field."""
    if body.lesson is not None:
        field, found = "lesson", Lesson.filter(key=body.lesson)
    elif body.level is not None:
        field, found = "level", Lesson.filter(level__key=body.level)
    else:
        field, found = "course", Lesson.filter(level__course__key=body.course)
    lessons = list(await found.order_by("level__position", "position", "id"))
    if not lessons:
        raise ValidationError.for_field([field], f"No {field} with that key")
    return lessons


async def owned_keys(user_id: int, lessons: list[Lesson]) -> list[str]:
    """The keys of those lessons the user may watch (by any entitlement)."""
    owned = set(
        await Entitlement.filter(
            user_id=user_id, lesson_id__in=[lesson.id for lesson in lessons]
        ).values_list("lesson_id", flat=True)
    )
    return [lesson.key for lesson in lessons if lesson.id in owned]


async def grant(user_id: int, lessons: list[Lesson], staff_id: int, reason: str) -> list[int]:
    """Inside the caller's transaction: a granted row for each lesson without one yet; the new
    rows' ids."""
    granted = set(
        await Entitlement.filter(
            user_id=user_id, source=GrantSource.GRANTED, lesson_id__in=[x.id for x in lessons]
        ).values_list("lesson_id", flat=True)
    )
    created = [
        await Entitlement.create(
            user_id=user_id,
            lesson_id=lesson.id,
            order_id=None,
            source=GrantSource.GRANTED,
            granted_by_id=staff_id,
            reason=reason,
        )
        for lesson in lessons
        if lesson.id not in granted
    ]
    return [row.id for row in created]


async def entitlement_of(user_id: int, entitlement_id: int) -> EntitlementStudio:
    rows = await Entitlement.filter(id=entitlement_id, user_id=user_id).values(*_FIELDS)
    if not rows:
        raise NotFoundError("The customer has no such entitlement")
    return _studio(rows[0])


async def revoke(entitlement_id: int) -> None:
    await Entitlement.filter(id=entitlement_id).delete()


async def progress_of(user_id: int) -> list[dict[str, Any]]:
    """Where the user is in each lesson (a privacy export)."""
    rows = (
        await LessonProgress.filter(user_id=user_id)
        .order_by("id")
        .values("lesson__key", "position_ms", "completed_at", "updated_at")
    )
    return [
        {
            "lesson": row["lesson__key"],
            "positionMs": row["position_ms"],
            "completedAt": row["completed_at"].isoformat() if row["completed_at"] else None,
            "updatedAt": row["updated_at"].isoformat(),
        }
        for row in rows
    ]


async def forget_progress(user_id: int) -> None:
    """An erasure: what the user watched, and when, is theirs alone."""
    await LessonProgress.filter(user_id=user_id).delete()
