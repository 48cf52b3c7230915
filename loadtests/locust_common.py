"""What the Locust scenarios share (loadtests/locustfile.py and the users it imports): the
locales and their weights, the pages and menus asked for, the wait between tasks, reading a
JSON body, and the run's reference read that the checkout's and the key's budgets compare with.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
from collections.abc import Iterator
from typing import Any

import gevent

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


# A POST that the load balancer could not hand to a live instance (make bench-cluster kills
# one mid-request): nginx answers 502/503/504 and never retries a POST itself, or the
# connection fails (status 0).
RETRIED_STATUSES = frozenset({0, 502, 503, 504})
RETRY_PAUSE_SECONDS = 0.5


@contextlib.contextmanager
def post(client: Any, path: str, *, name: str, **kwargs: Any) -> Iterator[Any]:
    """``client.post(..., catch_response=True)``, sent again up to SPLASH_LOADTEST_RETRIES
    times (default none) when it meets a RETRIED_STATUSES answer, half a second apart, as a
    phone's app repeats a request it may repeat (an order by its Idempotency-Key). Each
    attempt sent again is reported, as a success, under "<name> (retried)", so the statistics
    count the retries; the last attempt's answer is the caller's to judge."""
    for _ in range(int(os.environ.get("SPLASH_LOADTEST_RETRIES", "0"))):
        with client.post(path, name=name, catch_response=True, **kwargs) as response:
            if response.status_code not in RETRIED_STATUSES:
                yield response
                return
            response.request_meta["name"] = f"{name} (retried)"
            response.success()
        gevent.sleep(RETRY_PAUSE_SECONDS)
    with client.post(path, name=name, catch_response=True, **kwargs) as response:
        yield response


def wait_bounds() -> tuple[float, float]:
    raw = os.environ.get("SPLASH_LOADTEST_WAIT", "1,3")
    low, _, high = raw.partition(",")
    return float(low), float(high or low)


def client_address() -> str:
    """A parent's own address (10.x.y.z), sent as X-Forwarded-For as a load balancer forwards
    it: where the server trusts its proxy (make cluster's nginx), rate limits count per
    parent, as in production."""
    return "10." + ".".join(str(random.randint(1, 254)) for _ in range(3))


def order_draft(key: str, items: list[dict[str, Any]], host: str) -> dict[str, Any]:
    """POST /api/orders' body for a Dutch guest whose address is ``<key>@example.com`` (one
    order per Idempotency-Key ``key``, so the key finds its order's address), sent to ``host``
    (the Host header: the return URL's domain)."""
    return {
        "data": {
            "user": {"firstname": "Eva", "lastname": "Load", "email": f"{key}@example.com"},
            "locale": "nl",
            "cart": {"items": items},
            "shipping": {
                "country": "nl",
                "address": {
                    "street": "Keizersgracht",
                    "housenumber": "12",
                    "postalCode": "1015 CS",
                    "city": "Amsterdam",
                    "country": "nl",
                },
            },
            "consent": True,
        },
        "returnUrl": f"http://{host}/order-payment",
    }


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
