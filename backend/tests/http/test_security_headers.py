"""Security headers on every kind of response (issue 11, point 5), and a CSP nonce made per
response that is never baked into a published file."""

from __future__ import annotations

import re

import pytest

from splash.core.config import Settings
from splash.shared.http.security_headers import content_security_policy
from tests.support import serving

EXPECTED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "cross-origin-resource-policy": "same-origin",
}


def policy(response) -> dict[str, list[str]]:
    """The Content-Security-Policy as directive → sources."""
    directives = (part.split() for part in response.headers["content-security-policy"].split(";"))
    return {words[0]: words[1:] for words in directives if words}


def assert_secured(response, what: str) -> None:
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, f"{what}: {name}"
    csp = policy(response)
    assert csp["script-src"][0] == "'self'", what
    assert all(s == "'self'" or s.startswith("'nonce-") for s in csp["script-src"]), what
    assert (csp["object-src"], csp["base-uri"], csp["frame-ancestors"]) == (
        ["'none'"],
        ["'self'"],
        ["'none'"],
    ), what
    permissions = response.headers["permissions-policy"]
    assert "camera=()" in permissions and "geolocation=()" in permissions, what
    assert "strict-transport-security" not in response.headers, f"{what}: HSTS over http"


async def test_every_kind_of_response_carries_the_headers(client, seeded):
    html = (await client.get("/")).text
    asset = re.search(r'"(/assets/[^"]+\.js)"', html).group(1)  # one the entry loader names
    etag = (await client.get("/_payload/index.json")).headers["etag"]
    kinds = {
        "home page": await client.get("/"),
        "content page": await client.get("/over-ons"),
        "404 page": await client.get("/bestaat-niet"),
        "API answer": await client.get("/api/i18n/locales"),
        "API 404": await client.get("/api/bestaat-niet"),
        "API 405": await client.post("/api/i18n/locales", json={}),
        "API 400": await client.get("/api/articles?pagination[pageSize]=x"),
        "asset": await client.get(asset),
        "media": await client.get("/media/pages/about.webp"),
        "payload": await client.get("/_payload/index.json"),
        "payload 304": await client.get("/_payload/index.json", headers={"if-none-match": etag}),
        "trailing-slash redirect": await client.get("/inloggen/", follow_redirects=False),
        "locale redirect": await client.get("/?locale=en", follow_redirects=False),
        "sitemap": await client.get("/sitemap.xml"),
        "robots": await client.get("/robots.txt"),
        "health": await client.get("/healthz"),
        "cross-site 403": await client.post(
            "/api/auth/local", headers={"origin": "http://x.example"}
        ),
    }
    statuses = {what: response.status for what, response in kinds.items()}
    assert statuses == {
        **dict.fromkeys(kinds, 200),
        "404 page": 404,
        "API 404": 404,
        "API 405": 405,
        "API 400": 400,
        "payload 304": 304,
        "trailing-slash redirect": 301,
        "locale redirect": 302,
        "cross-site 403": 403,
    }
    for what, response in kinds.items():
        assert_secured(response, what)


async def test_a_malformed_request_target_answers_400_with_the_headers(app, database):
    async with serving(app) as http:
        response = await http.get("/", extensions={"target": b"https://evil.example?locale=en"})
    assert response.status_code == 400
    assert_secured(response, "absolute-form target")


def test_without_third_parties_the_policy_names_none():
    csp = content_security_policy(Settings())
    assert "googletagmanager" not in csp
    assert "recaptcha" not in csp
    assert "frame-src https://www.youtube-nocookie.com https://player.vimeo.com" in csp


def test_tag_manager_hosts_only_with_a_gtm_id():
    csp = content_security_policy(Settings(gtm_id="GTM-SPLASH1"))
    assert "script-src 'self' https://www.googletagmanager.com;" in csp
    assert "https://*.google-analytics.com" in csp
    assert "recaptcha" not in csp


def test_recaptcha_hosts_only_with_a_site_key():
    csp = content_security_policy(Settings(recaptcha_site_key="site-key"))
    assert (
        "script-src 'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/;"
        in csp
    )
    assert "https://recaptcha.google.com/recaptcha/" in csp
    assert "googletagmanager" not in csp


def test_the_vite_dev_server_is_allowed_only_in_make_dev():
    csp = content_security_policy(Settings(vite_dev_url="http://localhost:5173"), nonce="abc")
    assert "script-src 'self' 'nonce-abc' http://localhost:5173;" in csp
    assert "connect-src 'self' http://localhost:5173 ws://localhost:5173" in csp
    assert "5173" not in content_security_policy(Settings(), nonce="abc")


@pytest.mark.parametrize(("scheme", "hsts"), [("http", None), ("https", "max-age=31536000")])
async def test_hsts_only_when_the_shop_is_https(settings, database, scheme, hsts):
    from splash.site.app import create_app

    app = create_app(Settings(**{**settings.model_dump(), "scheme": scheme}))
    _, response = await app.asgi_client.get("/healthz", headers={"host": "localhost:8000"})
    assert response.headers.get("strict-transport-security") == hsts


async def test_the_api_docs_page_alone_may_load_swagger_ui(client, database):
    docs = await client.get("/api/docs")
    [nonce] = re.findall(r'<script nonce="([^"]+)">SwaggerUIBundle', docs.text)
    csp = policy(docs)
    assert csp["script-src"] == [
        "'self'",
        f"'nonce-{nonce}'",
        "https://unpkg.com/swagger-ui-dist@5/",
    ]
    assert "unpkg" not in (await client.get("/api/openapi.json")).headers["content-security-policy"]


def test_lesson_videos_from_a_cdn_are_allowed_only_when_one_is_set():
    csp = content_security_policy(Settings(video_base_url="https://videos.splash.example/lessons"))
    origin = "https://videos.splash.example"
    assert f"img-src 'self' {origin};" in csp
    assert f"connect-src 'self' {origin};" in csp
    assert f"media-src 'self' blob: {origin};" in csp
    assert "videos.splash" not in content_security_policy(Settings())


def test_library_images_from_a_cdn_are_allowed_only_when_one_is_set():
    csp = content_security_policy(Settings(media_base_url="https://images.splash.example/shop"))
    assert "img-src 'self' https://images.splash.example;" in csp
    assert "connect-src 'self';" in csp  # images only
    assert "images.splash" not in content_security_policy(Settings())


async def test_the_spa_may_style_inline_but_scripts_stay_nonce_only(client, seeded):
    """media-chrome styles its shadow roots with <style> elements no nonce reaches; hls.js plays
    through a blob: MediaSource and a blob: worker. Other pages keep their own styles."""
    page = policy(await client.get("/academy/leren-zwemmen"))
    assert page["style-src"] == ["'self'", "'unsafe-inline'"]
    assert [s for s in page["script-src"] if not s.startswith("'nonce-")] == ["'self'"]
    assert (page["media-src"], page["worker-src"]) == (["'self'", "blob:"], ["'self'", "blob:"])
    assert policy(await client.get("/api/i18n/locales"))["style-src"] == ["'self'"]
