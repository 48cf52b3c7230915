"""Every call of the studio's order screens has a Pact interaction (issue 27, point 17): each
route of splash.orders.studio_routes and splash.orders.refund_routes, once per method, is made by
an interaction of the studio's contract (written by frontend/tests/pact/studio-orders.pact.test.ts;
`make test-contracts` verifies it against the backend). Reads the committed pact file."""

from __future__ import annotations

import json
import re
from typing import Any

from splash.core.config import REPO_ROOT
from tests.staff.support import studio_routes

PACT = REPO_ROOT / "contracts" / "pacts" / "splash-studio-splash-api.json"
PARAMETER = re.compile(r"<[a-z_]+(:[a-z]+)?>")
ORDER_MODULES = {"splash.orders.studio_routes", "splash.orders.refund_routes"}


def order_calls(app) -> list[tuple[str, re.Pattern[str]]]:
    """(method, pattern of the paths) of every route of the order screens' modules."""
    found = []
    for route in studio_routes(app):
        if route.handler.__module__ not in ORDER_MODULES:
            continue
        parts = PARAMETER.split("/" + route.path.lstrip("/"))[::2]
        pattern = re.compile("[^/]+".join(re.escape(part) for part in parts) + r"\Z")
        found.extend((method, pattern) for method in route.methods - {"HEAD", "OPTIONS"})
    return found


def uncovered(calls: list[tuple[str, re.Pattern[str]]], pact: dict[str, Any]) -> list[str]:
    requests = [(i["request"]["method"], i["request"]["path"]) for i in pact["interactions"]]
    return [
        f"{method} {pattern.pattern}"
        for method, pattern in calls
        if not any(m == method and pattern.match(path) for m, path in requests)
    ]


def test_every_order_route_of_the_studio_has_a_pact_interaction(app):
    pact = json.loads(PACT.read_text(encoding="utf-8"))
    calls = order_calls(app)
    # six of the screens (inbox, order, note, parcel, slips, CSV), five of the money (refunds
    # read and made, credit note, cancel, e-mail again)
    assert len(calls) == 11
    assert uncovered(calls, pact) == []


def test_an_order_route_without_an_interaction_is_reported(app):
    pact = json.loads(PACT.read_text(encoding="utf-8"))
    without_cancel = {
        "interactions": [
            i for i in pact["interactions"] if not i["request"]["path"].endswith("/cancel")
        ]
    }
    missing = uncovered(order_calls(app), without_cancel)
    assert any(line.startswith("POST ") and "cancel" in line for line in missing)
