"""The provider states of the lesson page's contracts (frontend/tests/pact/lesson.pact.test.ts):
each sets up what its name says and answers ``lessonId`` and, where the lesson may be watched, a
``keyToken`` that the key endpoint accepts.

They need the academy's key tokens and fixtures, which other parts of issue 14 bring: until they
are merged the module is skipped as a whole."""

from datetime import UTC, datetime

import pytest

from splash.academy.models import Entitlement, Lesson, Level
from splash.accounts.models import User

video_tokens = pytest.importorskip("splash.academy.video_tokens")


def verify(token: str, lesson_id: int, settings):
    return video_tokens.verify(token, lesson_id, settings.secret_key, datetime.now(UTC))


async def set_up(client, state: str) -> dict:
    response = await client.post("/_test/pact-state", json={"state": state, "action": "setup"})
    assert response.status == 200, response.text
    return response.json


async def test_a_parent_owning_level_1_answers_a_session_and_a_key_token(
    client, database, settings
):
    values = await set_up(client, "a signed-in parent ouder@example.com owns level 1")

    parent = await User.get(email="ouder@example.com")
    level_1 = await Level.all().order_by("position", "id").first()
    lesson = await Lesson.get(id=values["lessonId"], level=level_1)
    level_lessons = await Lesson.filter(level=level_1).values_list("id", flat=True)
    owned = await Entitlement.filter(user=parent).values_list("lesson_id", flat=True)
    assert sorted(owned) == sorted(level_lessons)
    assert lesson.free_preview is False
    grant = verify(values["keyToken"], lesson.id, settings)
    assert grant.user_id == parent.id
    access = await client.get(
        f"/api/lessons/{lesson.id}/access", headers={"authorization": f"Bearer {values['token']}"}
    )
    assert access.json["data"]["access"] == "owned"
    key = await client.get(f"/api/lessons/{lesson.id}/key", params={"token": values["keyToken"]})
    assert (key.status, len(key.body)) == (200, 16)


async def test_a_locked_lesson_of_level_2_is_locked_for_a_guest(client, database):
    values = await set_up(client, "a lesson of level 2 is locked for a guest")

    access = await client.get(f"/api/lessons/{values['lessonId']}/access")
    assert access.json["data"] | {"lessonId": 0} == {
        "lessonId": 0,
        "access": "locked",
        "keyToken": None,
        "expiresAt": None,
        "positionMs": 0,
        "completed": False,
    }


async def test_a_free_preview_answers_a_guest_key_token(client, database, settings):
    values = await set_up(client, "a free preview lesson exists")

    lesson = await Lesson.get(id=values["lessonId"])
    assert lesson.free_preview is True
    grant = verify(values["keyToken"], lesson.id, settings)
    assert grant.user_id is None
    key = await client.get(f"/api/lessons/{lesson.id}/key", params={"token": values["keyToken"]})
    assert (key.status, len(key.body)) == (200, 16)
