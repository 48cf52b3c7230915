"""Signing in (POST /api/auth/local), session tokens (JWT, HS256 only, token version) and rate
limits on the account endpoints."""

from datetime import UTC, datetime, timedelta

import jwt
import pytest
from argon2 import PasswordHasher

from splash.accounts.models import User
from splash.core import passwords
from tests.accounts.support import PASSWORD, bearer, confirmed_user, register
from tests.support import serving

INCORRECT = "Email address and/or password incorrect"


async def login(client, identifier="ouder@example.com", password=PASSWORD, **kwargs):
    body = {"identifier": identifier, "password": password}
    return await client.post("/api/auth/local", json=body, **kwargs)


async def test_a_confirmed_parent_signs_in_with_any_case_of_their_email(client, database):
    await confirmed_user(client)

    response = await login(client, "  Ouder@EXAMPLE.com ")

    assert response.status == 200
    assert response.json["user"]["email"] == "ouder@example.com"
    me = await client.get("/api/users/me", headers=bearer(response.json["jwt"]))
    assert me.status == 200 and me.json["email"] == "ouder@example.com"


async def test_a_wrong_password_and_an_unknown_email_get_the_same_answer(client, database):
    await confirmed_user(client)

    wrong = await login(client, password="Verkeerd-2026")
    unknown = await login(client, identifier="niemand@example.com")

    assert wrong.status == unknown.status == 400
    assert wrong.json == unknown.json
    assert wrong.json["error"]["message"] == INCORRECT
    assert wrong.json["error"]["details"] == {"code": "invalid_credentials"}


async def test_an_unknown_email_costs_a_full_password_check(monkeypatch):
    """Same work as a wrong password (argon2 against a dummy hash), so timing tells nothing."""
    checked = []
    verify = PasswordHasher.verify

    def spy(self, stored, password):
        checked.append(stored)
        return verify(self, stored, password)

    monkeypatch.setattr(PasswordHasher, "verify", spy)

    assert await passwords.verify_password(None, PASSWORD) is False
    assert checked == [passwords._dummy_hash()]


async def test_not_confirmed_and_blocked_are_told_only_after_a_correct_password(client, database):
    await register(client)
    assert (await login(client, password="Verkeerd-2026")).json["error"]["details"] == {
        "code": "invalid_credentials"
    }
    unconfirmed = await login(client)
    assert unconfirmed.status == 400
    assert unconfirmed.json["error"]["details"] == {"code": "email_not_confirmed"}

    await User.filter(email="ouder@example.com").update(confirmed=True, blocked=True)
    assert (await login(client, password="Verkeerd-2026")).json["error"]["details"] == {
        "code": "invalid_credentials"
    }
    assert (await login(client)).json["error"]["details"] == {"code": "blocked"}


async def test_a_google_only_account_has_no_password_to_guess(client, database):
    await User.create(
        email="g@example.com", username="g@example.com", provider="google", confirmed=True
    )
    response = await login(client, "g@example.com", "")
    assert response.status == 400
    response = await login(client, "g@example.com", PASSWORD)
    assert response.json["error"]["details"] == {"code": "invalid_credentials"}


@pytest.mark.parametrize(
    "body",
    [{"identifier": "ouder@example.com"}, {"identifier": ["x"], "password": "y"}, {"x": 1}],
)
async def test_a_malformed_login_is_a_400(client, database, body):
    response = await client.post("/api/auth/local", json=body)
    assert response.status == 400
    assert response.json["error"]["name"] == "ValidationError"


# --- tokens --------------------------------------------------------------------------------------


def forged(settings, user_id, **changes):
    now = datetime.now(UTC)
    claims = {"sub": str(user_id), "ver": 0, "iat": now, "exp": now + timedelta(hours=1)}
    claims.update(changes.pop("claims", {}))
    return jwt.encode(claims, changes.pop("key", settings.secret_key), **changes)


