"""Cross-site simple requests are refused (issue 11, point 7), over real HTTP: JSON endpoints
take only ``application/json`` (415); a state change from another site's page is a 403."""

from __future__ import annotations

import json

import pytest
from sanic import Request
from sanic import json as json_response

from splash.shared.http.cross_site import cross_site_reason
from tests.support import serving

CONTACT = "/api/forms/contact/submissions"
FORGOT = "/api/auth/forgot-password"
VISITOR = {"name": "Jonas", "email": "jo@example.de", "message": "Wann kommt sie?", "consent": True}
EVIL = "http://evil.example"
OWN = frozenset({"http://localhost:8000", "http://en.localhost:8000"})


def _error(response) -> dict:
    body = response.json()
    assert body["data"] is None
    return body["error"]


async def test_a_text_plain_contact_submission_from_another_site_is_refused(app, database):
    async with serving(app) as http:
        response = await http.post(
            CONTACT,
            content=json.dumps({"data": VISITOR}),
            headers={"content-type": "text/plain", "origin": EVIL},
        )
    assert response.status_code == 403
    error = _error(response)
    assert (error["name"], error["details"]) == ("ForbiddenError", {"origin": EVIL})


async def test_a_form_encoded_forgot_password_is_415_naming_the_content_type(app, database):
    async with serving(app) as http:
        response = await http.post(
            FORGOT,
            content=json.dumps({"email": "ouder@example.com"}),
            headers={"content-type": "application/x-www-form-urlencoded"},
        )
    assert response.status_code == 415
    error = _error(response)
    assert error["name"] == "UnsupportedMediaTypeError"
    assert [e["path"] for e in error["details"]["errors"]] == [["header", "content-type"]]


@pytest.mark.parametrize(
    "content_type",
    ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", ""],
)
async def test_json_endpoints_take_only_json(app, database, content_type):
    async with serving(app) as http:
        response = await http.post(
            CONTACT, content=json.dumps({"data": VISITOR}), headers={"content-type": content_type}
        )
    assert response.status_code == 415
    assert _error(response)["status"] == 415


async def test_json_with_a_charset_from_the_shops_own_page_is_accepted(app, database):
    async with serving(app, host="en.localhost:8000") as http:
        response = await http.post(
            CONTACT,
            content=json.dumps({"data": VISITOR}),
            headers={
                "content-type": "application/json; charset=utf-8",
                "origin": "http://en.localhost:8000",
                "sec-fetch-site": "same-origin",
            },
        )
    assert response.status_code == 201


async def test_a_request_without_origin_or_fetch_metadata_is_allowed(app, database):
    async with serving(app) as http:
        response = await http.post(FORGOT, json={"email": "ouder@example.com"})
    assert response.status_code == 200


@pytest.mark.parametrize(
    "headers",
    [
        {"origin": EVIL},
        {"origin": "null"},
        {"origin": "https://localhost:8000"},  # another scheme
        {"origin": "http://localhost:9000"},  # another port
        {"sec-fetch-site": "cross-site"},
        {"origin": "http://localhost:8000", "sec-fetch-site": "cross-site"},
    ],
)
async def test_json_from_another_site_is_refused_with_403(app, database, headers):
    async with serving(app) as http:
        response = await http.post(FORGOT, json={"email": "ouder@example.com"}, headers=headers)
    assert response.status_code == 403
    assert _error(response)["name"] == "ForbiddenError"


async def test_the_multipart_profile_update_is_refused_from_another_site(app, database):
    async with serving(app) as http:
        signup = {"username": "o@example.com", "email": "o@example.com", "password": "Zwem-2026!"}
        token = (await http.post("/api/auth/local/register", json=signup)).json()["jwt"]
        form = {"data": json.dumps({"firstname": "Mallory"})}
        auth = {"authorization": f"Bearer {token}"}
        refused = await http.put("/api/users/me", data=form, headers={**auth, "origin": EVIL})
        accepted = await http.put(
            "/api/users/me", data=form, headers={**auth, "origin": "http://localhost:8000"}
        )
    assert refused.status_code == 403
    assert (accepted.status_code, accepted.json()["firstname"]) == (200, "Mallory")


async def test_reading_is_never_refused(app, database):
    async with serving(app) as http:
        headers = {"origin": EVIL, "sec-fetch-site": "cross-site"}
        response = await http.get("/healthz", headers=headers)
    assert response.status_code == 200


async def test_a_route_marked_cross_site_takes_posts_from_other_sites(app, database):
    """The one documented exemption (the payment webhook will use it): a route context flag."""

    @app.post("/_test/provider-callback", ctx_cross_site=True)
    async def provider_callback(request: Request):
        return json_response({"got": request.form.get("id")})

    async with serving(app) as http:
        response = await http.post(
            "/_test/provider-callback", data={"id": "tr_1"}, headers={"origin": EVIL}
        )
    assert (response.status_code, response.json()) == (200, {"got": "tr_1"})


@pytest.mark.parametrize(
    ("method", "origin", "fetch_site", "refused"),
    [
        ("GET", EVIL, "cross-site", False),
        ("HEAD", EVIL, None, False),
        ("OPTIONS", EVIL, None, False),
        ("POST", None, None, False),
        ("POST", "http://localhost:8000", "same-origin", False),
        ("POST", "HTTP://EN.LOCALHOST:8000", "same-site", False),
        ("POST", None, "none", False),  # typed into the address bar or a bookmark
        ("POST", EVIL, None, True),
        ("PUT", "null", None, True),
        ("PATCH", None, "cross-site", True),
        ("DELETE", "http://localhost:8000.evil.example", None, True),
    ],
)
def test_cross_site_reason(method, origin, fetch_site, refused):
    assert (cross_site_reason(method, origin, fetch_site, OWN) is not None) is refused


@pytest.mark.parametrize(
    ("origin", "fetch_site", "refused"),
    [
        ("http://localhost:8000", "cross-site", False),  # splash.nl → splash.de: another site
        ("http://en.localhost:8000", "same-site", False),
        (EVIL, "cross-site", True),
        (None, None, True),  # a form post from no page of ours
        ("null", "cross-site", True),
    ],
)
def test_a_route_between_the_shop_s_domains_takes_only_its_own_origins(origin, fetch_site, refused):
    reason = cross_site_reason("POST", origin, fetch_site, OWN, between_shop_domains=True)
    assert (reason is not None) is refused
