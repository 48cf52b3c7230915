"""Lessons right after paying (issue 24, point 2), over HTTP on the real database: the browser
that placed a guest's order and paid it watches what that order bought — the access call owns
it, the key opens, the course page shows it owned, the order's page links to it — and nothing
else; not once the account's password is set, not after the pass expired. A second purchase by
the e-mail address of an account that owns the lessons is refused, in words that tell no more
than an account that owns nothing gets."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from splash.academy import video_tokens
from splash.academy.models import CourseText
from splash.accounts.models import User
from splash.orders.device_passes import COOKIE
from splash.orders.models import DevicePass, Order
from testkit.factories import create_test_user, reset_code_for
from tests.academy.support import bearer, owning, variant
from tests.academy.video_rows import KEY_HEX, video_of
from tests.orders.drafts import draft, line, pay, place, quiet_client

GUEST = "gast@example.com"


@pytest.fixture
def client(settings):
    return quiet_client(settings)


def _lesson(course, level: int, number: int) -> int:
    return course.levels[level - 1].lessons[number - 1].lesson.id


async def _lessons_order(
    client: Any, *offers: str, email: str = GUEST, headers: dict[str, str] | None = None
) -> Any:
    """A guest's order of these offers (``LEVEL-2``…) from a browser of its own (``headers``: its
    Cookie header)."""
    client.asgi.cookies.clear()
    body = draft([line(await variant(offer)) for offer in offers], email=email)
    body["data"]["withdrawalWaived"] = True
    response = await place(client, body, headers=headers or {})
    client.asgi.cookies.clear()  # each request below says which browser it comes from
    return response


async def _guest_paid(client: Any, *offers: str) -> tuple[Order, dict[str, str]]:
    """A guest's paid order of ``offers``, and the Cookie header of the browser that placed it."""
    response = await _lessons_order(client, *offers)
    assert response.status == 201, response.text
    order = await Order.get(slug=response.json["data"]["slug"])
    await pay(client, order)
    return order, {"cookie": f"{COOKIE}={response.cookies[COOKIE]}"}


async def _access(client: Any, lesson_id: int, headers: dict[str, str]) -> dict[str, Any]:
    response = await client.get(f"/api/lessons/{lesson_id}/access", headers=headers)
    assert response.status == 200, response.text
    data: dict[str, Any] = response.json["data"]
    return data


async def _key(client: Any, lesson_id: int, token: str) -> Any:
    return await client.get(f"/api/lessons/{lesson_id}/key?token={token}")


async def test_the_paying_browser_gets_the_key_of_each_lesson_its_order_bought(
    client, course, settings
):
    order, device = await _guest_paid(client, "LEVEL-2")
    for number in (1, 2):
        lesson_id = _lesson(course, 2, number)
        await video_of(lesson_id, f"videos/level-2-lesson-{number}/0123456789abcdef", ["nl"])

        access = await _access(client, lesson_id, device)

        assert access["access"] == "owned"
        assert (access["positionMs"], access["completed"]) == (0, False)  # progress is a parent's
        grant = video_tokens.verify(
            access["keyToken"], lesson_id, settings.secret_key, datetime.now(UTC)
        )
        assert (grant.user_id, grant.device_pass) == (None, (await DevicePass.get()).id)
        key = await _key(client, lesson_id, access["keyToken"])
        assert key.status == 200
        assert key.body == bytes.fromhex(KEY_HEX)
    assert await Order.get(id=order.id)  # still there, paid


async def test_another_browser_and_a_signed_in_parent_do_not_share_the_pass(
    client, course, settings
):
    _, device = await _guest_paid(client, "LEVEL-2")
    lesson_id = _lesson(course, 2, 1)
    parent = await create_test_user("ouder@example.com", "Zwemmen-2026")

    elsewhere = await _access(client, lesson_id, {})
    signed_in = await _access(client, lesson_id, {**device, **bearer(parent, settings)})

    assert (elsewhere["access"], elsewhere["keyToken"]) == ("locked", None)
    assert (signed_in["access"], signed_in["keyToken"]) == ("locked", None)


async def test_the_pass_opens_no_lesson_its_order_did_not_buy(client, course, settings):
    _, device = await _guest_paid(client, "LEVEL-2")
    guest = await User.get(email=GUEST)
    # The account owns level 1 too, through another order: the pass stands for its own order.
    await owning(guest, "LEVEL-1")
    other = _lesson(course, 1, 2)  # level 1, no free preview
    await video_of(other, "videos/level-1-lesson-2/0123456789abcdef", ["nl"])

    access = await _access(client, other, device)

    assert (access["access"], access["keyToken"]) == ("locked", None)
    # A token of the pass for that lesson (as if the access call had given one) opens nothing.
    pass_id = (await DevicePass.get()).id
    now = datetime.now(UTC)
    forged = video_tokens.mint(other, None, settings.secret_key, now, device_pass=pass_id)
    assert (await _key(client, other, forged)).status == 403


