"""Every route answers a method it does not take with 405 and an ``Allow`` header naming exactly
the methods it does take (RFC 9110 §15.5.6), whatever the route (issue 23, point 11).

Sanic's router leaves ``Allow`` out when two handlers share a dynamic path (the test payment
page: GET shows it, POST chooses), so the test walks every route of the app, not a sample.
"""

from __future__ import annotations

import re
from collections import defaultdict

from sanic import Sanic

from tests.app_client import Client

# The methods a client may send to any route; HEAD and OPTIONS are not served by any route.
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
_PARAMETER = re.compile(r"<[^>]+>")


def _accepted_by_path(app: Sanic) -> dict[str, set[str]]:
    """Route pattern -> the methods of every handler registered on it."""
    accepted: dict[str, set[str]] = defaultdict(set)
    for route in app.router.routes:
        accepted[route.path] |= set(route.methods)
    return accepted


def _concrete(pattern: str) -> str:
    """A URL the pattern matches: each parameter filled with a plain value ("1")."""
    return "/" + _PARAMETER.sub("1", pattern)


async def test_every_route_answers_other_methods_405_with_its_allow_header(app, client, database):
    accepted = _accepted_by_path(app)
    assert len(accepted) > 50  # the walk covers the whole app, not an empty router
    wrong = []
    for pattern, methods in sorted(accepted.items()):
        url = _concrete(pattern)
        for method in METHODS:
            if method in methods:
                continue
            response = await _send(client, method, url)
            allow = sorted(m.strip() for m in response.headers.get("allow", "").split(",") if m)
            if response.status != 405 or allow != sorted(methods):
                wrong.append(f"{method} {url}: {response.status}, Allow {allow or None}")
                continue
            if method != "HEAD":
                assert response.json["error"]["name"] == "MethodNotAllowedError", url
    assert wrong == []


async def test_the_test_payment_page_names_both_of_its_methods(client, database):
    response = await client.put("/api/payments/test/tr_test_1")
    assert response.status == 405
    assert response.headers["allow"] == "GET, POST"
    assert response.json["error"]["name"] == "MethodNotAllowedError"


async def _send(client: Client, method: str, url: str):
    _, response = await client.asgi.request(method, url, headers={"host": "localhost:8000"})
    return response
