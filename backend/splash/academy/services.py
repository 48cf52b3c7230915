"""The academy's use cases: a parent's own view of a course (what they own, where they are, what
the unlock buttons cost them), their courses for the profile, and saving their progress; and,
for the web layer, the published pages (``pages``) and the seeding check.

"Continue where you left off": the most recently watched lesson that is not completed, else the
lesson after the most recently completed one; nothing when nothing was watched or all is done.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from splash.academy import access, course_trees, pages
from splash.academy.course_trees import CourseTree, LessonNode, Texts
from splash.academy.entitlements import device_lessons, owned_lessons
from splash.academy.models import Course, Lesson, LessonProgress, LessonVideo
from splash.academy.page_families import (
    course_family_paths,
    lesson_family_paths,
    level_family_paths,
)
from splash.academy.pages import (
    PublishedCourses,
    course_at,
    lesson_at,
    published_courses,
    published_paths,
)
from splash.academy.watching import Watching, watching
from splash.core.errors import ForbiddenError, NotFoundError
from splash.core.route_table import RouteTable
from splash.orders import services as orders

__all__ = [
    "PublishedCourses",
    "academy_me",
    "course_at",
    "course_family_paths",
    "course_me",
    "course_on_device",
    "has_courses",
    "lesson_at",
    "lesson_family_paths",
    "level_family_paths",
    "published_courses",
    "published_paths",
    "save_progress",
]


async def has_courses() -> bool:
    return await Course.exists()


def _continue_node(
    nodes: list[LessonNode], progress: dict[int, LessonProgress]
) -> LessonNode | None:
    watched = sorted(
        (row for row in progress.values()), key=lambda row: (row.updated_at, row.id), reverse=True
    )
    unfinished = next((row for row in watched if row.completed_at is None), None)
    order = [node.lesson.id for node in nodes]
    if unfinished is not None:
        return nodes[order.index(unfinished.lesson_id)]  # type: ignore[attr-defined]
    done = next((row for row in watched if row.completed_at is not None), None)
    if done is None:
        return None
    after = order.index(done.lesson_id) + 1  # type: ignore[attr-defined]
    following = [node for node in nodes[after:] if node.lesson.id not in _completed(progress)]
    return following[0] if following else None


def _completed(progress: dict[int, LessonProgress]) -> set[int]:
    return {lesson for lesson, row in progress.items() if row.completed_at is not None}


def _continue_at(
    tree: CourseTree,
    texts: Texts,
    progress: dict[int, LessonProgress],
    mine: Watching,
    locale: str,
    table: RouteTable,
) -> dict[str, Any] | None:
    node = _continue_node(tree.lessons(), progress)
    if node is None:
        return None
    text = texts.lessons[node.lesson.id]
    row = progress.get(node.lesson.id)
    return {
        "lessonId": node.lesson.id,
        "title": text.title,
        "path": pages.lesson_path(table, locale, texts.course.slug, text.slug),
        "positionMs": row.position_ms if row and row.completed_at is None else 0,
        "durationMs": node.video_ms,
        "poster": pages.poster(node, locale),
        "access": access.access(node.lesson.id in mine.owned, node.lesson.free_preview).value,
    }


async def _tree(course_id: int, locale: str) -> tuple[CourseTree, Texts]:
    for tree, texts in await course_trees.localized(locale, [course_id]):
        if texts is not None:
            return tree, texts
    raise NotFoundError("Course not found")


async def course_me(user_id: int, course_id: int, locale: str, table: RouteTable) -> dict[str, Any]:
    """GET /courses/{id}/me: the course as this parent sees it."""
    tree, texts = await _tree(course_id, locale)
    mine = await watching(user_id, tree.lesson_ids())
    return _course_view(tree, texts, mine, pages.priced(tree, mine.owned), locale, table)


async def course_on_device(
    device: orders.DeviceOrder, course_id: int, locale: str, table: RouteTable
) -> dict[str, Any]:
    """GET /courses/{id}/me, signed out on the browser that paid a guest's order: what that
    order unlocked is owned; nothing else of the account shows (no progress, no other lesson),
    and the offers cost what a guest's checkout charges (list prices)."""
    tree, texts = await _tree(course_id, locale)
    owned = await device_lessons(device, tree.lesson_ids())
    offers = pages.priced_for_guest(tree, owned)
    return _course_view(tree, texts, Watching(owned=owned), offers, locale, table)


