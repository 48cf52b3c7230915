"""Google sign-in, the whole flow over real HTTP against the stub OpenID Connect server
(testkit.google_stub): /api/connect/google (flow cookie) → Google's consent → our callback
(code + PKCE exchange, ID token verified) → the SPA's return point with a ticket →
GET /api/auth/google/callback?access_token=<ticket> (the same browser) → a session."""

from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from splash.accounts.models import AccountToken, Address, User
from splash.accounts.oidc import challenge_for
from testkit.google_stub import GoogleStub, decode
from tests.accounts.support import PASSWORD, bearer
from tests.support import serving

HOST = "en.localhost:8000"
RETURN = f"http://{HOST}/connect/google/redirect"
VICTIM = "ouder@example.com"


def query(url: str) -> dict[str, str]:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


@pytest.fixture
def google(google: GoogleStub) -> Iterator[GoogleStub]:
    """The session's stub, behaving again after each test that makes it misbehave."""
    yield google
    google.id_token_claims, google.foreign_key = {}, False


@asynccontextmanager
async def browser(http: httpx.AsyncClient) -> AsyncIterator[httpx.AsyncClient]:
    """Another browser (its own cookies) on the same Splash server."""
    async with httpx.AsyncClient(base_url=http.base_url, headers={"host": HOST}) as other:
        yield other


async def to_callback(http: httpx.AsyncClient, email: str = "google.ouder@example.com") -> str:
    """Starts the flow in ``http`` (the browser) and consents at Google: the callback URL."""
    start = await http.get("/api/connect/google")
    assert start.status_code == 302
    authorize = start.headers["location"]
    params = query(authorize)
    async with httpx.AsyncClient() as at_google:
        back = await at_google.get(
            authorize.split("?")[0] + "/approve",
            params={**params, "email": email, "given_name": "Lotte", "family_name": "Jansen"},
        )
    assert back.status_code == 302
    return back.headers["location"]


async def through_google(http: httpx.AsyncClient, email: str = "google.ouder@example.com") -> str:
    """The browser's part of the flow: where Splash finally sends it."""
    callback = urlsplit(await to_callback(http, email))
    assert callback.netloc == HOST
    finish = await http.get(callback.path, params=query(callback.geturl()))
    assert finish.status_code == 302
    return finish.headers["location"]


async def sign_in(
    http: httpx.AsyncClient, email: str = "google.ouder@example.com"
) -> httpx.Response:
    target = await through_google(http, email)
    assert target.startswith(f"{RETURN}?access_token="), target
    return await http.get("/api/auth/google/callback", params=query(target))


async def register(http: httpx.AsyncClient, email: str = VICTIM) -> dict:
    body = {"username": email, "email": email, "password": PASSWORD}
    registered = await http.post("/api/auth/local/register", json=body)
    assert registered.status_code == 200, registered.text
    return registered.json()


async def test_the_whole_flow_creates_a_confirmed_google_account(app, database, google):
    async with serving(app, HOST) as http:
        response = await sign_in(http)

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
        assert "splash_google" not in http.cookies  # the flow cookie ends with the sign-in
    assert await User.all().count() == 1


async def test_the_flow_uses_pkce_s256_a_nonce_and_the_client_secret(app, database, google):
    async with serving(app, HOST) as http:
        start = await http.get("/api/connect/google")
        authorize = query(start.headers["location"])
        await sign_in(http)

    exchange = google.token_requests[-1]
    assert authorize["code_challenge_method"] == "S256"
    assert len(authorize["nonce"]) >= 40 and len(authorize["state"]) >= 40
    assert exchange["client_secret"] == google.client_secret
    assert exchange["redirect_uri"] == f"http://{HOST}/api/connect/google/callback"
    assert len(exchange["code_verifier"]) >= 43


async def test_the_token_request_proves_the_challenge_of_its_flow(app, database, google):
    async with serving(app, HOST) as http:
        callback = urlsplit(await to_callback(http))
        finish = await http.get(callback.path, params=query(callback.geturl()))
    sent_to_google = query(callback.geturl())
    assert finish.headers["location"].startswith(f"{RETURN}?access_token=")
    code = sent_to_google["code"]
    flow = decode(code.removeprefix("code."))
    assert flow is not None
    assert challenge_for(google.token_requests[-1]["code_verifier"]) == flow["code_challenge"]


async def test_the_flow_cookie_is_httponly_lax_short_and_only_for_the_api(app, database):
    async with serving(app, HOST) as http:
        start = await http.get("/api/connect/google")

    cookie = start.headers["set-cookie"].lower()
    assert cookie.startswith("splash_google=")
    for attribute in ("httponly", "samesite=lax", "path=/api", "max-age=600"):
        assert attribute in cookie


