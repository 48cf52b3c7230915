"""Locust's statistics against the budgets in loadtests/budgets.json: the table loadtests/run.py
prints, the p95 budgets (by request name, or as a ratio of the run's reference read), and the
goals it only reports. Pure: rows of Locust's <prefix>_stats.csv in, lines out."""

from __future__ import annotations

Row = dict[str, str]  # one line of Locust's <prefix>_stats.csv


def number(value: str) -> float:
    try:
        return float(value)
    except (TypeError, ValueError):  # "N/A" when an entry has no requests
        return 0.0


def print_table(rows: list[Row], total: Row, p95_budget: dict[str, float]) -> None:
    header = (
        f"{'name':<34} {'requests':>8} {'fails':>6} {'req/s':>7} {'median':>7} {'p95':>6} "
        f"{'budget':>7}"
    )
    print(header)
    print("-" * len(header))
    for row in [*sorted(rows, key=lambda r: r["Name"]), total]:
        name = row["Name"] if row is not total else "total"
        budget = p95_budget.get(row["Name"])
        requests, failures = (
            int(number(row["Request Count"])),
            int(number(row["Failure Count"])),
        )
        print(
            f"{name:<34} {requests:>8} {failures:>6} {number(row['Requests/s']):>7.1f} "
            f"{number(row['Median Response Time']):>5.0f}ms {number(row['95%']):>4.0f}ms "
            f"{(f'{budget:.0f}ms' if budget else ''):>7}"
        )


def p95_budgets(budgets: dict, rows: list[Row]) -> dict[str, float]:
    """Request name → p95 budget in ms (the named budget, else the default, else none)."""
    named, default = budgets.get("p95_ms", {}), budgets.get("default_p95_ms")
    limits = {row["Name"]: named.get(row["Name"], default) for row in rows}
    return {name: limit for name, limit in limits.items() if limit}


def check_budgets(budgets: dict, rows: list[Row], total: Row) -> list[str]:
    requests = int(number(total["Request Count"]))
    failures = int(number(total["Failure Count"]))
    problems = []
    if requests < budgets.get("min_requests", 0):
        problems.append(f"only {requests} requests (at least {budgets['min_requests']})")
    if "max_failures" in budgets and failures > budgets["max_failures"]:
        problems.append(f"{failures} failures (at most {budgets['max_failures']})")
    max_ratio = budgets.get("max_failure_ratio")
    if max_ratio is not None and requests and failures / requests > max_ratio:
        problems.append(f"failure ratio {failures / requests:.2%} (at most {max_ratio:.2%})")
    for name, budget in p95_budgets(budgets, rows).items():
        row = next(row for row in rows if row["Name"] == name)
        if number(row["95%"]) > budget:
            problems.append(f"{name}: p95 {number(row['95%']):.0f} ms > {budget:.0f} ms")
    p95 = {row["Name"]: number(row["95%"]) for row in rows}
    for name, ratio in budgets.get("p95_ratio", {}).items():
        reference = p95.get(ratio["of"], 0)
        if name not in p95 or not reference:
            problems.append(f"{name}: no p95 to compare with {ratio['of']}")
        elif p95[name] / reference > ratio["max"]:
            problems.append(
                f"{name}: p95 {p95[name]:.0f} ms is {p95[name] / reference:.1f}x "
                f"{ratio['of']}'s {reference:.0f} ms (at most {ratio['max']}x)"
            )
    return problems


def print_goals(budgets: dict, rows: list[Row]) -> None:
    """The goals the issues set (absolute times on this machine): reported, never a budget."""
    p95 = {row["Name"]: number(row["95%"]) for row in rows}
    for name, goal in budgets.get("goal_p95_ms", {}).items():
        if name in p95:
            met = "met" if p95[name] <= goal else "NOT met"
            print(f"goal: {name} p95 {p95[name]:.0f} ms (goal ≤ {goal} ms: {met})")
