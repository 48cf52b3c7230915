"""Forgotten and changed passwords: POST /api/auth/forgot-password, /reset-password and
/change-password. Codes are single-use, expire after an hour, and a new password ends every
other session."""

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, urlsplit

import pytest

from splash.accounts.customers import account_for_paid_order
from splash.accounts.models import AccountToken, User
from splash.accounts.services import first_password_link
from splash.shared.outbox.models import OutboxJob
from tests.accounts.support import PASSWORD, bearer, confirmed_user, error_paths, link_in

NEW = "Drijfpak-Blauw-3XL"


async def forgot(client, email="ouder@example.com", **kwargs):
    return await client.post("/api/auth/forgot-password", json={"email": email}, **kwargs)


async def reset(client, code, password=NEW, confirmation=None):
    body = {"code": code, "password": password, "passwordConfirmation": confirmation or password}
    return await client.post("/api/auth/reset-password", json=body)


async def reset_code(client, outbox, host="localhost:8000", count=2) -> str:
    """Requests a reset and answers the code from the e-mailed link."""
    await forgot(client, host=host)
    mail = (await outbox.wait(count))[-1]
    origin = "http://" + host
    link = link_in(mail, origin.replace(".", r"\.") + r"/reset\?code=")
    return parse_qs(urlsplit(link).query)["code"][0]


async def login(client, password):
    body = {"identifier": "ouder@example.com", "password": password}
    return await client.post("/api/auth/local", json=body)


async def test_forgot_password_answers_the_same_for_any_address_and_mails_only_accounts(
    client, database, outbox
):
    await confirmed_user(client)
    await outbox.wait(1)  # the confirmation

    known = await forgot(client, "ouder@example.com", host="fr.localhost:8000")
    unknown = await forgot(client, "niemand@example.com", host="fr.localhost:8000")

    assert (known.status, known.json) == (unknown.status, unknown.json) == (200, {"ok": True})
    mails = await outbox.settled()
    assert len(mails) == 2
    assert mails[1]["To"] == "ouder@example.com"
    assert "mot de passe" in mails[1]["Subject"].lower()  # the domain's language
    link_in(mails[1], r"http://fr\.localhost:8000/reset\?code=")


async def test_a_reset_sets_the_password_signs_in_and_ends_other_sessions(client, database, outbox):
    old_session = (await confirmed_user(client))["jwt"]
    code = await reset_code(client, outbox)

    response = await reset(client, code)

    assert response.status == 200
    assert response.json["user"]["email"] == "ouder@example.com"
    assert (await client.get("/api/users/me", headers=bearer(old_session))).status == 401
    new_session = response.json["jwt"]
    assert (await client.get("/api/users/me", headers=bearer(new_session))).status == 200
    assert (await login(client, PASSWORD)).status == 400
    assert (await login(client, NEW)).status == 200
    notice = (await outbox.wait(3))[-1]
    assert notice["Subject"] == "Je Splash-wachtwoord is gewijzigd"
    link_in(notice, r"http://localhost:8000/wachtwoord-vergeten")


async def test_a_used_code_is_refused(client, database, outbox):
    await confirmed_user(client)
    code = await reset_code(client, outbox)
    assert (await reset(client, code)).status == 200

    again = await reset(client, code, "Nog-Een-Wachtwoord")

    assert again.status == 400
    assert again.json["error"]["details"]["code"] == "invalid_code"
    assert error_paths(again) == [["code"]]
    assert (await login(client, NEW)).status == 200


async def test_an_expired_code_is_refused(client, database, outbox):
    await confirmed_user(client)
    code = await reset_code(client, outbox)
    await AccountToken.filter(kind="reset").update(
        expires_at=datetime.now(UTC) - timedelta(seconds=1)
    )

    response = await reset(client, code)

    assert response.json["error"]["details"]["code"] == "invalid_code"
    assert (await login(client, PASSWORD)).status == 200


async def test_a_code_lives_one_hour(client, database, outbox):
    await confirmed_user(client)
    await reset_code(client, outbox)
    token = await AccountToken.get(kind="reset")
    assert timedelta(minutes=59) < token.expires_at - token.created_at <= timedelta(minutes=61)


@pytest.mark.parametrize("code", [{}, [], None, 12345, True, "", "not-a-real-code", "x" * 300])
async def test_a_code_that_is_not_a_known_string_is_a_400(client, database, outbox, code):
    await confirmed_user(client)
    await reset_code(client, outbox)  # a real code exists meanwhile

    response = await reset(client, code)

    assert response.status == 400
    assert ["code"] in error_paths(response)
    assert (await login(client, PASSWORD)).status == 200