def _course_view(
    tree: CourseTree,
    texts: Texts,
    mine: Watching,
    offers: pages.Offers,
    locale: str,
    table: RouteTable,
) -> dict[str, Any]:
    owned, progress = mine.owned, mine.progress
    completed = _completed(progress)
    return {
        "courseId": tree.course.id,
        "lessons": [
            {
                "lessonId": node.lesson.id,
                "access": access.access(node.lesson.id in owned, node.lesson.free_preview).value,
                "positionMs": progress[node.lesson.id].position_ms
                if node.lesson.id in progress
                else 0,
                "completed": node.lesson.id in completed,
            }
            for node in tree.lessons()
        ],
        "levels": [
            {
                "levelId": level.level.id,
                "completedLessons": len(completed.intersection(level.lesson_ids())),
                "lessonCount": len(level.lessons),
                "offer": pages.offer_public(level.offer, offers),
            }
            for level in tree.levels
        ],
        "bundle": pages.offer_public(tree.bundle, offers),
        "lessonOffers": [pages.offer_public(node.offer, offers) for node in tree.lessons()],
        "continue": _continue_at(tree, texts, progress, mine, locale, table),
    }


async def academy_me(user_id: int, locale: str, table: RouteTable) -> dict[str, Any]:
    """GET /academy/me: the courses where the parent owns or watched something."""
    trees = await course_trees.localized(locale)
    mine = await watching(user_id, [i for tree, _ in trees for i in tree.lesson_ids()])
    courses = []
    for tree, texts in trees:
        lesson_ids = tree.lesson_ids()
        owned = mine.owned.intersection(lesson_ids)
        progress = {k: v for k, v in mine.progress.items() if k in set(lesson_ids)}
        if not (owned or progress) or texts is None:
            continue
        courses.append(
            {
                "courseId": tree.course.id,
                "title": texts.course.title,
                "path": pages.course_path(table, locale, texts.course.slug),
                "ownedLessons": len(owned),
                "completedLessons": len(_completed(progress)),
                "lessonCount": len(lesson_ids),
                "continue": _continue_at(tree, texts, progress, mine, locale, table),
            }
        )
    return {"courses": courses}


async def save_progress(
    user_id: int, lesson_id: int, position_ms: int, completed: bool
) -> dict[str, Any]:
    """PUT /lessons/{id}/progress: 404 for an unknown lesson, 403 when the parent may not watch
    it. The position is capped at the video's duration; once completed, a lesson stays so."""
    lesson = await Lesson.get_or_none(id=lesson_id)
    if lesson is None:
        raise NotFoundError("Lesson not found")
    owned = bool(await owned_lessons(user_id, [lesson.id]))
    if not access.watchable(access.access(owned, lesson.free_preview)):
        raise ForbiddenError("You may not watch this lesson")
    video = await LessonVideo.get_or_none(lesson_id=lesson.id)
    position = min(position_ms, video.duration_ms) if video else position_ms
    row, _ = await LessonProgress.get_or_create(user_id=user_id, lesson_id=lesson.id)
    # Two updates, never a save of what was read: a device saving a position at the moment
    # another marks the lesson completed must not undo that.
    mine, now = LessonProgress.filter(id=row.id), datetime.now(UTC)
    await mine.update(position_ms=position, updated_at=now)
    if completed:
        await mine.filter(completed_at=None).update(completed_at=now)
    row = await mine.get()
    return {
        "lessonId": lesson.id,
        "positionMs": row.position_ms,
        "completed": bool(row.completed_at),
    }
