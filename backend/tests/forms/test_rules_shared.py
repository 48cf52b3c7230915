"""contracts/form-rules.json: cases the server's rules (splash.forms.rules) and the SPA's
(frontend/src/lib/forms/rules.ts, checked by rules-shared.test.ts) must agree on."""

import json

import pytest

from splash.core.config import REPO_ROOT
from splash.forms.rules import RULES, first_failure, parse_rules

CASES = json.loads((REPO_ROOT / "contracts" / "form-rules.json").read_text(encoding="utf-8"))
EMPTINESS_RULES = {"required", "accepted", "require_one"}


def case_id(index: int, case: dict) -> str:
    return f"{index}:{case['rules']}={case['value']!r}"


@pytest.mark.parametrize(
    "case", CASES, ids=[case_id(index, case) for index, case in enumerate(CASES)]
)
def test_the_server_rules_give_the_shared_verdict(case):
    calls = parse_rules(case["rules"])
    values = {**case["values"], "field": case["value"]}
    failed = first_failure(calls, case["value"], "field", values)
    assert (failed is None) is case["valid"], f"first failing rule: {failed}"


def test_every_case_has_the_same_shape():
    assert CASES, "no cases"
    for case in CASES:
        assert set(case) == {"rules", "value", "values", "valid"}, case
        assert isinstance(case["rules"], str) and isinstance(case["values"], dict), case
        assert isinstance(case["valid"], bool), case


def test_every_rule_has_a_passing_and_a_failing_case_of_its_own():
    verdicts: dict[str, set[bool]] = {name: set() for name in RULES}
    for case in CASES:
        calls = parse_rules(case["rules"])
        if len(calls) == 1:
            verdicts[calls[0].name].add(case["valid"])
    assert {name: seen for name, seen in verdicts.items() if seen != {True, False}} == {}


def test_every_rule_name_appears_in_the_file():
    named = {call.name for case in CASES for call in parse_rules(case["rules"])}
    assert named == set(RULES)


def test_empty_values_fail_the_emptiness_rules_and_skip_the_others():
    def is_blank(value):
        return value is None or value == [] or (isinstance(value, str) and not value.strip())

    verdicts: dict[str, set[bool]] = {}
    for case in CASES:
        calls = parse_rules(case["rules"])
        if len(calls) == 1 and is_blank(case["value"]):
            verdicts.setdefault(calls[0].name, set()).add(case["valid"])
    assert all(False in verdicts.get(name, set()) for name in EMPTINESS_RULES), verdicts
    skipping = {name for name, seen in verdicts.items() if name not in EMPTINESS_RULES}
    assert all(verdicts[name] == {True} for name in skipping)
    assert len(skipping) >= 5, skipping
