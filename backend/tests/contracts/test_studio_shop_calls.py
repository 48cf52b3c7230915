"""Every call of the studio's dashboard, customer and stock screens has a Pact interaction
(issue 27): each route of the four modules they call, once per method, is made by an
interaction of the studio's contract (written by frontend/tests/pact/studio-shop.pact.test.ts
into contracts/pacts/splash-studio-splash-api.json). Reads the committed pact file."""

from __future__ import annotations

import json
import re

from splash.core.config import REPO_ROOT
from tests.contracts.test_studio_calls import PARAMETER, uncovered
from tests.staff.support import studio_routes

PACT = REPO_ROOT / "contracts" / "pacts" / "splash-studio-splash-api.json"
MODULES = {
    "splash.site.studio_routes",
    "splash.accounts.studio_routes",
    "splash.academy.studio_routes",
    "splash.catalog.studio_routes",
}


def shop_calls(app) -> list[tuple[str, re.Pattern[str]]]:
    found = []
    for route in studio_routes(app):
        if route.handler.__module__ not in MODULES:
            continue
        parts = PARAMETER.split("/" + route.path.lstrip("/"))[::2]
        pattern = re.compile("[^/]+".join(re.escape(part) for part in parts) + r"\Z")
        found.extend((method, pattern) for method in route.methods - {"HEAD", "OPTIONS"})
    return found


def test_every_route_of_the_shop_screens_has_a_pact_interaction(app):
    pact = json.loads(PACT.read_text(encoding="utf-8"))
    calls = shop_calls(app)
    # site: customer, export, erase, dashboard; accounts: list, link; academy: grant, revoke;
    # catalog: list, adjust, threshold
    assert len(calls) == 11
    assert uncovered(calls, pact) == []


def test_a_missing_interaction_of_theirs_is_reported(app):
    pact = json.loads(PACT.read_text(encoding="utf-8"))
    interactions = [i for i in pact["interactions"] if i["request"]["method"] != "PATCH"]
    missing = uncovered(shop_calls(app), {"interactions": interactions})
    assert any(line.startswith("PATCH ") and "stock" in line for line in missing)