@pytest.mark.parametrize(
    "make",
    [
        pytest.param(lambda s, uid: "", id="empty"),
        pytest.param(lambda s, uid: "not.a.jwt", id="garbage"),
        pytest.param(lambda s, uid: forged(s, uid, algorithm="none", key=None), id="alg none"),
        pytest.param(
            lambda s, uid: forged(s, uid, algorithm="HS256", key="an-other-secret-" * 3),
            id="wrong signature",
        ),
        pytest.param(lambda s, uid: forged(s, uid, algorithm="HS512"), id="HS512"),
        pytest.param(
            lambda s, uid: forged(
                s,
                uid,
                algorithm="HS256",
                claims={"exp": datetime.now(UTC) - timedelta(seconds=5)},
            ),
            id="expired",
        ),
        pytest.param(
            lambda s, uid: forged(s, uid, algorithm="HS256", claims={"ver": 1}),
            id="other version",
        ),
        pytest.param(lambda s, uid: forged(s, uid + 1, algorithm="HS256"), id="unknown user"),
        pytest.param(
            lambda s, uid: forged(s, uid, algorithm="HS256", claims={"sub": "abc"}), id="bad sub"
        ),
    ],
)
async def test_a_bad_token_is_a_401(client, database, settings, make):
    registered = await confirmed_user(client)
    token = make(settings, registered["user"]["id"])

    response = await client.get("/api/users/me", headers=bearer(token))

    assert response.status == 401
    assert response.json["error"]["name"] == "UnauthorizedError"
    good = forged(settings, registered["user"]["id"], algorithm="HS256")
    assert (await client.get("/api/users/me", headers=bearer(good))).status == 200


async def test_no_authorization_header_or_another_scheme_is_a_401(client, database):
    registered = await confirmed_user(client)
    assert (await client.get("/api/users/me")).status == 401
    basic = {"authorization": f"Basic {registered['jwt']}"}
    assert (await client.get("/api/users/me", headers=basic)).status == 401


async def test_a_blocked_user_is_signed_out(client, database):
    registered = await confirmed_user(client)
    await User.filter(id=registered["user"]["id"]).update(blocked=True)
    assert (await client.get("/api/users/me", headers=bearer(registered["jwt"]))).status == 401


async def test_logout_everywhere_revokes_every_token(client, database):
    await confirmed_user(client)
    phone = (await login(client)).json["jwt"]
    laptop = (await login(client)).json["jwt"]

    response = await client.post("/api/auth/logout-everywhere", headers=bearer(phone))

    assert (response.status, response.json) == (200, {"ok": True})
    for token in (phone, laptop):
        assert (await client.get("/api/users/me", headers=bearer(token))).status == 401
    fresh = (await login(client)).json["jwt"]
    assert (await client.get("/api/users/me", headers=bearer(fresh))).status == 200
    assert (await client.post("/api/auth/logout-everywhere")).status == 401


async def test_tokens_are_hs256_and_expire_after_the_session_days(client, database, settings):
    registered = await confirmed_user(client)
    header = jwt.get_unverified_header(registered["jwt"])
    claims = jwt.decode(registered["jwt"], options={"verify_signature": False})
    assert header["alg"] == "HS256"
    assert claims["exp"] - claims["iat"] == settings.session_days * 86400


# --- rate limits ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/auth/local", {"identifier": "ouder@example.com", "password": "Verkeerd-2026"}),
        ("/api/auth/local/register", {"username": "x", "email": "x", "password": "y"}),
        ("/api/auth/forgot-password", {"email": "ouder@example.com"}),
        (
            "/api/auth/reset-password",
            {"code": "x", "password": PASSWORD, "passwordConfirmation": PASSWORD},
        ),
    ],
)
async def test_the_eleventh_attempt_within_ten_minutes_is_a_429(app, database, path, body):
    async with serving(app) as http:
        statuses = [(await http.post(path, json=body)).status_code for _ in range(10)]
        limited = await http.post(path, json=body)
        other = await http.post(
            "/api/auth/send-email-confirmation", json={"email": "ouder@example.com"}
        )

    assert 429 not in statuses
    assert limited.status_code == 429
    assert limited.json()["error"]["name"] == "RateLimitError"
    assert 1 <= int(limited.headers["retry-after"]) <= 600
    assert other.status_code == 200  # another path has its own count


async def test_a_forwarded_header_does_not_escape_the_limit_without_a_trusted_proxy(app, database):
    body = {"identifier": "ouder@example.com", "password": "Verkeerd-2026"}
    async with serving(app) as http:
        for number in range(10):
            await http.post(
                "/api/auth/local", json=body, headers={"x-forwarded-for": f"203.0.113.{number}"}
            )
        limited = await http.post(
            "/api/auth/local", json=body, headers={"x-forwarded-for": "198.51.100.7"}
        )
    assert limited.status_code == 429
