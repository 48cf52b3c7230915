"""The key endpoint and the access call (contracts/academy-api.md), through the app on the real
database: who gets the 16 bytes that decrypt a lesson, and who a 403."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from splash.academy import video_tokens
from splash.academy.models import Entitlement, LessonProgress
from splash.accounts import services as accounts
from splash.orders import fulfilment
from splash.orders.models import Order
from testkit.factories import create_test_user
from tests.academy.video_rows import KEY_HEX, lesson, lesson_with_video, owner_of


def _bearer(user, settings):
    return {"authorization": f"Bearer {accounts.session_token(user, settings)}"}


async def _access(client, lesson_id, headers=None):
    response = await client.get(f"/api/lessons/{lesson_id}/access", headers=headers or {})
    assert response.headers["cache-control"] == "no-store"
    return response


async def _key(client, lesson_id, token):
    query = "" if token is None else f"?token={token}"
    return await client.get(f"/api/lessons/{lesson_id}/key{query}")


def _refused(response):
    assert response.status_code == 403, response.text
    assert response.json["error"]["name"] == "ForbiddenError"
    assert response.json["data"] is None


async def test_the_owner_gets_a_token_and_with_it_the_key(client, seeded, settings):
    given = await lesson_with_video()
    owner = await owner_of(given)
    before = datetime.now(UTC)

    access = await _access(client, given.id, _bearer(owner, settings))

    assert access.status_code == 200
    data = access.json["data"]
    assert (data["lessonId"], data["access"]) == (given.id, "owned")
    assert (data["positionMs"], data["completed"]) == (0, False)
    grant = video_tokens.verify(data["keyToken"], given.id, settings.secret_key, before)
    assert grant.user_id == owner.id
    expires = datetime.fromisoformat(data["expiresAt"])
    assert timedelta(seconds=598) <= expires - before <= timedelta(seconds=601)
    key = await _key(client, given.id, data["keyToken"])
    assert key.status_code == 200
    assert key.body == bytes.fromhex(KEY_HEX)
    assert key.headers["content-type"] == "application/octet-stream"
    assert key.headers["cache-control"] == "no-store"


async def test_another_user_gets_no_token_and_no_key(client, seeded, settings):
    given = await lesson_with_video()
    await owner_of(given)
    other = await create_test_user("ander@example.com", "Zwemmen-2026")

    access = await _access(client, given.id, _bearer(other, settings))

    assert access.json["data"]["access"] == "locked"
    assert access.json["data"]["keyToken"] is None
    assert access.json["data"]["expiresAt"] is None
    # A token bound to them (as if they had owned it) does not open it either.
    token = video_tokens.mint(given.id, other.id, settings.secret_key, datetime.now(UTC))
    _refused(await _key(client, given.id, token))


async def test_a_guest_gets_no_token_and_no_key(client, seeded, settings):
    given = await lesson_with_video()
    await owner_of(given)

    access = await _access(client, given.id)

    assert access.json["data"] == {
        "lessonId": given.id,
        "access": "locked",
        "keyToken": None,
        "expiresAt": None,
        "positionMs": 0,
        "completed": False,
    }
    _refused(await _key(client, given.id, None))
    _refused(await _key(client, given.id, ""))
    # A preview's token (bound to nobody) opens no locked lesson.
    preview_token = video_tokens.mint(given.id, None, settings.secret_key, datetime.now(UTC))
    _refused(await _key(client, given.id, preview_token))


async def test_a_free_preview_opens_for_a_guest_and_for_a_signed_in_parent(
    client, seeded, settings
):
    given = await lesson_with_video("video-test-preview", free_preview=True)
    parent = await create_test_user("ouder@example.com", "Zwemmen-2026")

    for headers in ({}, _bearer(parent, settings)):
        data = (await _access(client, given.id, headers)).json["data"]
        assert data["access"] == "preview"
        now = datetime.now(UTC)
        assert (
            video_tokens.verify(data["keyToken"], given.id, settings.secret_key, now).user_id
            is None
        )
        key = await _key(client, given.id, data["keyToken"])
        assert key.status_code == 200
        assert key.body == bytes.fromhex(KEY_HEX)


async def test_an_expired_token_is_refused(client, seeded, settings):
    given = await lesson_with_video()
    owner = await owner_of(given)
    eleven_minutes_ago = datetime.now(UTC) - timedelta(minutes=11)
    token = video_tokens.mint(given.id, owner.id, settings.secret_key, eleven_minutes_ago)

    _refused(await _key(client, given.id, token))
    fresh = video_tokens.mint(given.id, owner.id, settings.secret_key, datetime.now(UTC))
    assert (await _key(client, given.id, fresh)).status_code == 200


@pytest.mark.parametrize("part", [0, 1, 2], ids=["header", "claims", "signature"])
async def test_a_tampered_token_is_refused(client, seeded, settings, part):
    given = await lesson_with_video()
    owner = await owner_of(given)
    token = video_tokens.mint(given.id, owner.id, settings.secret_key, datetime.now(UTC))
    pieces = token.split(".")
    pieces[part] = pieces[part][:-2] + ("AA" if not pieces[part].endswith("AA") else "BB")

    _refused(await _key(client, given.id, ".".join(pieces)))
    assert (await _key(client, given.id, token)).status_code == 200


async def test_a_token_for_another_lesson_or_a_sign_in_token_is_refused(client, seeded, settings):
    given = await lesson_with_video()
    other = await lesson_with_video("video-test-other")
    owner = await owner_of(given)
    await Entitlement.create(
        user=owner, lesson=other, order_id=(await Entitlement.first()).order_id, source="purchase"
    )
    for_other = video_tokens.mint(other.id, owner.id, settings.secret_key, datetime.now(UTC))

    _refused(await _key(client, given.id, for_other))
    _refused(await _key(client, given.id, accounts.session_token(owner, settings)))
    assert (await _key(client, other.id, for_other)).status_code == 200


async def test_a_refunded_owner_loses_the_key_with_a_token_still_valid(client, seeded, settings):
    given = await lesson_with_video()
    owner = await owner_of(given)
    token = (await _access(client, given.id, _bearer(owner, settings))).json["data"]["keyToken"]
    assert (await _key(client, given.id, token)).status_code == 200

    # The order is refunded in full: its entitlements go (the revoke the academy registers).
    granted = await Entitlement.get(user_id=owner.id, lesson_id=given.id)
    await fulfilment.order_refunded(await Order.get(id=granted.order_id))  # type: ignore[attr-defined]

    _refused(await _key(client, given.id, token))
    access = (await _access(client, given.id, _bearer(owner, settings))).json["data"]
    assert (access["access"], access["keyToken"]) == ("locked", None)


async def test_access_says_where_a_signed_in_parent_left_off(client, seeded, settings):
    given = await lesson_with_video()
    owner = await owner_of(given)
    await LessonProgress.create(
        user=owner, lesson=given, position_ms=12000, completed_at=datetime.now(UTC)
    )

    data = (await _access(client, given.id, _bearer(owner, settings))).json["data"]

    assert (data["positionMs"], data["completed"]) == (12000, True)
    guest = (await _access(client, given.id)).json["data"]
    assert (guest["positionMs"], guest["completed"]) == (0, False)


async def test_a_lesson_without_a_video_has_no_key(client, seeded, settings):
    given = await lesson("video-test-preview", free_preview=True)
    token = video_tokens.mint(given.id, None, settings.secret_key, datetime.now(UTC))

    response = await _key(client, given.id, token)

    assert response.status_code == 404
    assert response.json["error"]["name"] == "NotFoundError"


@pytest.mark.parametrize(
    ("path", "status", "name"),
    [
        ("/api/lessons/999999/access", 404, "NotFoundError"),
        ("/api/lessons/abc/access", 400, "ValidationError"),
        ("/api/lessons/abc/key?token=x", 400, "ValidationError"),
        ("/api/lessons/1/key?token[a]=x", 400, "ValidationError"),
    ],
)
async def test_bad_lesson_ids_and_tokens_are_a_4xx(client, database, path, status, name):
    response = await client.get(path)
    assert response.status_code == status, response.text
    assert response.json["error"]["name"] == name
    if status == 400:
        assert response.json["error"]["details"]["errors"][0]["path"][0] in ("id", "query")


async def test_the_key_endpoint_is_rate_limited_per_client_address(client, database, settings):
    from splash.academy.routes import KEY_LIMIT

    given = await lesson_with_video("video-test-preview", free_preview=True)
    token = video_tokens.mint(given.id, None, settings.secret_key, datetime.now(UTC))
    statuses = [(await _key(client, given.id, token)).status_code for _ in range(KEY_LIMIT + 1)]

    assert statuses[:KEY_LIMIT] == [200] * KEY_LIMIT
    limited = await _key(client, given.id, token)
    assert limited.status_code == 429
    assert int(limited.headers["retry-after"]) > 0


def _spellings(lesson_id: int) -> list[str]:
    """The same lesson id as a path may spell it: plain, with leading zeros, percent-encoded."""
    digits = str(lesson_id)
    return [digits, f"0{digits}", f"00{digits}", "".join(f"%{ord(c):02X}" for c in digits)]


async def test_the_key_limit_holds_however_the_lesson_id_is_spelled(client, database, settings):
    from splash.academy.routes import KEY_LIMIT

    given = await lesson_with_video("video-test-preview", free_preview=True)
    token = video_tokens.mint(given.id, None, settings.secret_key, datetime.now(UTC))
    spellings = _spellings(given.id)

    statuses = [
        (await _key(client, spellings[n % len(spellings)], token)).status_code
        for n in range(KEY_LIMIT)
    ]
    refused = [await _key(client, spelling, token) for spelling in spellings]

    assert statuses == [200] * KEY_LIMIT  # every spelling reaches the same lesson
    assert [response.status_code for response in refused] == [429] * len(spellings)
    assert all(1 <= int(r.headers["retry-after"]) <= 60 for r in refused)
