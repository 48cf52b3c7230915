"""Google sign-in, the whole flow over real HTTP against the stub OAuth server
(splash.testing.google_stub): /api/connect/google → Google's consent → our callback → the SPA's
return point → GET /api/auth/google/callback?access_token=…"""

from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from splash.accounts.models import User
from splash.testing.google_stub import access_token
from tests.accounts.conftest import PASSWORD, bearer
from tests.support import serving

HOST = "en.localhost:8000"


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


async def through_google(
    http: httpx.AsyncClient,
    email: str = "google.ouder@example.com",
    approve: bool = True,
    tamper=None,
) -> str:
    """Runs the browser's part of the flow; answers where Splash finally sends the browser."""
    start = await http.get("/api/connect/google")
    assert start.status_code == 302
    authorize = start.headers["location"]
    params = query(authorize)
    assert params["redirect_uri"] == f"http://{HOST}/api/connect/google/callback"
    assert params["response_type"] == "code" and params["scope"] == "openid email profile"
    assert len(params["state"]) >= 40
    async with httpx.AsyncClient() as browser:
        consent = await browser.get(authorize)
        assert consent.status_code == 200 and "Choose an account" in consent.text
        base = authorize.split("?")[0]
        decision = f"{base}/approve" if approve else f"{base}/deny"
        back = await browser.get(
            decision,
            params={
                "redirect_uri": params["redirect_uri"],
                "state": params["state"],
                "email": email,
                "given_name": "Lotte",
                "family_name": "Jansen",
            },
        )
    assert back.status_code == 302
    callback = urlsplit(back.headers["location"])
    assert callback.netloc == HOST
    callback_query = query(back.headers["location"])
    if tamper:
        callback_query = tamper(callback_query)
    finish = await http.get(callback.path, params=callback_query)
    assert finish.status_code == 302
    return finish.headers["location"]


async def test_the_whole_flow_creates_a_confirmed_google_account(app, database, google):
    async with serving(app, HOST) as http:
        target = await through_google(http)
        assert target.startswith(f"http://{HOST}/connect/google/redirect?access_token=")
        token = query(target)["access_token"]

        response = await http.get("/api/auth/google/callback", params={"access_token": token})

        assert response.status_code == 200
        user = response.json()["user"]
        assert (user["email"], user["provider"], user["confirmed"]) == (
            "google.ouder@example.com",
            "google",
            True,
        )
        assert (user["firstname"], user["lastname"]) == ("Lotte", "Jansen")
        me = await http.get("/api/users/me", headers=bearer(response.json()["jwt"]))
        assert me.json()["id"] == user["id"]
        again = await http.get("/api/auth/google/callback", params={"access_token": token})
        assert again.json()["user"]["id"] == user["id"]
    assert google.token_requests[-1]["client_secret"] == google.client_secret
    assert google.token_requests[-1]["redirect_uri"] == f"http://{HOST}/api/connect/google/callback"
    assert await User.all().count() == 1


async def test_an_existing_password_account_with_that_email_is_linked_not_duplicated(app, database):
    async with serving(app, HOST) as http:
        registered = await http.post(
            "/api/auth/local/register",
            json={
                "username": "ouder@example.com",
                "email": "ouder@example.com",
                "password": PASSWORD,
            },
        )
        own_id = registered.json()["user"]["id"]
        target = await through_google(http, email="Ouder@Example.com")
        response = await http.get("/api/auth/google/callback", params=query(target))
        login = await http.post(
            "/api/auth/local", json={"identifier": "ouder@example.com", "password": PASSWORD}
        )

    user = response.json()["user"]
    assert user["id"] == own_id
    assert (user["provider"], user["confirmed"]) == ("local", True)  # Google verified the address
    assert await User.all().count() == 1
    assert login.status_code == 200  # the password still works


async def test_cancelling_at_google_returns_with_an_error(app, database):
    async with serving(app, HOST) as http:
        target = await through_google(http, approve=False)
    assert target == f"http://{HOST}/connect/google/redirect?error=denied"


@pytest.mark.parametrize(
    "tamper",
    [
        pytest.param(lambda q: {**q, "state": "forged-state"}, id="forged state"),
        pytest.param(lambda q: {k: v for k, v in q.items() if k != "state"}, id="no state"),
    ],
)
async def test_a_callback_without_our_state_is_refused(app, database, tamper):
    async with serving(app, HOST) as http:
        target = await through_google(http, tamper=tamper)
    assert target == f"http://{HOST}/connect/google/redirect?error=state"


async def test_a_state_works_once(app, database):
    async with serving(app, HOST) as http:
        used = {}

        def keep(q):
            used.update(q)
            return q

        await through_google(http, tamper=keep)
        replay = await http.get("/api/connect/google/callback", params=used)
    assert replay.headers["location"] == f"http://{HOST}/connect/google/redirect?error=state"


async def test_a_wrong_client_secret_fails_the_exchange(settings, database, google):
    from splash.app import create_app

    app = create_app(settings.model_copy(update={"google_client_secret": "wrong"}))
    async with serving(app, HOST) as http:
        target = await through_google(http)
    assert target == f"http://{HOST}/connect/google/redirect?error=exchange"


async def test_without_credentials_google_sign_in_is_off(settings, database):
    from splash.app import create_app

    app = create_app(settings.model_copy(update={"google_client_id": None}))
    async with serving(app, HOST) as http:
        start = await http.get("/api/connect/google")
    assert start.headers["location"] == f"http://{HOST}/connect/google/redirect?error=unavailable"


@pytest.mark.parametrize(
    "token", ["revoked-token", "stub.bm90LWpzb24", access_token({"sub": "1", "email": ""})]
)
async def test_a_token_google_refuses_is_a_400_provider_error(client, database, token):
    response = await client.get("/api/auth/google/callback", params={"access_token": token})
    assert response.status == 400
    assert response.json["error"]["details"]["code"] == "provider_error"
    assert await User.all().count() == 0


async def test_an_unverified_google_email_is_refused(client, database):
    token = access_token({"sub": "5", "email": "x@example.com", "email_verified": False})
    response = await client.get("/api/auth/google/callback", params={"access_token": token})
    assert response.json["error"]["details"]["code"] == "provider_error"


async def test_a_missing_access_token_is_a_400_naming_it(client, database):
    response = await client.get("/api/auth/google/callback")
    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["access_token"]


async def test_google_is_unreachable_is_a_400_not_a_500(settings, database):
    from splash.app import create_app
    from tests.support import free_port

    closed = f"http://127.0.0.1:{free_port()}/v1/userinfo"
    app = create_app(settings.model_copy(update={"google_userinfo_url": closed}))
    async with serving(app) as http:
        response = await http.get(
            "/api/auth/google/callback",
            params={"access_token": access_token({"sub": "1", "email": "a@example.com"})},
        )
    assert response.status_code == 400
    assert response.json()["error"]["details"]["code"] == "provider_error"
