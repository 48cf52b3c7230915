"""Every call of the studio has a Pact interaction (issue 27, point 17): each route under
/api/studio, once per method, is made by an interaction of the studio's contract
(contracts/pacts/splash-studio-splash-api.json, written by frontend/tests/pact/studio*.pact.test.ts;
`make test-contracts` verifies it against the backend). Reads the committed pact file."""

from __future__ import annotations

import json
import re
from typing import Any

from splash.core.config import REPO_ROOT
from tests.staff.support import studio_routes

PACT = REPO_ROOT / "contracts" / "pacts" / "splash-studio-splash-api.json"
PARAMETER = re.compile(r"<[a-z_]+(:[a-z]+)?>")


def studio_calls(app) -> list[tuple[str, re.Pattern[str]]]:
    """(method, pattern of the paths) of every studio route."""
    found = []
    for route in studio_routes(app):
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


def test_every_route_of_the_studio_has_a_pact_interaction(app):
    pact = json.loads(PACT.read_text(encoding="utf-8"))
    calls = studio_calls(app)
    # staff 11, orders 11, customers, stock and the dashboard 11
    assert len(calls) >= 33
    assert uncovered(calls, pact) == []


def test_a_route_without_an_interaction_is_reported(app):
    pact = json.loads(PACT.read_text(encoding="utf-8"))
    for method, word in (("DELETE", "session"), ("PATCH", "stock"), ("POST", "shipments")):
        others = [i for i in pact["interactions"] if i["request"]["method"] != method]
        missing = uncovered(studio_calls(app), {"interactions": others})
        assert any(line.startswith(f"{method} ") and word in line for line in missing)
