"""reCAPTCHA v3 against a real local stub of Google's siteverify (HTTP on 127.0.0.1,
``testkit.recaptcha_stub``): the verifier on its own, and the contact form endpoint with
the captcha off and on."""

from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from splash.core.errors import ValidationError
from splash.forms.models import FormSubmission
from splash.shared.http.captcha import MESSAGE, CaptchaVerifier
from splash.site.app import create_app
from testkit.recaptcha_stub import Siteverify
from tests.support import free_port, serving

URL = "/api/forms/contact/submissions"
DATA = {
    "name": "Anna de Vries",
    "email": "anna@example.org",
    "message": "Does the float suit fit a 3-year-old?",
    "consent": True,
}


@pytest.fixture
def siteverify() -> Iterator[Siteverify]:
    with Siteverify() as stub:
        yield stub


def refusal_of(exc: pytest.ExceptionInfo) -> tuple:
    error = exc.value
    return error.status, error.message, error.details


REFUSED = (
    400,
    MESSAGE,
    {"errors": [{"path": ["captchaToken"], "message": MESSAGE, "name": "ValidationError"}]},
)


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(verify=False) as client:  # the stub speaks plain HTTP
        yield client


def verifier(http, url, secret="s3cret", min_score=0.5, action="submit") -> CaptchaVerifier:
    return CaptchaVerifier(http, secret, url, min_score, action)


# --- the verifier --------------------------------------------------------------------------------


async def test_a_good_token_passes_and_google_sees_secret_token_and_address(http, siteverify):
    await verifier(http, siteverify.url).verify("good", "203.0.113.9")

    assert siteverify.requests == [
        {
            "path": "/recaptcha/api/siteverify",
            "content_type": "application/x-www-form-urlencoded",
            "form": {"secret": "s3cret", "response": "good", "remoteip": "203.0.113.9"},
        }
    ]


async def test_without_a_secret_nothing_is_checked(http, siteverify):
    captcha = verifier(http, siteverify.url, secret=None)

    assert captcha.enabled is False
    await captcha.verify(None, "203.0.113.9")
    await captcha.verify("bad", "203.0.113.9")
    assert siteverify.requests == []


@pytest.mark.parametrize("token", [None, ""])
async def test_a_missing_token_is_refused_without_asking_google(http, siteverify, token):
    with pytest.raises(ValidationError) as refused:
        await verifier(http, siteverify.url).verify(token, "203.0.113.9")

    assert refusal_of(refused) == REFUSED
    assert siteverify.requests == []


@pytest.mark.parametrize(
    "token",
    [
        "low",
        "wrong-action",
        "bad",
        "no-score",
        "text-score",
        "text-success",
        "list",
        "garbage",
        "server-error",
    ],
)
async def test_a_token_google_does_not_vouch_for_is_refused(http, siteverify, token):
    with pytest.raises(ValidationError) as refused:
        await verifier(http, siteverify.url).verify(token, "203.0.113.9")

    assert refusal_of(refused) == REFUSED
    assert siteverify.tokens == [token]


async def test_an_unreachable_verify_url_is_refused_not_a_crash(http):
    closed = f"http://127.0.0.1:{free_port()}/siteverify"

    with pytest.raises(ValidationError) as refused:
        await verifier(http, closed).verify("good", "203.0.113.9")

    assert refusal_of(refused) == REFUSED


async def test_the_minimum_score_is_inclusive_and_a_setting(http, siteverify):
    await verifier(http, siteverify.url, min_score=0.5).verify("exact", "203.0.113.9")
    await verifier(http, siteverify.url, min_score=0.1).verify("low", "203.0.113.9")

    with pytest.raises(ValidationError):
        await verifier(http, siteverify.url, min_score=0.95).verify("good", "203.0.113.9")


async def test_the_expected_action_is_a_setting(http, siteverify):
    await verifier(http, siteverify.url, action="login").verify("wrong-action", "203.0.113.9")

    with pytest.raises(ValidationError):
        await verifier(http, siteverify.url, action="login").verify("good", "203.0.113.9")


async def test_a_slow_verify_url_is_refused_after_the_timeout(http, siteverify):
    slow = CaptchaVerifier(http, "s3cret", siteverify.url, 0.5, "submit", timeout=0.1)
    with pytest.raises(ValidationError) as refused:
        await slow.verify("slow", "203.0.113.9")
    assert refused.value.details["errors"][0]["path"] == ["captchaToken"]


