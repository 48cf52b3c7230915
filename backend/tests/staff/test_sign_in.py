"""Signing in to the studio: password and a second factor at once, one refusal for every wrong
part (an unknown account too, after the same work), codes used once, every attempt logged,
rate limits per address and per account, and a session cookie only the studio reads."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from argon2 import PasswordHasher

from splash.staff.models import ActivityEntry, StaffSession
from tests.accounts.support import bearer, confirmed_user
from tests.staff.support import PASSWORD, cookie_of, staff

REFUSED = "E-mail address, password or code incorrect"


async def sign_in(client, email, password, code, **kwargs):
    response = await client.post(
        "/api/studio/session", json={"email": email, "password": password, "code": code}, **kwargs
    )
    client.asgi.cookies.clear()  # each test passes the cookie it means to use
    return response


def session_cookie(response) -> str:
    header = next(
        v for k, v in response.headers.items() if k == "set-cookie" and "splash_studio" in v
    )
    return header


async def test_an_owner_signs_in_with_password_and_code_and_gets_a_strict_cookie(
    client, database, settings
):
    owner = await staff(settings)

    response = await sign_in(client, " Owner@Splash.Example ", PASSWORD, owner.code())

    assert response.status == 200, response.json
    me = response.json["data"]
    assert me["staff"]["email"] == "owner@splash.example" and me["staff"]["role"] == "owner"
    assert "refund" in me["permissions"]
    cookie = session_cookie(response)
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/api/studio" in cookie
    assert "Secure" not in cookie  # http in tests; https sets it (test_cookie_is_secure_on_https)
    raw = cookie.split(";")[0].split("=", 1)[1]
    assert len(raw) >= 43
    stored = await StaffSession.get(staff_id=owner.member.id)
    assert stored.token_hash != raw  # only its SHA-256 is kept
    again = await client.get("/api/studio/me", headers={"cookie": f"splash_studio={raw}"})
    assert again.status == 200 and again.json["data"]["staff"]["id"] == owner.member.id


async def test_cookie_is_secure_on_https(client, database, settings, app):
    app.ctx.settings = settings.model_copy(update={"scheme": "https"})
    owner = await staff(settings)

    response = await sign_in(client, owner.member.email, PASSWORD, owner.code())

    assert "Secure" in session_cookie(response)


@pytest.mark.parametrize("wrong", ["password", "code", "account", "not set up"])
async def test_every_wrong_part_gets_the_same_refusal_and_a_log_line(
    client, database, settings, wrong
):
    owner = await staff(settings)
    email, password, code = owner.member.email, PASSWORD, owner.code()
    if wrong == "password":
        password = "Verkeerd-Wachtwoord-1"
    elif wrong == "code":
        code = f"{(int(code) + 1) % 1_000_000:06d}"
    elif wrong == "account":
        email = "niemand@splash.example"
    else:
        owner.member.password_hash = None
        await owner.member.save()

    response = await sign_in(client, email, password, code)

    assert response.status == 401
    assert response.json["error"]["message"] == REFUSED
    assert "set-cookie" not in response.headers
    entry = await ActivityEntry.get(action="staff.sign_in_refused")
    assert entry.actor_label == email and entry.address  # the client address


async def test_an_unknown_account_costs_a_full_password_check(
    client, database, settings, monkeypatch
):
    checked = []
    verify = PasswordHasher.verify

    def spy(self, stored, password):
        checked.append(stored)
        return verify(self, stored, password)

    monkeypatch.setattr(PasswordHasher, "verify", spy)
    owner = await staff(settings)

    await sign_in(client, "niemand@splash.example", PASSWORD, owner.code())
    await sign_in(client, owner.member.email, "Verkeerd-Wachtwoord-1", owner.code())

    assert len(checked) == 2  # argon2 both times: the unknown address against a dummy hash


async def test_a_code_cannot_be_used_twice(client, database, settings):
    owner = await staff(settings)
    code = owner.code()

    first = await sign_in(client, owner.member.email, PASSWORD, code)
    replay = await sign_in(client, owner.member.email, PASSWORD, code)

    assert first.status == 200
    assert replay.status == 401 and replay.json["error"]["message"] == REFUSED
    # The next step's code still works (a clock a little ahead), once.
    assert (await sign_in(client, owner.member.email, PASSWORD, owner.code(1))).status == 200
    assert (await sign_in(client, owner.member.email, PASSWORD, owner.code(1))).status == 401


async def test_a_recovery_code_works_once_in_any_spelling(client, database, settings):
    owner = await staff(settings)
    spelled = owner.recovery_code.upper().replace("-", " ")

    first = await sign_in(client, owner.member.email, PASSWORD, spelled)
    again = await sign_in(client, owner.member.email, PASSWORD, owner.recovery_code)

    assert first.status == 200 and again.status == 401
    assert await ActivityEntry.filter(action="staff.recovery_code_used").count() == 1


async def test_a_wrong_password_does_not_burn_the_code(client, database, settings):
    owner = await staff(settings)
    code = owner.code()

    assert (await sign_in(client, owner.member.email, "Verkeerd-Wachtwoord-1", code)).status == 401
    assert (await sign_in(client, owner.member.email, PASSWORD, code)).status == 200


async def test_sign_ins_are_limited_per_account_whatever_the_address(client, database, settings):
    owner = await staff(settings)
    answers = []
    for attempt in range(6):
        forwarded = {"x-forwarded-for": f"203.0.113.{attempt}"}  # untrusted: not believed
        answers.append(
            (
                await sign_in(
                    client, owner.member.email, "Verkeerd-1234", "000000", headers=forwarded
                )
            ).status
        )
    assert answers == [401] * 5 + [429]


async def test_sign_ins_are_limited_per_address(client, database, settings):
    answers = [
        (await sign_in(client, f"iemand{n}@splash.example", "Verkeerd-1234", "000000")).status
        for n in range(11)
    ]
    assert answers == [401] * 10 + [429]


async def test_signing_out_ends_the_session_on_the_server(client, database, settings):
    owner = await staff(settings)
    headers = await cookie_of(owner, settings)

    out = await client.delete("/api/studio/session", headers=headers)

    assert out.status == 200 and out.json == {"signedOut": True}
    assert "Max-Age=0" in session_cookie(out)
    assert (await client.get("/api/studio/me", headers=headers)).status == 401
    assert (
        await ActivityEntry.filter(action="staff.sign_out", actor_id=owner.member.id).count() == 1
    )


async def test_an_idle_or_expired_session_is_over(client, database, settings):
    owner = await staff(settings)
    idle, expired = await cookie_of(owner, settings), await cookie_of(owner, settings)
    sessions = await StaffSession.filter(staff_id=owner.member.id).order_by("id")
    long_ago = datetime.now(UTC) - timedelta(minutes=settings.staff_idle_minutes + 1)
    await StaffSession.filter(id=sessions[0].id).update(last_seen_at=long_ago)
    await StaffSession.filter(id=sessions[1].id).update(expires_at=datetime.now(UTC))

    assert (await client.get("/api/studio/me", headers=idle)).status == 401
    assert (await client.get("/api/studio/me", headers=expired)).status == 401


async def test_a_customer_token_is_no_studio_session_and_a_studio_cookie_no_customer(
    client, database, settings
):
    token = (await confirmed_user(client))["jwt"]
    owner = await staff(settings)

    assert (await client.get("/api/studio/me", headers=bearer(token))).status == 401
    assert (await client.get("/api/studio/staff", headers=bearer(token))).status == 401
    assert (
        await client.get("/api/users/me", headers=await cookie_of(owner, settings))
    ).status == 401


async def test_the_studio_is_on_the_default_domain_only(client, database, settings):
    owner = await staff(settings)
    headers = await cookie_of(owner, settings)

    assert (await client.get("/api/studio/me", headers=headers)).status == 200
    assert (
        await client.get("/api/studio/me", host="en.localhost:8000", headers=headers)
    ).status == 404


async def test_bad_sign_in_bodies_name_their_field(client, database):
    response = await client.post(
        "/api/studio/session", json={"email": "a@b.example", "password": "x", "code": "12"}
    )
    assert response.status == 400
    assert [e["path"] for e in response.json["error"]["details"]["errors"]] == [["code"]]
