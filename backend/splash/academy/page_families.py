"""Which published academy pages show a course, a level or a lesson: what republishing one of
them after a studio publish rewrites (``site.web.publish.FAMILIES``), as (id, locale, path) of
the changed entity and of each page that shows it, in every locale it is published in.

- a course: its page and its lessons' pages (they show its title, path and order);
- a level: its course's page and its lessons' pages (they show its title);
- a lesson: its page, its course's page and the lessons before and after it (they link to it by
  title and path).

The pages of other collections that show the academy (a page's course card, level cards or
figures) list it in their sources (``course:*``, ``level:*``) and are found by those."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from splash.academy import course_trees
from splash.academy.course_trees import CourseTree
from splash.academy.models import Lesson, Level
from splash.academy.pages import course_path, lesson_path
from splash.core.route_table import RouteTable

Family = list[tuple[int, str, str]]


@dataclass(frozen=True)
class _Shown:
    """A published course's pages in one locale: the course page's path and each lesson's (in
    course order, with the lesson's id and level id)."""

    tree: CourseTree
    locale: str
    course: str
    lessons: list[tuple[int, int, str]]  # (lesson id, level id, path)


async def _published(course_ids: Iterable[int], table: RouteTable) -> list[_Shown]:
    wanted = set(course_ids)
    found = []
    for locale in table.locales:
        for tree, texts in await course_trees.localized(locale, wanted):
            if texts is None:
                continue  # not published in this locale
            slug = texts.course.slug
            lessons = [
                (
                    node.lesson.id,
                    level.level.id,
                    lesson_path(table, locale, slug, texts.lessons[node.lesson.id].slug),
                )
                for level in tree.levels
                for node in level.lessons
            ]
            found.append(_Shown(tree, locale, course_path(table, locale, slug), lessons))
    return found


async def course_family_paths(course_ids: list[int], table: RouteTable) -> Family:
    return [
        (shown.tree.course.id, shown.locale, path)
        for shown in await _published(course_ids, table)
        for path in [shown.course, *(path for _, _, path in shown.lessons)]
    ]


async def level_family_paths(level_ids: list[int], table: RouteTable) -> Family:
    courses = await Level.filter(id__in=level_ids).values_list("course_id", flat=True)
    found: Family = []
    for shown in await _published(courses, table):  # type: ignore[arg-type]
        for level in shown.tree.levels:
            if level.level.id in level_ids:
                lessons = [path for _, of, path in shown.lessons if of == level.level.id]
                found += [(level.level.id, shown.locale, p) for p in [shown.course, *lessons]]
    return found


async def lesson_family_paths(lesson_ids: list[int], table: RouteTable) -> Family:
    rows = Lesson.filter(id__in=lesson_ids).values_list("level__course_id", flat=True)
    found: Family = []
    for shown in await _published(await rows, table):  # type: ignore[arg-type]
        for at, (lesson_id, _, path) in enumerate(shown.lessons):
            if lesson_id in lesson_ids:
                near = [p for _, _, p in shown.lessons[max(at - 1, 0) : at + 2] if p != path]
                found += [(lesson_id, shown.locale, p) for p in [path, shown.course, *near]]
    return found
