"""The academy API over HTTP on the real database (contracts/academy-api.md): a parent's view of
a course, their courses, and saving progress — signed in only, bad input a 4xx naming the
field, the position capped at the video's length, completed sticky, and where to continue."""

from __future__ import annotations

import asyncio

import pytest

from splash.academy.models import LessonProgress
from tests.academy.support import bearer, owning, variant
from tests.academy.video_rows import video_of
from tests.app_client import Client
from tests.support import serving

EN = "en.localhost:8000"


class Api:
    def __init__(self, client: Client, headers: dict[str, str]) -> None:
        self.client, self.headers = client, headers

    async def me(self, course_id: int, host: str = "localhost:8000"):
        return await self.client.get(
            f"/api/courses/{course_id}/me", headers=self.headers, host=host
        )

    async def save(self, lesson_id: int, body, headers=None):
        return await self.client.put(
            f"/api/lessons/{lesson_id}/progress",
            json=body,
            headers={**self.headers, **(headers or {})},
        )


@pytest.fixture
def api(client, parent, settings) -> Api:
    return Api(client, bearer(parent, settings))


def offer(variant_id, kind, price, list_price, parts, saving, owned):
    return {
        "variantId": variant_id,
        "kind": kind,
        "price": price,
        "listPrice": list_price,
        "parts": parts,
        "saving": saving,
        "owned": owned,
    }


async def test_the_course_as_a_parent_who_owns_level_1_sees_it(api, course, parent):
    await owning(parent, "LEVEL-1")

    response = await api.me(course.course.id)

    assert response.status == 200
    assert response.headers["cache-control"] == "private, no-store"
    data = response.json["data"]
    ids = course.lesson_ids()
    assert data["courseId"] == course.course.id
    assert [(i["lessonId"], i["access"]) for i in data["lessons"]] == [
        (ids[0], "owned"),
        (ids[1], "owned"),
        (ids[2], "locked"),
        (ids[3], "locked"),
    ]
    assert data["levels"][0] == {
        "levelId": course.levels[0].level.id,
        "completedLessons": 0,
        "lessonCount": 2,
        "offer": offer(await variant("LEVEL-1"), "level", 0, 895, 0, 0, True),
    }
    assert data["levels"][1]["offer"] == offer(
        await variant("LEVEL-2"), "level", 895, 895, 990, 95, False
    )
    assert data["bundle"] == offer(await variant("BUNDLE"), "bundle", 798, 1595, 895, 97, False)
    assert [o["owned"] for o in data["lessonOffers"]] == [True, True, False, False]
    assert data["continue"] is None


async def test_a_preview_is_watchable_by_anyone_signed_in(api, course):
    data = (await api.me(course.course.id)).json["data"]

    assert [i["access"] for i in data["lessons"]] == ["preview", "locked", "locked", "locked"]
    assert data["bundle"]["price"] == 1595


async def test_the_course_view_needs_a_signed_in_parent_and_a_known_course(client, api, course):
    assert (await client.get(f"/api/courses/{course.course.id}/me")).status == 401
    assert (await api.me(course.course.id + 100)).status == 404
    response = await api.me("abc")  # type: ignore[arg-type]
    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["id"]


async def test_progress_is_saved_capped_and_completed_stays_completed(api, course, parent):
    await owning(parent, "LEVEL-2")
    lesson = course.levels[1].lessons[0].lesson
    await video_of(lesson.id, "videos/level-2-lesson-1/abc", ["nl"])

    first = await api.save(lesson.id, {"positionMs": 12000, "completed": False})
    done = await api.save(lesson.id, {"positionMs": 8000, "completed": True})
    again = await api.save(lesson.id, {"positionMs": 1000})

    assert first.status == 200
    assert first.json == {"data": {"lessonId": lesson.id, "positionMs": 8000, "completed": False}}
    assert done.json["data"]["completed"] is True
    assert again.json["data"] == {"lessonId": lesson.id, "positionMs": 1000, "completed": True}
    assert await LessonProgress.all().count() == 1