async def test_the_pass_ends_when_the_accounts_password_is_set(client, course, settings):
    _, device = await _guest_paid(client, "LEVEL-2")
    lesson_id = _lesson(course, 2, 1)
    await video_of(lesson_id, "videos/level-2-lesson-1/0123456789abcdef", ["nl"])
    token = (await _access(client, lesson_id, device))["keyToken"]
    code = await reset_code_for(await User.get(email=GUEST))

    reset = await client.post(
        "/api/auth/reset-password",
        json={"code": code, "password": "Zwemmen-2026", "passwordConfirmation": "Zwemmen-2026"},
    )

    assert reset.status == 200, reset.text
    after = await _access(client, lesson_id, device)
    assert (after["access"], after["keyToken"]) == ("locked", None)
    assert (await _key(client, lesson_id, token)).status == 403  # minted before: no more
    me = await client.get(f"/api/courses/{course.course.id}/me", headers=device)
    assert me.status == 401
    # Signed in, the account is the way: the lessons are its own.
    owner = bearer(await User.get(email=GUEST), settings)
    assert (await _access(client, lesson_id, owner))["access"] == "owned"


async def test_an_expired_pass_opens_nothing(client, course):
    _, device = await _guest_paid(client, "LEVEL-2")
    lesson_id = _lesson(course, 2, 1)
    await video_of(lesson_id, "videos/level-2-lesson-1/0123456789abcdef", ["nl"])
    token = (await _access(client, lesson_id, device))["keyToken"]

    await DevicePass.all().update(expires_at=datetime.now(UTC) - timedelta(seconds=1))

    after = await _access(client, lesson_id, device)
    assert (after["access"], after["keyToken"]) == ("locked", None)
    assert (await _key(client, lesson_id, token)).status == 403


async def test_the_paying_browser_sees_the_course_with_what_its_order_bought(client, course):
    _, device = await _guest_paid(client, "LEVEL-2")
    await owning(await User.get(email=GUEST), "LESSON-1-2")  # the account's, not the pass's

    response = await client.get(f"/api/courses/{course.course.id}/me", headers=device)

    assert response.status == 200, response.text
    assert response.headers["cache-control"] == "private, no-store"
    data = response.json["data"]
    access = {entry["lessonId"]: entry["access"] for entry in data["lessons"]}
    assert access == {
        _lesson(course, 1, 1): "preview",
        _lesson(course, 1, 2): "locked",
        _lesson(course, 2, 1): "owned",
        _lesson(course, 2, 2): "owned",
    }
    assert {entry["positionMs"] for entry in data["lessons"]} == {0}
    level_1, level_2 = (level["offer"] for level in data["levels"])
    assert (level_2["owned"], level_2["price"]) == (True, 0)
    # What is not owned costs what a guest's checkout charges: the list price.
    assert (level_1["owned"], level_1["price"], level_1["saving"]) == (False, 895, 95)
    assert (data["bundle"]["owned"], data["bundle"]["price"]) == (False, 1595)
    assert data["continue"] is None
    assert (await client.get(f"/api/courses/{course.course.id}/me")).status == 401


async def test_the_order_page_leads_to_the_lessons_once_paid(client, course):
    response = await _lessons_order(client, "LEVEL-2")
    slug = response.json["data"]["slug"]
    unpaid = await client.get(f"/api/orders/{slug}")
    await pay(client, await Order.get(slug=slug))

    paid = await client.get(f"/api/orders/{slug}", host="de.localhost:8000")

    assert unpaid.json["data"]["lessonsPath"] is None
    german = await CourseText.get(course_id=course.course.id, locale="de")
    assert paid.json["data"]["lessonsPath"] == f"/course/{german.slug}"  # the asking domain's


async def test_a_second_purchase_by_the_address_of_an_owning_account_is_refused_as_any(
    client, course
):
    _, device = await _guest_paid(client, "LEVEL-2")
    await create_test_user("ander@example.com", "Zwemmen-2026")  # owns nothing

    owning_again = await _lessons_order(client, "LEVEL-2")
    from_the_paying_browser = await _lessons_order(client, "LEVEL-2", headers=device)
    plain_account = await _lessons_order(client, "LEVEL-2", email="ander@example.com")

    assert owning_again.status == 409
    error = owning_again.json["error"]
    assert error["details"]["code"] == "email_has_account"
    assert [entry["path"] for entry in error["details"]["errors"]] == [["data", "user", "email"]]
    assert "set" in error["message"] and "password" in error["message"]
    # The same answer whether or not the account owns the lessons: no word about what it bought.
    assert from_the_paying_browser.json == owning_again.json
    assert plain_account.status == 409
    assert plain_account.json == owning_again.json
    assert await Order.all().count() == 1
