"""The served site: published pages in the HTML shell, payloads, assets, build manifest."""

import json
import re

import pytest

from splash.content.models import Page
from splash.core.config import REPO_ROOT
from splash.site.web.publish import publish
from splash.site.web.services import app_alternates
from tests.web.support import inline_payload, root_fragment

NL_H1 = "Zelfverzekerd het water in"
EN_H1 = "Into the water with confidence"


def loader(html: str) -> str:
    """The inline script that asks for the SPA's entry after the first contentful paint."""
    found = re.search(r'<script nonce="[^"]+" id="splash-entry-loader">(.*?)</script>', html, re.S)
    assert found, "no entry loader"
    return found.group(1)


def entry_script(html: str) -> str:
    return re.search(r'entry\.src = "(/assets/[^"]+\.js)";', loader(html)).group(1)


async def test_dutch_home_page_arrives_rendered_with_its_head_tags(client, published):
    response = await client.get("/", host="localhost:8000")
    assert response.status == 200
    html = response.text
    assert '<html lang="nl">' in html
    assert (
        "<title>Splash | Drijfpakjes voor kinderen vanaf 3 jaar, met gratis zwemlessen</title>"
        in html
    )
    assert '<meta name="description" content="Veilig en zelfverzekerd leren zwemmen' in html
    assert '<link rel="canonical" href="http://localhost:8000/">' in html
    alternates = re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', html)
    assert alternates == [
        ("nl", "http://localhost:8000/"),
        ("en", "http://en.localhost:8000/"),
        ("de", "http://de.localhost:8000/"),
        ("es", "http://es.localhost:8000/"),
        ("fr", "http://fr.localhost:8000/"),
        ("sv", "http://sv.localhost:8000/"),
        ("x-default", "http://localhost:8000/"),
    ]
    assert '<meta property="og:locale" content="nl_NL">' in html
    assert re.findall(r'og:locale:alternate" content="(\w+)"', html) == [
        "en_GB",
        "de_DE",
        "es_ES",
        "fr_FR",
        "sv_SE",
    ]
    fragment = root_fragment(html)
    assert f">{NL_H1}</h1>" in fragment
    assert "Zwempakken" in fragment and "Veelgestelde vragen" in fragment  # header menus
    assert "Splash Swimwear B.V." in fragment and "81234567" in fragment  # footer
    assert "Privacybeleid" in fragment  # legal menu
    banner = re.findall(r'<span class="banner__item">([^<]+)</span>', fragment)
    assert banner == ["Gratis videozwemlessen bij elk drijfpak"] * 8


async def test_english_domain_serves_the_english_home_page(client, published):
    response = await client.get("/", host="en.localhost:8000")
    html = response.text
    assert '<html lang="en">' in html
    assert '<link rel="canonical" href="http://en.localhost:8000/">' in html
    assert '<meta property="og:locale" content="en_GB">' in html
    assert f">{EN_H1}</h1>" in root_fragment(html)
    payload = inline_payload(html)
    assert payload["locale"] == "en"
    assert payload["page"]["slug"] == "home"
    assert [i["title"] for i in payload["navigation"]["legal"]] == [
        "Privacy policy",
        "Terms and conditions",
        "Cookies",
    ]
    assert payload["settings"]["companyName"] == "Splash Swimwear B.V."
    assert payload["settings"]["address"] == {  # the footer's, the invoice's too
        "street": "Kanaalweg",
        "housenumber": "21",
        "postalCode": "3526 KL",
        "city": "Utrecht",
        "country": "nl",
    }
    assert payload["settings"]["origins"]["sv"] == "http://sv.localhost:8000"


async def test_an_unknown_host_gets_the_default_locale(client, published):
    response = await client.get("/", host="shop.example.org")
    assert '<html lang="nl">' in response.text


async def test_the_shell_links_hashed_assets_that_exist(client, published):
    html = (await client.get("/")).text
    script = entry_script(html)
    styles = re.findall(r'<link rel="stylesheet" href="(/assets/[^"]+\.css)">', html)
    assert (REPO_ROOT / "frontend" / "dist" / script.lstrip("/")).is_file()
    assert styles and all(
        (REPO_ROOT / "frontend" / "dist" / s.lstrip("/")).is_file() for s in styles
    )
    assert re.search(r'"/assets/nl-[^"]+\.js"', loader(html))  # the locale's texts, with it


