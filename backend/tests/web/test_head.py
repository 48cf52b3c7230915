import json

from splash.site.web.head import SITE, head_tags, page_title, published_head
from splash.site.web.published import encode_payload


def origin(locale: str) -> str:
    return {"nl": "https://splash.nl", "en": "https://splash.co.uk"}.get(
        locale, f"https://{locale}.splash.eu"
    )


def test_alternates_cover_existing_localizations_plus_x_default_to_the_default_locale():
    head = head_tags(
        locale="en",
        path="/float-suits",
        head={"title": "T", "description": "D"},
        alternates={"en": "/float-suits", "nl": "/drijfpakken"},
        default_locale="nl",
        origin=origin,
        indexable=True,
    )
    assert head.canonical == "https://splash.co.uk/float-suits"
    assert head.alternates == [
        ("nl", "https://splash.nl/drijfpakken"),
        ("en", "https://splash.co.uk/float-suits"),
        ("x-default", "https://splash.nl/drijfpakken"),
    ]
    assert head.og_locale == "en_GB"
    assert head.og_locale_alternates == ["nl_NL"]
    assert head.robots is None


def test_a_page_missing_in_the_default_locale_has_no_x_default():
    head = head_tags(
        locale="sv",
        path="/x",
        head={},
        alternates={"sv": "/x"},
        default_locale="nl",
        origin=origin,
        indexable=True,
    )
    assert head.alternates == [("sv", "https://sv.splash.eu/x")]
    assert head.title == "Splash"


def test_a_not_found_page_is_not_indexed_and_has_no_canonical():
    head = head_tags(
        locale="nl",
        path="/nope",
        head={"title": "Oeps"},
        alternates={},
        default_locale="nl",
        origin=origin,
        indexable=False,
    )
    assert (head.canonical, head.alternates, head.robots) == (None, [], "noindex")


def test_a_relative_og_image_becomes_absolute():
    head = head_tags(
        locale="nl",
        path="/",
        head={"image": "/media/suit.webp"},
        alternates={"nl": "/"},
        default_locale="nl",
        origin=origin,
        indexable=True,
    )
    assert head.og_image == "https://splash.nl/media/suit.webp"


def test_the_title_is_the_seo_title_else_the_rendered_screen_title_else_the_site_name():
    assert page_title({"title": "Drijfpakken"}, "Winkelmand | Splash") == "Drijfpakken"
    assert page_title({"title": ""}, "Winkelmand | Splash") == "Winkelmand | Splash"
    assert page_title({}) == SITE


def test_a_published_head_puts_the_pages_seo_facts_over_what_the_spa_rendered():
    payload = {
        "head": {"title": "", "description": "Own", "image": None, "type": "page"},
        "alternates": {"nl": "/over"},
    }
    rendered = {"title": "Over ons | Splash", "description": "Generic"}
    assert published_head(payload, rendered) == {
        "title": "Over ons | Splash",
        "description": "Own",
        "type": "page",
        "alternates": {"nl": "/over"},
    }


def test_a_payload_is_compact_utf8_json_with_a_quoted_etag_of_its_bytes():
    body, etag = encode_payload({"title": "Zwempak für Kinder", "n": [1, 2]})
    assert body == '{"title":"Zwempak für Kinder","n":[1,2]}'.encode()
    assert json.loads(body) == {"title": "Zwempak für Kinder", "n": [1, 2]}
    assert etag.startswith('"') and etag.endswith('"') and len(etag) == 34
    assert encode_payload({"title": "Zwempak für Kinder", "n": [1, 2]})[1] == etag
    assert encode_payload({"title": "Zwempak", "n": [1, 2]})[1] != etag
