"""What one parent has of some lessons, in one statement: which they own (an order granted
them) and how far they watched each (where "continue where you left off" resumes)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from splash.academy.models import Entitlement, Lesson, LessonProgress
from splash.core import db


@dataclass(frozen=True)
class Watching:
    owned: set[int] = field(default_factory=set)
    progress: dict[int, LessonProgress] = field(default_factory=dict)  # by lesson id


async def watching(user_id: int, lesson_ids: Sequence[int]) -> Watching:
    """Among ``lesson_ids``, what the parent ``user_id`` owns and watched."""
    if not lesson_ids:
        return Watching()
    query = db.sql_query()
    lesson = db.table(Lesson, "lesson")
    progress, grants = db.table(LessonProgress, "progress"), db.table(Entitlement, "granted")
    owned = (
        query.from_(grants)
        .select(grants.lesson_id)
        .distinct()
        .where(grants.user_id == user_id)
        .as_("owned")
    )
    statement = (
        query.from_(lesson)
        .left_join(owned)
        .on(owned.lesson_id == lesson.id)
        .left_join(progress)
        .on((progress.lesson_id == lesson.id) & (progress.user_id == user_id))
        .select(
            lesson.id.as_("lesson"),
            owned.lesson_id.notnull().as_("owned"),
            *db.columns(progress, LessonProgress),
        )
        .where(lesson.id.isin(list(lesson_ids)))
    )
    found = Watching()
    for row in await db.rows(statement):
        if row["owned"]:
            found.owned.add(row["lesson"])
        watched = db.instance(LessonProgress, "progress", row)
        if watched is not None:
            found.progress[row["lesson"]] = watched
    return found
