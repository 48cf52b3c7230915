"""contracts/spec-calls.json, the repository's copy of spec section 7's table of calls: every call
the spec names has a Pact interaction in the SPA's contract, every interaction the list names
exists and makes that call, and every interaction making a listed call is listed beside it.

Reads the committed pact file (`make test-contracts` runs it again after the consumer tests have
written a fresh one)."""

import json
import re
from typing import Any

import pytest

from splash.core.config import REPO_ROOT

CONTRACTS = REPO_ROOT / "contracts"
LIST = json.loads((CONTRACTS / "spec-calls.json").read_text(encoding="utf-8"))
PACT = json.loads((CONTRACTS / LIST["pact"]).read_text(encoding="utf-8"))


def _pattern(path: str) -> re.Pattern[str]:
    """`/api/product-variants/{id}` → a pattern for the paths it stands for."""
    parts = re.split(r"\{[^/{}]+\}", path)
    return re.compile("[^/]+".join(re.escape(part) for part in parts) + r"\Z")


def _makes(call: dict[str, Any], interaction: dict[str, Any]) -> bool:
    request = interaction["request"]
    same_path = _pattern(call["path"]).match(request["path"]) is not None
    return request["method"] == call["method"] and same_path


def problems(calls: list[dict[str, Any]], pact: dict[str, Any]) -> list[str]:
    """What is wrong with the list against the pact file, one line each (none: in step)."""
    found = {interaction["description"]: interaction for interaction in pact["interactions"]}
    wrong: list[str] = []
    for call in calls:
        named = call["interactions"]
        if call.get("request", True) is False:
            if named or not call.get("note"):
                wrong.append(f"{call['spec']}: a row without a request has a note, no interactions")
            continue
        if not named:
            wrong.append(f"{call['spec']}: no Pact interaction")
        for description in named:
            if description not in found:
                wrong.append(f"{call['spec']}: no interaction {description!r} in the pact file")
            elif not _makes(call, found[description]):
                wrong.append(f"{call['spec']}: {description!r} makes another request")
        for description, interaction in found.items():
            if _makes(call, interaction) and description not in named:
                wrong.append(f"{call['spec']}: {description!r} makes it but is not listed")
    return wrong


def _without(description: str) -> dict[str, Any]:
    return {"interactions": [i for i in PACT["interactions"] if i["description"] != description]}


def test_every_spec_call_has_its_pact_interactions_and_only_those():
    assert problems(LIST["calls"], PACT) == []


def test_the_list_keeps_the_spec_tables_rows_once_each():
    specs = [call["spec"] for call in LIST["calls"]]
    assert len(specs) == len(set(specs)) == 17


VARIANT_CALL = "GET product-variants/{id}"
VARIANT_FIND = "a findOne of the blue M float suit's variant with its image and its product's image"


def test_a_call_whose_only_interaction_is_gone_is_reported():
    assert problems(LIST["calls"], _without(VARIANT_FIND)) == [
        f"{VARIANT_CALL}: no interaction {VARIANT_FIND!r} in the pact file"
    ]


def test_a_call_without_interactions_is_reported():
    calls = [
        {**call, "interactions": []} if call["spec"] == VARIANT_CALL else call
        for call in LIST["calls"]
    ]
    assert problems(calls, _without(VARIANT_FIND)) == [f"{VARIANT_CALL}: no Pact interaction"]


@pytest.mark.parametrize(
    ("path", "wrong"),
    [
        ("/api/product-variants/13/extra", "makes another request"),
        ("/api/products/13", "makes another request"),
    ],
)
def test_an_interaction_listed_beside_another_call_is_reported(path, wrong):
    pact = json.loads(json.dumps(PACT))
    for interaction in pact["interactions"]:
        if interaction["description"] == VARIANT_FIND:
            interaction["request"]["path"] = path
    assert problems(LIST["calls"], pact) == [f"{VARIANT_CALL}: {VARIANT_FIND!r} {wrong}"]


def test_an_interaction_making_a_listed_call_but_not_listed_is_reported():
    extra = {
        "description": "another request for the locales",
        "request": {"method": "GET", "path": "/api/i18n/locales"},
    }
    pact = {"interactions": [*PACT["interactions"], extra]}
    assert problems(LIST["calls"], pact) == [
        "GET i18n/locales: 'another request for the locales' makes it but is not listed"
    ]
