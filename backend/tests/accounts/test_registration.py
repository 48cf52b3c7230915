"""Registration and e-mail confirmation: POST /api/auth/local/register, the link in the e-mail,
POST /api/auth/send-email-confirmation."""

from datetime import UTC, datetime, timedelta

import pytest

from splash.accounts.models import AccountToken, User
from splash.shared.outbox.models import OutboxJob
from tests.accounts.support import PASSWORD, bearer, error_paths, link_in, register


async def test_registering_signs_in_an_unconfirmed_user_and_mails_the_link(
    client, database, outbox
):
    response = await register(client, "Ouder@Example.com", host="en.localhost:8000")

    assert response.status == 200
    body = response.json
    assert set(body) == {"jwt", "user"}
    user = body["user"]
    assert user["email"] == user["username"] == "ouder@example.com"
    assert (user["provider"], user["confirmed"], user["blocked"]) == ("local", False, False)
    assert user["addresses"] == []
    assert "password" not in str(user).lower() and "token" not in str(user).lower()
    me = await client.get("/api/users/me", headers=bearer(body["jwt"]))
    assert me.status == 200 and me.json["id"] == user["id"]

    [mail] = await outbox.wait()
    assert mail["To"] == "ouder@example.com"
    assert mail["Subject"] == "Confirm your email address for Splash"  # the domain's language
    link = link_in(mail, r"http://en\.localhost:8000/api/auth/email-confirmation\?confirmation=")
    stored = await User.get(email="ouder@example.com")
    assert stored.password_hash.startswith("$argon2id$v=19$m=19456,t=2,p=1$")
    assert link.split("=", 1)[1] not in {t.token_hash for t in await AccountToken.all()}


async def test_the_confirmation_link_confirms_and_a_second_visit_still_lands_on_the_page(
    client, database, outbox
):
    await register(client, host="de.localhost:8000")
    [mail] = await outbox.wait()
    link = link_in(mail, r"http://de\.localhost:8000/api/")
    path = link.removeprefix("http://de.localhost:8000")

    first = await client.get(path, host="de.localhost:8000", follow_redirects=False)
    assert (first.status, first.headers["location"]) == (302, "/email-confirmed")
    assert (await User.get(email="ouder@example.com")).confirmed is True

    again = await client.get(path, host="de.localhost:8000", follow_redirects=False)
    assert (again.status, again.headers["location"]) == (302, "/email-confirmed")


@pytest.mark.parametrize("confirmation", ["", "not-a-real-link", "x" * 500])
async def test_an_unknown_confirmation_link_lands_on_the_invalid_message(
    client, database, confirmation
):
    response = await client.get(
        f"/api/auth/email-confirmation?confirmation={confirmation}", follow_redirects=False
    )
    assert (response.status, response.headers["location"]) == (
        302,
        "/email-confirmed?status=invalid",
    )


async def test_an_expired_confirmation_link_confirms_nothing(client, database, outbox):
    await register(client)
    [mail] = await outbox.wait()
    await AccountToken.filter(kind="confirm").update(
        expires_at=datetime.now(UTC) - timedelta(seconds=1)
    )
    path = link_in(mail, r"http://localhost:8000/api/").removeprefix("http://localhost:8000")

    response = await client.get(path, follow_redirects=False)

    assert response.headers["location"] == "/email-confirmed?status=invalid"
    assert (await User.get(email="ouder@example.com")).confirmed is False


async def test_a_taken_email_is_refused_by_name_whatever_its_case(client, database):
    await register(client, "ouder@example.com")

    response = await register(client, "OUDER@example.com")

    assert response.status == 400
    assert response.json["error"]["details"]["code"] == "email_taken"
    assert error_paths(response) == [["email"]]
    assert await User.all().count() == 1


@pytest.mark.parametrize(
    "change, field",
    [
        ({"role": "admin"}, "role"),
        ({"confirmed": True}, "confirmed"),
        ({"provider": "google"}, "provider"),
        ({"password": "kort"}, "password"),
        ({"password": "x" * 129}, "password"),
        ({"email": "geen-adres"}, "email"),
        ({"email": None}, "email"),
        ({"username": "iemand-anders@example.com"}, "username"),
    ],
)
async def test_bad_registrations_name_the_field_and_store_nothing(
    client, database, outbox, change, field
):
    body = {"username": "ouder@example.com", "email": "ouder@example.com", "password": PASSWORD}
    body.update(change)
    if field == "email" and change["email"] is not None:
        body["username"] = change["email"]

    response = await client.post("/api/auth/local/register", json=body)

    assert response.status == 400
    assert [field] in error_paths(response)
    assert await User.all().count() == 0
    assert await outbox.settled() == []


async def test_a_128_character_password_is_kept_whole(client, database):
    password = "ä" * 127 + "!"
    await register(client, password=password)
    await User.filter(email="ouder@example.com").update(confirmed=True)

    ok = await client.post(
        "/api/auth/local", json={"identifier": "ouder@example.com", "password": password}
    )
    cut = await client.post(
        "/api/auth/local", json={"identifier": "ouder@example.com", "password": password[:-1]}
    )

    assert (ok.status, cut.status) == (200, 400)


@pytest.mark.parametrize("body", [None, [], "text", 42])
async def test_a_body_that_is_not_an_object_is_a_400(client, database, body):
    response = await client.post("/api/auth/local/register", json=body)
    assert response.status == 400
    assert error_paths(response) == [["body"]]


async def test_resending_answers_the_same_for_any_address_and_mails_only_the_unconfirmed(
    client, database, outbox
):
    await register(client, "nieuw@example.com")
    await outbox.wait(1)

    answers = [
        await client.post("/api/auth/send-email-confirmation", json={"email": email})
        for email in ("nieuw@example.com", "onbekend@example.com")
    ]

    assert [a.status for a in answers] == [200, 200]
    assert answers[0].json == {"email": "nieuw@example.com", "sent": True}
    assert answers[1].json == {"email": "onbekend@example.com", "sent": True}
    mails = await outbox.wait(2)
    assert [m["To"] for m in mails] == ["nieuw@example.com", "nieuw@example.com"]
    assert len(await outbox.settled()) == 2


CONTROL_ADDRESSES = [
    "ou\u001cder@example.com",  # the attack's: a file separator in the local part
    "ouder@exam\u001cple.com",  # … and in the domain
    "ou\u0018der@example.com",  # a cancel: no whitespace to any regex engine
    "ouder@exam\u0018ple.com",
    "ouder\u007f@example.com",  # DEL
    "ouder@example.c\u009fom",  # a C1 control
    "ou\u200bder@example.com",  # format characters: invisible, or turning the text around
    "ouder@\u202eexample.com",
]


@pytest.mark.parametrize("email", CONTROL_ADDRESSES)
async def test_an_address_with_a_control_or_format_character_is_a_400_naming_it(
    client, database, outbox, email
):
    registered = await register(client, email)
    forgotten = await client.post("/api/auth/forgot-password", json={"email": email})

    assert registered.status == 400
    assert error_paths(registered) == [["username"], ["email"]]
    assert forgotten.status == 400
    assert error_paths(forgotten) == [["email"]]
    assert await User.all().count() == 0
    assert await OutboxJob.all().count() == 0  # no job for an address a mail cannot carry