async def test_progress_needs_a_signed_in_parent_who_may_watch(client, api, course):
    locked = course.levels[1].lessons[0].lesson.id
    preview = course.levels[0].lessons[0].lesson.id
    body = {"positionMs": 1000}

    unsigned = await client.put(f"/api/lessons/{preview}/progress", json=body)
    forbidden = await api.save(locked, body)
    unknown = await api.save(locked + 100, body)
    allowed = await api.save(preview, body)

    assert (unsigned.status, forbidden.status, unknown.status) == (401, 403, 404)
    assert forbidden.json["error"]["name"] == "ForbiddenError"
    assert allowed.status == 200
    assert await LessonProgress.all().count() == 1


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"positionMs": -1}, ["positionMs"]),
        ({"positionMs": 86_400_001}, ["positionMs"]),
        ({"positionMs": "12000"}, ["positionMs"]),
        ({"positionMs": 1.5}, ["positionMs"]),
        ({"positionMs": True}, ["positionMs"]),
        ({}, ["positionMs"]),
        ({"positionMs": 0, "completed": "yes"}, ["completed"]),
        ({"positionMs": 0, "userId": 2}, ["userId"]),
    ],
)
async def test_bad_progress_is_a_400_naming_the_field(api, course, body, path):
    preview = course.levels[0].lessons[0].lesson.id

    response = await api.save(preview, body)

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == path
    assert await LessonProgress.all().count() == 0


async def test_continue_is_the_last_unfinished_lesson_then_the_one_after_the_last_completed(
    api, course, parent
):
    await owning(parent, "BUNDLE")
    ids = course.lesson_ids()
    await api.save(ids[0], {"positionMs": 5000, "completed": True})
    await api.save(ids[1], {"positionMs": 12000})

    watching = (await api.me(course.course.id, host=EN)).json["data"]["continue"]
    await api.save(ids[1], {"positionMs": 30000, "completed": True})
    after = (await api.me(course.course.id, host=EN)).json["data"]["continue"]

    assert watching == {
        "lessonId": ids[1],
        "title": "Face in the water",
        "path": "/academy/learn-to-swim/face-in-the-water",
        "positionMs": 12000,
        "durationMs": None,  # no video yet: no length to show
        "poster": {
            "src": "/media/academy/level-1-lesson-2.webp",
            "width": 1280,
            "height": 720,
            "alt": "A child with the face in the water",
        },
        "access": "owned",
    }
    assert (after["lessonId"], after["positionMs"], after["title"]) == (
        ids[2],
        0,
        "Floating like a star",
    )


async def test_continue_is_null_when_everything_is_done(api, course, parent):
    await owning(parent, "BUNDLE")
    for lesson in course.lesson_ids():
        await api.save(lesson, {"positionMs": 1, "completed": True})

    data = (await api.me(course.course.id)).json["data"]

    assert data["continue"] is None
    assert [level["completedLessons"] for level in data["levels"]] == [2, 2]


async def test_my_academy_lists_the_courses_a_parent_owns_or_watched(client, api, course, parent):
    assert (await client.get("/api/academy/me")).status == 401
    empty = await client.get("/api/academy/me", headers=api.headers)
    assert empty.json == {"data": {"courses": []}}

    await owning(parent, "LEVEL-1")
    await api.save(course.lesson_ids()[0], {"positionMs": 3000, "completed": True})
    response = await client.get("/api/academy/me", headers=api.headers)

    [mine] = response.json["data"]["courses"]
    assert {k: v for k, v in mine.items() if k != "continue"} == {
        "courseId": course.course.id,
        "title": "Leren zwemmen met Splash",
        "path": "/academy/leren-zwemmen",
        "ownedLessons": 2,
        "completedLessons": 1,
        "lessonCount": 4,
    }
    assert mine["continue"]["lessonId"] == course.lesson_ids()[1]


async def test_first_positions_saved_at_once_make_one_row(app, parent, course, settings):
    preview = course.levels[0].lessons[0].lesson.id
    async with serving(app) as http:
        answers = await asyncio.gather(
            *(
                http.put(
                    f"/api/lessons/{preview}/progress",
                    json={"positionMs": 1000 * n},
                    headers=bearer(parent, settings),
                )
                for n in range(20)
            )
        )

    assert [answer.status_code for answer in answers] == [200] * 20
    [row] = await LessonProgress.all()
    assert row.position_ms in {1000 * n for n in range(20)}
