"""Changing the e-mail address: POST /api/auth/change-email (current password, new address)
mails a single-use link to the new address; GET /api/auth/email-change follows it, changes the
address and username, ends every session and tells the old address."""

from datetime import UTC, datetime, timedelta
from urllib.parse import urlsplit

import pytest

from splash.accounts.models import AccountToken, User
from splash.accounts.services import session_token
from splash.shared.mail import templates
from tests.accounts.support import (
    PASSWORD,
    bearer,
    confirmed_user,
    error_paths,
    link_in,
    register,
    text_of,
)

NEW = "nieuw.adres@example.com"
LINK = r"http://[^/\s]+/api/auth/email-change\?code="


async def ask(client, token, email=NEW, password=PASSWORD, **kwargs):
    body = {"email": email, "currentPassword": password}
    headers = bearer(token) if token else {}
    return await client.post("/api/auth/change-email", json=body, headers=headers, **kwargs)


async def follow(client, link):
    parts = urlsplit(link)
    return await client.get(f"{parts.path}?{parts.query}", host=parts.netloc)


def status_of(response) -> str:
    location = response.headers["location"]
    assert location.startswith("/email-confirmed?status="), location
    return location.rsplit("=", 1)[1]


async def test_the_link_sent_to_the_new_address_changes_it_and_ends_every_session(
    client, database, outbox
):
    registered = await confirmed_user(client)
    token = registered["jwt"]

    response = await ask(client, token, email="Nieuw.Adres@Example.com")

    assert response.status == 200
    assert response.json == {"email": NEW, "sent": True}
    user = await User.get(id=registered["user"]["id"])
    assert user.email == "ouder@example.com"  # nothing changes before the link is opened
    mails = await outbox.wait(2)  # the registration's confirmation, then the change link
    change = mails[-1]
    assert change["To"] == NEW
    link = link_in(change, LINK)

    followed = await follow(client, link)

    assert followed.status == 302
    assert status_of(followed) == "changed"
    user = await User.get(id=user.id)
    assert (user.email, user.username, user.confirmed) == (NEW, NEW, True)
    assert (await client.get("/api/users/me", headers=bearer(token))).status == 401
    notice = (await outbox.wait(3))[-1]
    assert notice["To"] == "ouder@example.com"
    assert NEW in text_of(notice)
    old = {"identifier": "ouder@example.com", "password": PASSWORD}
    assert (await client.post("/api/auth/local", json=old)).status == 400
    new = {"identifier": NEW, "password": PASSWORD}
    assert (await client.post("/api/auth/local", json=new)).status == 200


async def test_a_second_visit_of_the_link_still_lands_on_changed(client, database, outbox):
    await ask(client, (await confirmed_user(client))["jwt"])
    link = link_in((await outbox.wait(2))[-1], LINK)

    assert status_of(await follow(client, link)) == "changed"
    assert status_of(await follow(client, link)) == "changed"
    assert len(await outbox.settled()) == 3  # one notice to the old address, not two


async def test_the_mail_goes_out_in_the_domains_language(client, database, outbox):
    await ask(client, (await confirmed_user(client))["jwt"], host="de.localhost:8000")

    change = (await outbox.wait(2))[-1]
    context = {"name": "", "shop_url": "", "link": "", "valid_hours": 24, "new_email": NEW}
    assert change["Subject"] == templates.render("email_change", "de", context)[0]


@pytest.mark.parametrize(
    "body, code, path",
    [
        (
            {"email": NEW, "password": "Verkeerd-2026"},
            "current_password_incorrect",
            "currentPassword",
        ),
        ({"email": "ouder@example.com"}, "email_unchanged", "email"),
        ({"email": "OUDER@example.com"}, "email_unchanged", "email"),
        ({"email": "ander@example.com"}, "email_taken", "email"),
    ],
)
async def test_refusals_name_their_field_and_change_nothing(
    client, database, outbox, body, code, path
):
    await register(client, "ander@example.com")
    registered = await confirmed_user(client)

    response = await ask(client, registered["jwt"], **body)

    assert response.status == 400
    assert response.json["error"]["details"]["code"] == code
    assert error_paths(response) == [[path]]
    assert await AccountToken.filter(kind="email_change").count() == 0
    assert (await User.get(id=registered["user"]["id"])).email == "ouder@example.com"


@pytest.mark.parametrize(
    "body, path",
    [
        ({"email": "geen-adres", "currentPassword": PASSWORD}, ["email"]),
        ({"email": NEW}, ["currentPassword"]),
        ({"email": NEW, "currentPassword": PASSWORD, "confirmed": True}, ["confirmed"]),
        ({"email": ["a@b.nl"], "currentPassword": PASSWORD}, ["email"]),
    ],
)
async def test_a_malformed_body_is_a_400_naming_the_field(client, database, body, path):
    token = (await confirmed_user(client))["jwt"]
    response = await client.post("/api/auth/change-email", json=body, headers=bearer(token))
    assert response.status == 400
    assert path in error_paths(response)


async def test_without_a_valid_token_it_is_a_401(client, database):
    await confirmed_user(client)
    assert (await ask(client, None)).status == 401
    assert (await ask(client, "not-a-token")).status == 401


async def test_an_account_without_a_password_cannot_change_it_here(client, database, settings):
    user = await User.create(
        email="google.ouder@example.com",
        username="google.ouder@example.com",
        provider="google",
        google_sub="10987654321",
        confirmed=True,
    )
    response = await ask(client, session_token(user, settings), password="whatever-1")
    assert response.status == 400
    assert response.json["error"]["details"]["code"] == "no_password"


async def test_an_expired_unknown_or_non_string_code_is_invalid(client, database, outbox):
    registered = await confirmed_user(client)
    await ask(client, registered["jwt"])
    link = link_in((await outbox.wait(2))[-1], LINK)
    await AccountToken.filter(kind="email_change").update(
        expires_at=datetime.now(UTC) - timedelta(seconds=1)
    )

    assert status_of(await follow(client, link)) == "invalid"
    for query in ("code=unknown", "code=", "", "code[a]=b", "code=" + "x" * 300):
        response = await client.get(f"/api/auth/email-change?{query}")
        assert response.status in (302, 400), query
        if response.status == 302:
            assert status_of(response) == "invalid"
    assert (await User.get(id=registered["user"]["id"])).email == "ouder@example.com"


async def test_an_address_registered_meanwhile_is_not_taken_over(client, database, outbox):
    registered = await confirmed_user(client)
    await ask(client, registered["jwt"])
    link = link_in((await outbox.wait(2))[-1], LINK)
    await register(client, NEW)  # someone else registers the address before the link is opened

    assert status_of(await follow(client, link)) == "taken"
    assert (await User.get(id=registered["user"]["id"])).email == "ouder@example.com"
    assert await User.filter(email=NEW).count() == 1


async def test_the_link_also_confirms_an_account_that_was_not_confirmed(client, database, outbox):
    registered = await register(client)
    await ask(client, registered.json["jwt"])
    link = link_in((await outbox.wait(2))[-1], LINK)

    assert status_of(await follow(client, link)) == "changed"
    user = await User.get(id=registered.json["user"]["id"])
    assert (user.email, user.confirmed) == (NEW, True)