async def test_a_mismatched_confirmation_is_refused_and_keeps_the_code(client, database, outbox):
    await confirmed_user(client)
    code = await reset_code(client, outbox)

    response = await reset(client, code, NEW, "Iets-Anders-2026")

    assert response.status == 400
    assert response.json["error"]["details"]["code"] == "passwords_mismatch"
    assert error_paths(response) == [["passwordConfirmation"]]
    assert (await reset(client, code)).status == 200


async def test_a_newer_reset_makes_older_links_useless_once_one_is_used(client, database, outbox):
    await confirmed_user(client)
    first = await reset_code(client, outbox, count=2)
    second = await reset_code(client, outbox, count=3)

    assert (await reset(client, second)).status == 200
    assert (await reset(client, first, "Weer-Een-Ander")).status == 400


async def test_a_reset_confirms_an_unconfirmed_address(client, database, outbox):
    await client.post(
        "/api/auth/local/register",
        json={"username": "ouder@example.com", "email": "ouder@example.com", "password": PASSWORD},
    )
    code = await reset_code(client, outbox)
    assert (await reset(client, code)).json["user"]["confirmed"] is True
    assert (await User.get(email="ouder@example.com")).confirmed is True


# --- change password -----------------------------------------------------------------------------


async def change(client, token, current=PASSWORD, password=NEW, confirmation=None):
    body = {
        "currentPassword": current,
        "password": password,
        "passwordConfirmation": confirmation or password,
    }
    headers = bearer(token) if token else {}
    return await client.post("/api/auth/change-password", json=body, headers=headers)


async def test_changing_the_password_signs_in_again_and_ends_other_sessions(
    client, database, outbox
):
    registered = await confirmed_user(client)
    other = (await login(client, PASSWORD)).json["jwt"]

    response = await change(client, registered["jwt"])

    assert response.status == 200
    for token in (registered["jwt"], other):
        assert (await client.get("/api/users/me", headers=bearer(token))).status == 401
    assert (await client.get("/api/users/me", headers=bearer(response.json["jwt"]))).status == 200
    assert (await login(client, NEW)).status == 200
    assert len(await outbox.wait(2)) == 2  # confirmation, then the changed-password notice


async def test_changing_needs_the_current_password_and_a_matching_confirmation(client, database):
    registered = await confirmed_user(client)

    wrong = await change(client, registered["jwt"], current="Verkeerd-2026")
    mismatch = await change(client, registered["jwt"], confirmation="Iets-Anders-2026")
    short = await change(client, registered["jwt"], password="kort")

    assert wrong.json["error"]["details"]["code"] == "current_password_incorrect"
    assert error_paths(wrong) == [["currentPassword"]]
    assert mismatch.json["error"]["details"]["code"] == "passwords_mismatch"
    assert error_paths(short) == [["password"]]
    assert (await login(client, PASSWORD)).status == 200


async def test_changing_without_a_token_is_a_401(client, database):
    await confirmed_user(client)
    assert (await change(client, None)).status == 401


@pytest.mark.parametrize(
    "email",
    [
        " " * 10 + "ouder@example.com" + " " * 240,  # kept, it would fit; sent, it does not
        "\u0085" + "ouder@example.com" + "*" * 240,
    ],
)
async def test_an_address_longer_than_its_documented_254_characters_is_a_400(
    client, database, email
):
    """The schema says maxLength 254 for what is sent: whitespace that would be stripped counts."""
    response = await forgot(client, email)

    assert response.status == 400
    assert error_paths(response) == [["email"]]


# --- the first password of an account a guest's paid order made (issue 24 point 16) -----------


async def _password_changed_jobs() -> int:
    return await OutboxJob.filter(kind="password_changed").count()


async def test_setting_the_first_password_sends_no_password_changed_alarm(client, database):
    user, made = await account_for_paid_order("gast@example.com", "Gerda", "Gast", "nl")
    assert made
    link = await first_password_link(user.id, "http://localhost:8000/reset")
    assert link is not None
    query = parse_qs(urlsplit(link.url).query)
    assert query["first"] == ["1"]  # the page says "choose a password", not "new password"

    response = await reset(client, query["code"][0])

    assert response.status == 200, response.text
    assert await _password_changed_jobs() == 0
    assert (await User.get(id=user.id)).password_hash is not None


async def test_a_reset_of_an_existing_password_still_sends_the_alarm(client, database, outbox):
    await confirmed_user(client)
    code = await reset_code(client, outbox)

    assert (await reset(client, code)).status == 200

    assert await _password_changed_jobs() == 1
