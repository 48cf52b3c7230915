"""Staff accounts: added from the command line with a one-time set-up link (no default password
anywhere), set up with a password and an authenticator, invited, changed and removed by an
owner — removal ends their sessions at once — and the shop always keeps an owner."""

from __future__ import annotations

import re
import subprocess
import sys
from datetime import UTC, datetime

import pyotp

from splash.core.config import REPO_ROOT
from splash.staff.models import ActivityEntry, StaffMember, StaffSession, StaffSetupLink
from tests.accounts.support import Outbox
from tests.staff.support import PASSWORD, cookie_of, staff

LINK = re.compile(r"http://localhost:8000/studio/setup#([A-Za-z0-9_-]{43})")


def run_cli(settings, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {
        "SPLASH_DATABASE_URL": settings.database_url,
        "SPLASH_SECRET_KEY": settings.secret_key,
        "PATH": "/usr/bin:/bin",
    }
    return subprocess.run(
        [sys.executable, "-m", "splash", *args],
        cwd=REPO_ROOT / "backend",
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


async def set_up(client, token: str, password: str = PASSWORD):
    opened = await client.post("/api/studio/setup/open", json={"token": token})
    assert opened.status == 200, opened.json
    secret = opened.json["data"]["totpSecret"]
    code = pyotp.TOTP(secret).now()
    done = await client.post(
        "/api/studio/setup", json={"token": token, "password": password, "code": code}
    )
    client.asgi.cookies.clear()
    return opened, done


async def test_the_first_owner_comes_from_the_command_line_and_sets_up_once(
    client, database, settings
):
    printed = run_cli(settings, "staff", "add", "Eigenaar@Splash.Example", "--role", "owner")

    assert printed.returncode == 0, printed.stderr
    token = LINK.search(printed.stdout)[1]
    member = await StaffMember.get(email="eigenaar@splash.example")
    assert member.role == "owner" and member.password_hash is None  # no password until set up
    refused = await client.post(
        "/api/studio/session",
        json={"email": member.email, "password": "", "code": "000000"},
    )
    assert refused.status == 401

    opened, done = await set_up(client, token)

    assert opened.json["data"]["email"] == "eigenaar@splash.example"
    assert opened.json["data"]["totpUri"].startswith("otpauth://totp/Splash%20studio:")
    assert done.status == 200, done.json
    codes = done.json["data"]["recoveryCodes"]
    assert len(codes) == 10 and len(set(codes)) == 10
    assert done.json["data"]["me"]["staff"]["setUp"] is True
    assert "splash_studio=" in done.headers["set-cookie"]
    again = await client.post("/api/studio/setup/open", json={"token": token})
    assert again.status == 400 and again.json["error"]["details"]["errors"][0]["path"] == ["token"]
    assert await ActivityEntry.filter(action="staff.set_up", actor_id=member.id).count() == 1


async def test_the_command_line_refuses_bad_input_with_one_line(settings, database):
    bad_role = run_cli(settings, "staff", "add", "a@splash.example", "--role", "boss")
    not_an_address = run_cli(settings, "staff", "add", "nobody", "--role", "shop")

    assert bad_role.returncode == 2 and "invalid choice: 'boss'" in bad_role.stderr
    assert not_an_address.returncode == 2
    assert not_an_address.stderr.strip() == "splash: 'nobody' is not an e-mail address"


async def test_a_set_up_link_expires_and_needs_a_right_first_code(client, database, settings):
    printed = run_cli(settings, "staff", "add", "winkel@splash.example", "--role", "shop")
    token = LINK.search(printed.stdout)[1]
    await client.post("/api/studio/setup/open", json={"token": token})

    wrong = await client.post(
        "/api/studio/setup", json={"token": token, "password": PASSWORD, "code": "000000"}
    )
    short = await client.post(
        "/api/studio/setup", json={"token": token, "password": "kort", "code": "000000"}
    )
    await StaffSetupLink.all().update(expires_at=datetime(2020, 1, 1, tzinfo=UTC))
    expired = await client.post("/api/studio/setup/open", json={"token": token})

    assert wrong.status == 400 and wrong.json["error"]["details"]["errors"][0]["path"] == ["code"]
    assert short.status == 400 and short.json["error"]["details"]["errors"][0]["path"] == [
        "password"
    ]
    assert expired.status == 400


async def test_an_owner_invites_by_mail_and_the_link_sets_up_the_account(
    client, database, settings
):
    owner = await staff(settings)
    headers = await cookie_of(owner, settings)

    invited = await client.post(
        "/api/studio/staff",
        json={
            "email": "redacteur@splash.example",
            "name": "Rian",
            "role": "editor",
            "locale": "de",
        },
        headers=headers,
    )

    assert invited.status == 201, invited.json
    assert invited.json["data"]["setUp"] is False
    [mail] = await Outbox(settings).wait()
    assert mail["To"] == "redacteur@splash.example"
    assert mail["Subject"] == "Einladung ins Splash-Studio"
    body = mail.get_body(("plain",)).get_content()
    token = LINK.search(body)[1]
    _, done = await set_up(client, token)
    assert done.status == 200 and done.json["data"]["me"]["permissions"] == ["content", "dashboard"]
    entry = await ActivityEntry.get(action="staff.invited")
    assert entry.actor_id == owner.member.id and entry.after == {"role": "editor"}  # type: ignore[attr-defined]


async def test_inviting_someone_who_is_staff_is_a_conflict(client, database, settings):
    owner = await staff(settings)
    response = await client.post(
        "/api/studio/staff",
        json={"email": owner.member.email, "name": "Twee", "role": "shop"},
        headers=await cookie_of(owner, settings),
    )
    assert response.status == 409


async def test_removing_someone_ends_their_sessions_at_once(client, database, settings):
    owner = await staff(settings)
    shop = await staff(settings, "shop")
    theirs = await cookie_of(shop, settings)
    assert (await client.get("/api/studio/me", headers=theirs)).status == 200

    removed = await client.delete(
        f"/api/studio/staff/{shop.member.id}", headers=await cookie_of(owner, settings)
    )

    assert removed.status == 200 and removed.json["data"]["email"] == shop.member.email
    assert (await client.get("/api/studio/me", headers=theirs)).status == 401
    assert await StaffSession.filter(staff_id=shop.member.id, ended_at=None).count() == 0
    signing_in = await client.post(
        "/api/studio/session",
        json={"email": shop.member.email, "password": PASSWORD, "code": shop.code()},
    )
    assert signing_in.status == 401
    entry = await ActivityEntry.get(action="staff.removed")
    assert entry.before == {"role": "shop"} and entry.subject_id == str(shop.member.id)


async def test_a_role_change_is_logged_with_before_and_after_and_takes_effect(
    client, database, settings
):
    owner = await staff(settings)
    shop = await staff(settings, "shop")
    theirs = await cookie_of(shop, settings)
    assert (await client.get("/api/studio/staff", headers=theirs)).status == 403

    changed = await client.patch(
        f"/api/studio/staff/{shop.member.id}",
        json={"role": "owner"},
        headers=await cookie_of(owner, settings),
    )

    assert changed.status == 200 and changed.json["data"]["role"] == "owner"
    assert (await client.get("/api/studio/staff", headers=theirs)).status == 200
    entry = await ActivityEntry.get(action="staff.role_changed")
    assert (entry.before, entry.after) == ({"role": "shop"}, {"role": "owner"})


async def test_the_shop_always_keeps_an_owner(client, database, settings):
    owner = await staff(settings)
    headers = await cookie_of(owner, settings)

    demoted = await client.patch(
        f"/api/studio/staff/{owner.member.id}", json={"role": "shop"}, headers=headers
    )
    removed = await client.delete(f"/api/studio/staff/{owner.member.id}", headers=headers)

    assert demoted.status == removed.status == 409
    assert (await StaffMember.get(id=owner.member.id)).role == "owner"


async def test_bad_staff_input_names_the_field(client, database, settings):
    owner = await staff(settings)
    headers = await cookie_of(owner, settings)

    bad_role = await client.post(
        "/api/studio/staff",
        json={"email": "x@splash.example", "name": "X", "role": "god"},
        headers=headers,
    )
    unknown = await client.patch("/api/studio/staff/999999", json={"role": "shop"}, headers=headers)

    assert bad_role.status == 400
    assert bad_role.json["error"]["details"]["errors"][0]["path"] == ["role"]
    assert unknown.status == 404