async def test_a_ticket_works_once(app, database):
    async with serving(app, HOST) as http:
        target = await through_google(http)
        binding = http.cookies["splash_google"]
        first = await http.get("/api/auth/google/callback", params=query(target))
        http.cookies.set("splash_google", binding, domain="127.0.0.1", path="/api")
        again = await http.get("/api/auth/google/callback", params=query(target))
    assert first.status_code == 200
    assert again.status_code == 400
    assert again.json()["error"]["details"]["code"] == "provider_error"


# --- 1. pre-registration takeover ---------------------------------------------------------------


async def test_an_unconfirmed_account_becomes_googles_and_its_local_credentials_die(app, database):
    async with serving(app, HOST) as http:
        async with browser(http) as attacker:
            planted = await register(attacker)
            saved = await attacker.put(
                "/api/users/me",
                headers=bearer(planted["jwt"]),
                files={
                    "data": (
                        None,
                        '{"addresses": [{"street": "Kade", "housenumber": "1",'
                        ' "postalCode": "1011AA", "city": "Amsterdam",'
                        ' "country": "nl"}]}',
                    )
                },
            )
            assert saved.status_code == 200, saved.text

        response = await sign_in(http, VICTIM)
        stolen_session = await http.get("/api/users/me", headers=bearer(planted["jwt"]))
        password_login = await http.post(
            "/api/auth/local", json={"identifier": VICTIM, "password": PASSWORD}
        )

    assert response.status_code == 200
    user = response.json()["user"]
    assert user["id"] == planted["user"]["id"]
    assert (user["provider"], user["confirmed"], user["addresses"]) == ("google", True, [])
    assert stolen_session.status_code == 401
    assert password_login.status_code == 400
    assert password_login.json()["error"]["details"]["code"] == "invalid_credentials"
    stored = await User.get(id=user["id"])
    assert stored.password_hash is None and stored.google_sub == f"g-{VICTIM}"
    assert await Address.filter(user_id=user["id"]).count() == 0
    assert await AccountToken.filter(user_id=user["id"], kind="confirm", used_at=None).count() == 0


async def test_a_confirmed_account_is_never_linked_silently(app, database):
    async with serving(app, HOST) as http:
        owner = await register(http)
        await User.filter(email=VICTIM).update(confirmed=True)

        target = await through_google(http, VICTIM)

    assert target.startswith(f"{RETURN}?link=")
    assert query(target)["email"] == VICTIM
    stored = await User.get(id=owner["user"]["id"])
    assert stored.google_sub is None and stored.password_hash is not None
    assert await AccountToken.filter(kind="google-ticket").count() == 0


async def test_the_owner_links_google_by_proving_the_password(app, database):
    async with serving(app, HOST) as http:
        owner = await register(http)
        await User.filter(email=VICTIM).update(confirmed=True)
        code = query(await through_google(http, VICTIM))["link"]

        wrong = await http.post(
            "/api/auth/google/link", json={"code": code, "password": "Niet-het-wachtwoord"}
        )
        linked = await http.post("/api/auth/google/link", json={"code": code, "password": PASSWORD})
        next_time = await sign_in(http, VICTIM)
        password_login = await http.post(
            "/api/auth/local", json={"identifier": VICTIM, "password": PASSWORD}
        )

    assert wrong.status_code == 400
    assert wrong.json()["error"]["details"]["code"] == "invalid_credentials"
    assert linked.status_code == 200
    assert linked.json()["user"]["id"] == owner["user"]["id"]
    assert linked.json()["user"]["provider"] == "local"
    assert next_time.json()["user"]["id"] == owner["user"]["id"]
    assert password_login.status_code == 200  # the owner's password still works
    assert (await User.get(id=owner["user"]["id"])).google_sub == f"g-{VICTIM}"


async def test_a_link_ticket_needs_the_browser_that_started_the_flow(app, database):
    async with serving(app, HOST) as http:
        await register(http)
        await User.filter(email=VICTIM).update(confirmed=True)
        code = query(await through_google(http, VICTIM))["link"]
        async with browser(http) as other:
            response = await other.post(
                "/api/auth/google/link", json={"code": code, "password": PASSWORD}
            )
    assert response.status_code == 400
    assert response.json()["error"]["details"]["errors"][0]["path"] == ["code"]


# --- 2. login CSRF -------------------------------------------------------------------------------


async def test_a_callback_started_in_another_browser_is_refused(app, database):
    async with serving(app, HOST) as http:
        callback = urlsplit(await to_callback(http))  # the attacker's flow, never finished
        async with browser(http) as victim:
            await victim.get("/api/connect/google")  # the victim even has a flow of their own
            finish = await victim.get(callback.path, params=query(callback.geturl()))
    assert finish.headers["location"] == f"{RETURN}?error=state"
    assert await User.all().count() == 0


async def test_a_ticket_opened_in_another_browser_signs_nobody_in(app, database):
    async with serving(app, HOST) as http:
        target = await through_google(http)  # the attacker finishes at Google and at Splash
        async with browser(http) as victim:
            response = await victim.get("/api/auth/google/callback", params=query(target))
    assert response.status_code == 400
    assert response.json()["error"]["details"]["code"] == "provider_error"


