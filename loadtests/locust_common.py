"""What the Locust scenarios share (loadtests/locustfile.py and the users it imports): the
locales and their weights, the pages and menus asked for, the wait between tasks, reading a
JSON body, and the run's reference read that the checkout's and the key's budgets compare with.
"""

from __future__ import annotations

import json
import os
import random
import re

# The locales, weighted roughly like the traffic we expect (the Dutch shop first). Dutch is
# the default domain (localhost:PORT); the others have a subdomain (en.localhost:PORT, ...).
LOCALE_WEIGHTS: dict[str, int] = {
    "nl": 40,
    "en": 20,
    "de": 15,
    "es": 10,
    "fr": 10,
    "sv": 5,
}
DEFAULT_LOCALE = "nl"

# Published pages whose payload a client-side navigation fetches (/_payload/<page>.json);
# product pages are found through the product list (the ``shop`` task).
PAGES: list[str] = ["index"]

MENUS: list[str] = ["primary", "secondary", "legal"]
MENU_TYPES: list[str] = ["TREE", "FLAT"]

# The hashed bundle the home HTML's entry loader adds after the first paint (shell.html's
# entry-loader.js), and the stylesheet the HTML links.
SCRIPT_RE = re.compile(r'\bentry\.src = "(/assets/[^"]+\.js)"')
STYLESHEET_RE = re.compile(r'<link[^>]*\brel="stylesheet"[^>]*\bhref="(/assets/[^"]+\.css)"')


def wait_bounds() -> tuple[float, float]:
    raw = os.environ.get("SPLASH_LOADTEST_WAIT", "1,3")
    low, _, high = raw.partition(",")
    return float(low), float(high or low)


def pick_locale() -> str:
    return random.choices(list(LOCALE_WEIGHTS), weights=list(LOCALE_WEIGHTS.values()))[0]


def json_body(response) -> object:
    """The body as JSON, or None when it is not JSON."""
    try:
        return json.loads(response.content)
    except (ValueError, TypeError):
        return None


def reference_read(client, headers: dict[str, str]) -> bool:
    """``GET /api/shipping-countries`` (one small query): the run's reference, which the
    checkout's and the key's p95 are budgeted against (ratios within one run)."""
    with client.get(
        "/api/shipping-countries",
        name="/api/shipping-countries",
        headers=headers,
        catch_response=True,
    ) as response:
        if response.status_code != 200:
            response.failure(f"shipping countries: status {response.status_code}")
            return False
        response.success()
        return True
