"""loadtests/locust_budgets.py checks Locust's statistics against budgets for run.py: p95
budgets, the checkout's p95 as a ratio of the run's reference read, and the goals it only
reports."""

from __future__ import annotations

import json

import pytest

from loadtests import locust_budgets, run


def row(name: str, p95: float, requests: int = 100, failures: int = 0) -> dict[str, str]:
    return {
        "Name": name,
        "95%": str(p95),
        "Request Count": str(requests),
        "Failure Count": str(failures),
        "Requests/s": "10",
        "Median Response Time": str(p95 / 2),
    }


CHECKOUT = {
    "min_requests": 50,
    "max_failure_ratio": 0,
    "p95_ratio": {"POST /api/orders": {"of": "/api/shipping-countries", "max": 10}},
    "goal_p95_ms": {"POST /api/orders": 100},
}


def test_a_checkout_within_its_ratio_passes():
    rows = [row("POST /api/orders", 90), row("/api/shipping-countries", 10)]
    assert locust_budgets.check_budgets(CHECKOUT, rows, row("Aggregated", 50, 200)) == []


def test_a_checkout_slower_than_its_ratio_is_reported_with_both_numbers():
    rows = [row("POST /api/orders", 120), row("/api/shipping-countries", 10)]
    assert locust_budgets.check_budgets(CHECKOUT, rows, row("Aggregated", 50, 200)) == [
        "POST /api/orders: p95 120 ms is 12.0x /api/shipping-countries's 10 ms (at most 10x)"
    ]


@pytest.mark.parametrize("missing", ["POST /api/orders", "/api/shipping-countries"])
def test_a_ratio_without_one_of_its_numbers_fails_rather_than_passes(missing):
    rows = [row("POST /api/orders", 90), row("/api/shipping-countries", 10)]
    rows = [r for r in rows if r["Name"] != missing]
    assert locust_budgets.check_budgets(CHECKOUT, rows, row("Aggregated", 50, 200)) == [
        "POST /api/orders: no p95 to compare with /api/shipping-countries"
    ]


def test_one_failed_checkout_is_out_of_budget():
    rows = [row("POST /api/orders", 90, failures=1), row("/api/shipping-countries", 10)]
    assert locust_budgets.check_budgets(CHECKOUT, rows, row("Aggregated", 50, 200, failures=1)) == [
        "failure ratio 0.50% (at most 0.00%)"
    ]


def test_a_goal_is_reported_met_or_not_but_never_fails_the_run(capsys):
    locust_budgets.print_goals(CHECKOUT, [row("POST /api/orders", 140)])
    assert capsys.readouterr().out == "goal: POST /api/orders p95 140 ms (goal ≤ 100 ms: NOT met)\n"
    locust_budgets.print_goals(CHECKOUT, [row("POST /api/orders", 60)])
    assert capsys.readouterr().out == "goal: POST /api/orders p95 60 ms (goal ≤ 100 ms: met)\n"


def test_the_checkout_scenario_runs_buyers_only_under_its_own_budgets():
    args = run.parse_args(["--scenario", "checkout", "--database", "postgres", "--users", "50"])
    assert (args.kind, args.name, args.database, args.users) == (
        "checkout",
        "checkout",
        "postgres",
        50,
    )
    budgets = json.loads(run.BUDGETS.read_text())
    assert budgets["checkout"]["goal_p95_ms"] == {"POST /api/orders": 100}
    assert budgets["checkout"]["max_failure_ratio"] == 0


def test_the_academy_scenario_runs_viewers_only_and_budgets_the_key_as_a_ratio():
    args = run.parse_args(["--scenario", "academy", "--users", "50"])
    assert (args.kind, args.name, args.database) == ("academy", "academy", "sqlite")
    budgets = json.loads(run.BUDGETS.read_text())["academy"]
    key, reference = "/api/lessons/[id]/key", "/api/shipping-countries"
    assert budgets["p95_ratio"] == {key: {"of": reference, "max": 3}}
    rows = [row(key, 25), row(reference, 10)]
    assert locust_budgets.check_budgets(budgets, rows, row("Aggregated", 20, 200)) == []
    slow = [row(key, 35), row(reference, 10)]
    assert locust_budgets.check_budgets(budgets, slow, row("Aggregated", 20, 200)) != []