async def test_unmatched_path_is_a_404_with_the_404_screen_in_the_domains_language(
    client, published
):
    response = await client.get("/deze-pagina-bestaat-niet")
    assert response.status == 404
    html = response.text
    title = json.loads((REPO_ROOT / "frontend/src/locales/nl.json").read_text())["general"]["404"]
    assert f"<title>{title['title']} | Splash</title>" in html
    assert f">{title['title']}</h1>" in root_fragment(html)
    assert title["btn"] in root_fragment(html)
    assert '<img src="/images/404.svg"' in html
    assert '<meta name="robots" content="noindex">' in html
    assert 'rel="canonical"' not in html
    english = await client.get("/this-page-does-not-exist", host="en.localhost:8000")
    assert english.status == 404
    assert "Oops! This page has gone swimming and is no longer available</h1>" in english.text


async def test_a_route_of_another_locale_is_a_404(client, published):
    assert (await client.get("/inloggen", host="en.localhost:8000")).status == 404
    assert (await client.get("/login", host="en.localhost:8000")).status == 200


async def test_an_in_browser_route_is_served_with_menus_and_its_alternates(client, published):
    response = await client.get("/inloggen")
    assert response.status == 200
    assert "<title>Inloggen | Splash</title>" in response.text
    assert '<link rel="alternate" hreflang="en" href="http://en.localhost:8000/login">' in (
        response.text
    )
    payload = inline_payload(response.text)
    assert payload["route"]["name"] == "login"
    assert payload["alternates"]["de"] == "/anmelden"
    assert payload["settings"]["googleSignIn"] is False  # no Google credentials configured


async def test_the_site_settings_say_whether_google_sign_in_is_on(settings, seeded):
    from splash.site.web.services import shared_payload

    on = settings.model_copy(update={"google_client_id": "id", "google_client_secret": "secret"})
    assert (await shared_payload(on, "nl"))["settings"]["googleSignIn"] is True


def test_parametrised_in_browser_routes_keep_their_parameters_in_alternates(app):
    # The order page is the one such route; it is noindex (no hreflang links in its head), so
    # its alternates are checked where they are made.
    table = app.ctx.routes
    match = table.match("en", "/order/SPL-1001")
    assert match is not None
    alternates = app_alternates(table, match)
    assert alternates["nl"] == "/order/SPL-1001"
    assert set(alternates.values()) == {"/order/SPL-1001"}


async def test_a_trailing_slash_redirects_to_the_canonical_path(client, published):
    response = await client.get("/inloggen/", follow_redirects=False)
    assert response.status == 301
    assert response.headers["location"] == "/inloggen"


async def test_payload_has_an_etag_and_answers_304_on_a_match(client, published):
    response = await client.get("/_payload/index.json", host="en.localhost:8000")
    assert response.status == 200
    assert response.headers["content-type"] == "application/json"
    assert response.json["page"]["title"].startswith("Splash")
    etag = response.headers["etag"]
    assert response.headers["cache-control"] == "public, max-age=0, must-revalidate"
    again = await client.get(
        "/_payload/index.json", host="en.localhost:8000", headers={"if-none-match": etag}
    )
    assert again.status == 304
    assert again.body == b""
    dutch = await client.get("/_payload/index.json", host="localhost:8000")
    assert dutch.headers["etag"] != etag


async def test_payload_of_an_unknown_page_is_a_404_payload(client, published):
    response = await client.get("/_payload/bestaat-niet.json")
    assert response.status == 404
    assert response.json["status"] == 404
    assert response.json["navigation"]["primary"]
    not_json = await client.get("/_payload/index")
    assert not_json.status == 404
    assert not_json.json["error"]["name"] == "NotFoundError"