# --- through the endpoint ------------------------------------------------------------------------


def captcha_app(settings, siteverify_url, **update):
    return create_app(
        settings.model_copy(
            update={"recaptcha_secret": "s3cret", "recaptcha_verify_url": siteverify_url, **update}
        )
    )


async def submit(app, body):
    _, response = await app.asgi_client.post(URL, headers={"host": "localhost:8000"}, json=body)
    return response


async def test_with_the_captcha_off_a_submission_needs_no_token(client, database, siteverify):
    response = await client.post(URL, json={"data": DATA})

    assert response.status == 201
    assert await FormSubmission.all().count() == 1


async def test_with_the_captcha_on_a_missing_token_is_a_400_on_captcha_token(
    settings, database, siteverify
):
    app = captcha_app(settings, siteverify.url)

    response = await submit(app, {"data": DATA})

    assert response.status == 400
    assert response.json["error"] == {
        "status": 400,
        "name": "ValidationError",
        "message": MESSAGE,
        "details": {
            "errors": [{"path": ["captchaToken"], "message": MESSAGE, "name": "ValidationError"}]
        },
    }
    assert siteverify.requests == []
    assert await FormSubmission.all().count() == 0


async def test_with_the_captcha_on_a_good_token_is_accepted(settings, database, siteverify):
    app = captcha_app(settings, siteverify.url)

    response = await submit(app, {"data": DATA, "captchaToken": "good"})

    assert response.status == 201
    [request] = siteverify.requests
    # the ASGI test client's peer is "mockserver"; over real HTTP it is the client's address
    assert request["form"] == {"secret": "s3cret", "response": "good", "remoteip": "mockserver"}
    assert await FormSubmission.all().count() == 1


@pytest.mark.parametrize("token", ["low", "wrong-action", "bad", "garbage", "server-error"])
async def test_with_the_captcha_on_a_refused_token_is_a_400_and_nothing_is_kept(
    settings, database, siteverify, token
):
    app = captcha_app(settings, siteverify.url)

    response = await submit(app, {"data": DATA, "captchaToken": token})

    assert response.status == 400
    assert [e["path"] for e in response.json["error"]["details"]["errors"]] == [["captchaToken"]]
    assert siteverify.tokens == [token]
    assert await FormSubmission.all().count() == 0


async def test_an_unreachable_verify_url_is_a_400_not_a_500(settings, database):
    app = captcha_app(settings, f"http://127.0.0.1:{free_port()}/siteverify")

    response = await submit(app, {"data": DATA, "captchaToken": "good"})

    assert response.status == 400
    assert [e["path"] for e in response.json["error"]["details"]["errors"]] == [["captchaToken"]]
    assert await FormSubmission.all().count() == 0


async def test_min_score_and_action_come_from_the_settings(settings, database, siteverify):
    strict = captcha_app(settings, siteverify.url, recaptcha_min_score=0.95)
    login = captcha_app(settings, siteverify.url, recaptcha_action="login")

    assert (await submit(strict, {"data": DATA, "captchaToken": "good"})).status == 400
    assert (await submit(login, {"data": DATA, "captchaToken": "good"})).status == 400
    assert (await submit(login, {"data": DATA, "captchaToken": "wrong-action"})).status == 201


async def test_google_is_told_the_client_address_behind_a_trusted_proxy(
    settings, database, siteverify
):
    app = captcha_app(settings, siteverify.url, trusted_proxies=("127.0.0.1/32",))

    async with serving(app) as client:
        proxied = await client.post(
            URL,
            json={"data": DATA, "captchaToken": "good"},
            headers={"x-forwarded-for": "198.51.100.1, 203.0.113.9"},
        )
        direct = await client.post(URL, json={"data": DATA, "captchaToken": "good"})

    assert (proxied.status_code, direct.status_code) == (201, 201)
    assert [r["form"]["remoteip"] for r in siteverify.requests] == ["203.0.113.9", "127.0.0.1"]


def test_the_stub_answers_like_siteverify(siteverify):
    # a guard on the stub itself: form-encoded in, JSON out, like Google's
    response = httpx.post(siteverify.url, data={"secret": "s", "response": "bad"})

    assert response.headers["content-type"] == "application/json"
    assert response.json() == {"success": False, "error-codes": ["invalid-input-response"]}
    assert siteverify.requests[0]["form"] == {"secret": "s", "response": "bad"}
