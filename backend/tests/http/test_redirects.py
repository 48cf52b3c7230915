"""No redirect leaves the shop's domains (issue 11, point 6): the attackers' 13 path shapes on the
locale redirect and on the trailing-slash redirect, sent byte for byte over a real socket."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

import pytest

from splash.shared.http.redirects import HOME, is_local_path, safe_location, shop_target
from tests.support import serving

BASE = "http://localhost:8000/"
# The 13 shapes of issue 11; "host" is the attacker's domain.
SHAPES = [
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/%5C%5Cevil.example",
    "/\\/evil.example",
    "/@evil.example",
    "//user@evil.example",
    "/%09/evil.example",
    "/\t/evil.example",
    "/%2F/evil.example",
    "https://evil.example",
]
OWN = frozenset({"http://localhost:8000", "http://en.localhost:8000"})


def stays_home(location: str) -> bool:
    """How a browser reads a Location (tabs and newlines dropped, ``\\`` as ``/``, any run of
    two or more leading slashes as a host), also after one percent-decoding by a proxy: it must
    land on the page's own host or a shop domain."""
    for form in (location, unquote(location)):
        browser_form = re.sub(r"[\t\n\r]", "", form).replace("\\", "/")
        if browser_form.startswith("//"):
            return False
        host = urlsplit(urljoin(BASE, browser_form)).netloc
        if host not in {"localhost:8000", "en.localhost:8000", "de.localhost:8000"}:
            return False
    return True


async def _get_raw(app, target: str) -> tuple[int, dict[str, str]]:
    """GET with exactly these request-target bytes (HTTP clients refuse a literal tab)."""
    async with serving(app) as http:
        reader, writer = await asyncio.open_connection("127.0.0.1", http.base_url.port)
        request = f"GET {target} HTTP/1.1\r\nHost: localhost:8000\r\nConnection: close\r\n\r\n"
        writer.write(request.encode("latin-1"))
        answer = await reader.read()
        writer.close()
    if not answer:
        # Sanic drops a request line holding a literal tab without answering: no redirect.
        return 0, {}
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in head[1:])
    return int(head[0].split()[1]), headers


def _assert_safe(answer: tuple[int, dict[str, str]], target: str) -> None:
    status, headers = answer
    assert status < 500, target
    if "location" in headers:
        assert stays_home(headers["location"]), f"{target!r} redirected to {headers['location']!r}"


@pytest.mark.parametrize("shape", SHAPES)
async def test_the_locale_redirect_stays_on_the_shop(app, database, shape):
    for target in (f"{shape}?locale=en", f"{shape}/x?locale=de"):
        response = await _get_raw(app, target)
        _assert_safe(response, target)


@pytest.mark.parametrize("shape", SHAPES)
async def test_the_trailing_slash_redirect_stays_on_the_shop(app, database, shape):
    for target in (f"{shape}/", f"{shape}/x/"):
        response = await _get_raw(app, target)
        _assert_safe(response, target)


async def test_the_locale_redirect_reloads_the_same_path_and_stores_the_choice(app, database):
    status, headers = await _get_raw(app, "/shop/splash-drijfpak?locale=en")
    assert status == 302
    assert headers["location"] == "/shop/splash-drijfpak"
    assert headers["set-cookie"].startswith("locale=en;")


async def test_a_root_visit_redirects_to_the_browsers_language_domain(app, database):
    async with serving(app) as http:
        response = await http.get("/", headers={"accept-language": "de-DE,de;q=0.9"})
    assert response.status_code == 302
    assert response.headers["location"] == "http://de.localhost:8000/"


@pytest.mark.parametrize("shape", [shape for shape in SHAPES if shape != "/@evil.example"])
def test_no_attacker_shape_is_a_local_path(shape):
    assert not is_local_path(shape)
    assert safe_location(shape, OWN) == HOME


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("/shop/splash-drijfpak?x=1", "/shop/splash-drijfpak?x=1"),
        ("/@evil.example", "/@evil.example"),  # a path on our site, not a host
        ("http://en.localhost:8000/", "http://en.localhost:8000/"),
        (
            "http://en.localhost:8000/login?error=state",
            "http://en.localhost:8000/login?error=state",
        ),
        ("http://en.localhost:8000//evil.example", HOME),
        ("http://localhost:8000@evil.example/", HOME),
        ("http://evil.example/", HOME),
        ("https://localhost:8000/", HOME),  # another scheme is another origin
        ("javascript:alert(1)", HOME),
        ("", HOME),
        ("/a\x00b", HOME),
    ],
)
def test_safe_location_keeps_own_targets_only(target, expected):
    assert safe_location(target, OWN) == expected


def test_the_configured_external_page_is_the_only_other_place():
    google = "https://accounts.google.com/o/oauth2/v2/auth"
    assert safe_location(f"{google}?state=s", OWN, google) == f"{google}?state=s"
    assert safe_location(f"{google}.evil.example/?state=s", OWN, google) == HOME
    assert safe_location(f"{google}?state=s", OWN) == HOME


def test_every_redirect_goes_through_the_one_helper():
    package = Path(__file__).resolve().parents[2] / "splash"
    pattern = re.compile(r"(?<![\w.])redirect\(|import[^\n]*\bredirect\b")
    offenders = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if path.name != "redirects.py" and pattern.search(path.read_text())
    ]
    assert offenders == []


def _origin(locale: str) -> str:
    return "http://localhost:8000" if locale == "nl" else f"http://{locale}.localhost:8000"


@pytest.mark.parametrize(
    ("target", "expected"),
    [
        ("http://en.localhost:8000/checkout?locale=en", ("en", "/checkout?locale=en")),
        ("HTTP://EN.localhost:8000/Shop", ("en", "/Shop")),
        ("http://localhost:8000", ("nl", "/")),
        ("http://de.localhost:8000/kasse#step", ("de", "/kasse")),
        ("http://en.localhost:8000//evil.example", None),
        ("http://en.localhost:8000/%2F%2Fevil.example", None),
        ("http://user@en.localhost:8000/", None),
        ("http://en.localhost:9999/", None),
        ("https://en.localhost:8000/", None),
        ("http://evil.example/", None),
        ("/checkout", None),
        ("javascript:alert(1)", None),
        ("", None),
    ],
)
def test_shop_target_names_the_locale_of_an_own_origin_only(target, expected):
    assert shop_target(target, ("nl", "en", "de"), _origin) == expected
