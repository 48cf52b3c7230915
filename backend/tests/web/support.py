"""What the tests of served pages read from a page's HTML (the inline payload the SPA hydrates
from, the pre-rendered markup inside the root element) and how they compare two answers."""

from __future__ import annotations

import json
import re
from typing import Any

from splash.core.config import Settings
from tests.academy.media import ACCESS, REGION, SECRET


def inline_payload(html: str) -> dict:
    found = re.search(
        r'<script id="splash-payload" type="application/json"[^>]*>(.*?)</script>', html, re.S
    )
    assert found, "no inline payload"
    return json.loads(found.group(1))


def root_fragment(html: str) -> str:
    return html.split('<div id="root">', 1)[1].split('<script id="splash-payload"', 1)[0]


# alt-svc: Sanic's writer sends an empty one that its start removes (a "touchup", off in tests);
# the edge writes none, as a served Splash does not.
PER_RESPONSE = {"x-request-id", "content-security-policy", "date", "alt-svc"}
NONCE = re.compile(r'nonce="([^"]+)"')


def same_but_per_response(one, other) -> None:
    """Equal status, headers and body, but for the request id and the nonce."""
    assert one.status_code == other.status_code
    kept = {k: v for k, v in one.headers.items() if k not in PER_RESPONSE}
    assert kept == {k: v for k, v in other.headers.items() if k not in PER_RESPONSE}
    assert one.headers["x-request-id"] != other.headers["x-request-id"]
    assert NONCE.sub("", one.text) == NONCE.sub("", other.text)


def not_found() -> dict[str, Any]:
    """The 404 screen's payload as web.services writes it: the smallest complete payload."""
    item = {"id": 1, "title": "Shop", "path": "/shop", "items": []}
    return {
        "locale": "en",
        "navigation": {"primary": [item], "secondary": [], "legal": []},
        "settings": {
            "companyName": "Splash Swimwear B.V.",
            "cocNumber": "81234567",
            "vatNumber": "NL862345678B01",
            "address": None,
            "socialLinks": {"x": "https://x.com/splashswimwear"},
            "origins": {"en": "http://en.localhost:8000"},
            "gtmId": None,
            "recaptchaSiteKey": None,
            "googleSignIn": False,
            "buildPollSeconds": 3600,
            "apiPrefix": "/api",
        },
        "status": 404,
        "page": None,
        "route": {"name": "not-found", "kind": "app", "path": "/404", "params": {}},
        "alternates": {},
        "head": {},
    }


def page_of(*blocks: dict[str, Any]) -> dict[str, Any]:
    """A content page's payload with ``blocks`` as the filling leaves them."""
    seo = {"title": "Contact", "description": None, "image": None}
    page: dict[str, Any] = {
        "id": 3,
        "slug": "contact",
        "locale": "en",
        "path": "/contact",
        "title": "Contact",
    }
    page |= {"layout": "default", "blocks": list(blocks), "seo": seo, "localizations": []}
    return {**not_found(), "status": 200, "page": page}


def in_bucket(settings: Settings, endpoint: str, name: str) -> Settings:
    """``settings`` publishing to the bucket ``name`` (prefix ``shop``) of the S3 server at
    ``endpoint`` (the tests' moto server, tests/academy/media.py)."""
    return settings.model_copy(
        update={
            "site_storage": f"s3://{name}/shop",
            "site_endpoint_url": endpoint,
            "site_region": REGION,
            "site_access_key_id": ACCESS,
            "site_secret_access_key": SECRET,
        }
    )
