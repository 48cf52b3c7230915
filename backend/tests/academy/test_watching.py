"""What one parent has of some lessons (splash/academy/watching.py): owned and watched, in one
statement."""

from __future__ import annotations

from datetime import UTC, datetime

from splash.academy.models import LessonProgress
from splash.academy.watching import Watching, watching
from testkit.factories import create_test_user
from tests.academy.support import owning
from tests.support import counting_statements


async def test_what_a_parent_owns_and_watched(course, parent):
    first, second, third, fourth = course.lesson_ids()
    await owning(parent, "LEVEL-1")  # the first two lessons
    await LessonProgress.create(user=parent, lesson_id=second, position_ms=4000)
    await LessonProgress.create(
        user=parent, lesson_id=third, position_ms=9000, completed_at=datetime.now(UTC)
    )
    other = await create_test_user("ander@example.com", "Zwemmen-2026")
    await LessonProgress.create(user=other, lesson_id=fourth, position_ms=1000)

    with counting_statements() as statements:
        mine = await watching(parent.id, [first, second, third, fourth])

    assert len(statements) == 1
    assert mine.owned == {first, second}
    assert {lesson: row.position_ms for lesson, row in mine.progress.items()} == {
        second: 4000,
        third: 9000,
    }
    assert mine.progress[third].completed_at is not None
    assert mine.progress[second].completed_at is None


async def test_no_lessons_ask_nothing(database):
    with counting_statements() as statements:
        assert await watching(1, []) == Watching()
    assert len(statements) == 0