@pytest.mark.parametrize(
    "tamper",
    [
        pytest.param(lambda q: {**q, "state": "forged-state"}, id="forged state"),
        pytest.param(lambda q: {k: v for k, v in q.items() if k != "state"}, id="no state"),
    ],
)
async def test_a_callback_without_our_state_is_refused(app, database, tamper):
    async with serving(app, HOST) as http:
        callback = urlsplit(await to_callback(http))
        finish = await http.get(callback.path, params=tamper(query(callback.geturl())))
    assert finish.headers["location"] == f"{RETURN}?error=state"


async def test_a_state_works_once(app, database):
    async with serving(app, HOST) as http:
        callback = urlsplit(await to_callback(http))
        await http.get(callback.path, params=query(callback.geturl()))
        replay = await http.get(callback.path, params=query(callback.geturl()))
    assert replay.headers["location"] == f"{RETURN}?error=state"


# --- 3. token substitution ----------------------------------------------------------------------


@pytest.mark.parametrize("client_id", [None, "another-app"], ids=["ours", "another client's"])
async def test_a_bare_google_access_token_signs_nobody_in(app, database, google, client_id):
    token = google.access_token({"sub": "7", "email": VICTIM, "email_verified": True}, client_id)
    async with serving(app, HOST) as http:
        await http.get("/api/connect/google")  # even with a flow cookie
        response = await http.get("/api/auth/google/callback", params={"access_token": token})
    assert response.status_code == 400
    assert response.json()["error"]["details"]["code"] == "provider_error"
    assert await User.all().count() == 0


@pytest.mark.parametrize(
    "claims, foreign_key",
    [
        pytest.param({"aud": "another-app", "azp": "another-app"}, False, id="another client"),
        pytest.param({"azp": "another-app"}, False, id="another authorized party"),
        pytest.param({"iss": "https://evil.example"}, False, id="another issuer"),
        pytest.param({"exp": 1_000_000_000, "iat": 999_990_000}, False, id="expired"),
        pytest.param({"nonce": "another-flows-nonce"}, False, id="another nonce"),
        pytest.param({"email_verified": False}, False, id="unverified e-mail"),
        pytest.param({}, True, id="signed with an unpublished key"),
    ],
)
async def test_an_id_token_that_is_not_for_this_sign_in_is_refused(
    app, database, google, claims, foreign_key
):
    google.id_token_claims, google.foreign_key = claims, foreign_key
    async with serving(app, HOST) as http:
        target = await through_google(http)
    assert target == f"{RETURN}?error=token"
    assert await User.all().count() == 0


# --- the rest of the flow -----------------------------------------------------------------------


async def test_cancelling_at_google_returns_with_an_error(app, database):
    async with serving(app, HOST) as http:
        start = await http.get("/api/connect/google")
        params = query(start.headers["location"])
        async with httpx.AsyncClient() as at_google:
            back = await at_google.get(
                start.headers["location"].split("?")[0] + "/deny", params=params
            )
        callback = urlsplit(back.headers["location"])
        finish = await http.get(callback.path, params=query(callback.geturl()))
    assert finish.headers["location"] == f"{RETURN}?error=denied"


async def test_a_wrong_client_secret_fails_the_exchange(settings, database):
    from splash.site.app import create_app

    app = create_app(settings.model_copy(update={"google_client_secret": "wrong"}))
    async with serving(app, HOST) as http:
        target = await through_google(http)
    assert target == f"{RETURN}?error=exchange"


async def test_google_keys_unreachable_is_an_error_not_a_500(settings, database):
    from splash.site.app import create_app
    from tests.support import free_port

    closed = f"http://127.0.0.1:{free_port()}/oauth2/v3/certs"
    app = create_app(settings.model_copy(update={"google_jwks_url": closed}))
    async with serving(app, HOST) as http:
        target = await through_google(http)
    assert target == f"{RETURN}?error=token"


async def test_without_credentials_google_sign_in_is_off(settings, database):
    from splash.site.app import create_app

    app = create_app(settings.model_copy(update={"google_client_id": None}))
    async with serving(app, HOST) as http:
        start = await http.get("/api/connect/google")
    assert start.headers["location"] == f"{RETURN}?error=unavailable"
    assert "set-cookie" not in start.headers


async def test_a_blocked_account_gets_no_ticket(app, database):
    async with serving(app, HOST) as http:
        await sign_in(http)
        await User.filter(email="google.ouder@example.com").update(blocked=True)
        target = await through_google(http)
    assert target == f"{RETURN}?error=blocked"


async def test_a_missing_access_token_is_a_400_naming_it(client, database):
    response = await client.get("/api/auth/google/callback")
    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["access_token"]