async def test_a_new_publish_goes_live_without_a_restart(client, published, settings):
    home = await Page.get(locale_id="en", slug="home")
    first = await client.get("/_payload/index.json", host="en.localhost:8000")
    api_before = await client.get(f"/api/pages/{home.id}?populate=*")
    await Page.filter(id=home.id).update(seo_title="Splash | New season")
    await publish(settings)
    second = await client.get("/_payload/index.json", host="en.localhost:8000")
    assert second.headers["etag"] != first.headers["etag"]
    # The API's kept answers follow the publish too.
    api_after = await client.get(f"/api/pages/{home.id}?populate=*")
    assert api_before.json["data"]["seo"]["title"] != "Splash | New season"
    assert api_after.json["data"]["seo"]["title"] == "Splash | New season"
    assert (
        "<title>Splash | New season</title>"
        in (await client.get("/", host="en.localhost:8000")).text
    )


async def test_before_any_publish_pages_are_computed_live_without_a_fragment(client, seeded):
    response = await client.get("/", host="en.localhost:8000")
    assert response.status == 200
    assert '<div id="root"></div>' in response.text
    assert inline_payload(response.text)["page"]["slug"] == "home"


@pytest.mark.parametrize(
    "accept, encoding", [("br, gzip", "br"), ("gzip", "gzip"), ("identity", None)]
)
async def test_assets_are_served_precompressed_and_immutable(client, published, accept, encoding):
    html = (await client.get("/")).text
    script = entry_script(html)
    response = await client.get(script, headers={"accept-encoding": accept})
    assert response.status == 200
    assert response.headers.get("content-encoding") == encoding
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.headers["vary"] == "accept-encoding"
    assert response.headers["content-type"].startswith("text/javascript")


async def test_asset_paths_cannot_leave_the_build_folder(client, published):
    for path in (
        "/assets/../../../backend/pyproject.toml",
        "/assets/%2e%2e/%2e%2e/Makefile",
        "/assets/missing.js",
    ):
        response = await client.get(path)
        assert response.status == 404, path


async def test_build_manifest_is_served_uncached(client, published):
    response = await client.get("/builds/latest.json?t=1700000000")
    assert response.status == 200
    assert response.headers["cache-control"] == "no-cache"
    latest = response.json
    meta = await client.get(f"/builds/meta/{latest['id']}.json")
    assert meta.status == 200 and meta.json["id"] == latest["id"]


async def test_latest_build_names_the_published_site_build_each_page_is_of(client, published):
    latest = (await client.get("/builds/latest.json")).json
    assert latest["site"] == published.build_id
    page = await client.get("/")
    assert f'<meta name="splash-site-build" content="{published.build_id}">' in page.text


async def test_healthz_answers_once_the_database_is_reachable(client, database):
    response = await client.get("/healthz")
    assert response.status == 200
    assert response.json == {"status": "ok"}


async def test_unknown_api_routes_and_methods_answer_with_the_error_envelope(client, database):
    missing = await client.get("/api/products-that-do-not-exist")
    assert missing.status == 404
    assert missing.json["error"]["name"] == "NotFoundError"
    wrong_method = await client.post("/api/i18n/locales")
    assert wrong_method.status == 405
    assert wrong_method.json["error"]["status"] == 405


async def test_the_spas_own_images_are_served(client, published):
    response = await client.get("/images/404.svg")
    assert response.status == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.headers["cache-control"] == "public, max-age=86400"
    assert (await client.get("/images/../../Makefile")).status == 404


async def test_media_files_are_served_and_cannot_leave_their_folder(settings, database, tmp_path):
    from splash.site.app import create_app

    folder = tmp_path / "media" / "blog"
    folder.mkdir(parents=True)
    (folder / "cover.webp").write_bytes(b"RIFF\x10\x00\x00\x00WEBPVP8 ")
    app = create_app(settings.model_copy(update={"media_dir": tmp_path / "media"}))
    _, image = await app.asgi_client.get("/media/blog/cover.webp")
    assert image.status == 200
    assert image.headers["content-type"] == "image/webp"
    assert image.headers["cache-control"] == "public, max-age=604800"
    _, outside = await app.asgi_client.get("/media/../../Makefile")
    assert outside.status == 404


async def test_every_published_fragment_holds_its_content_in_place(settings, published):
    """No part of any page is written out of order (a hidden segment a script would move into
    place): without JavaScript, crawlers and visitors read the whole page as it stands."""
    fragments = sorted((settings.publish_dir / "files").glob("*.html"))
    assert len(fragments) == published.entries
    out_of_order = [f.name for f in fragments if '<template id="B:' in f.read_text()]
    assert out_of_order == []
