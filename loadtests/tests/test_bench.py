"""loadtests/bench.py reads Lighthouse reports and checks them against budgets (the pure parts,
in lighthouse_report.py, and how it runs Lighthouse's command, through a stand-in npx).

Hand-made, Lighthouse-shaped reports: no Lighthouse, no server, nothing timed here — the
numbers themselves are measured by `make bench`.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest

from loadtests import bench, lighthouse_report, run

BUDGETS = {
    "$comment": "test budgets",
    "min_score": 80,
    "max_fcp_ms": 3000,
    "max_lcp_ms": 4000,
    "max_tbt_ms": 600,
    "max_cls": 0.1,
    "max_si_ms": 4000,
    "max_total_kb": 400,
    "max_script_kb": 200,
    "max_requests": 30,
}


def report(
    score: float | None = 0.95,
    fcp: float = 1500,
    lcp: float = 2000,
    tbt: float = 100,
    cls: float = 0.01,
    si: float = 1800,
    total: int = 250 * 1024,
    script: int = 130 * 1024,
    requests: int = 18,
    failed: tuple[dict, ...] = (),
    drop: tuple[str, ...] = (),
) -> dict[str, Any]:
    """A Lighthouse report (lhr) with the parts bench.py reads (sizes in bytes); drop removes
    audits."""
    audits: dict[str, Any] = {
        "first-contentful-paint": {"numericValue": fcp, "numericUnit": "millisecond"},
        "largest-contentful-paint": {"numericValue": lcp, "numericUnit": "millisecond"},
        "total-blocking-time": {"numericValue": tbt, "numericUnit": "millisecond"},
        "cumulative-layout-shift": {"numericValue": cls, "numericUnit": "unitless"},
        "speed-index": {"numericValue": si, "numericUnit": "millisecond"},
        "resource-summary": {
            "details": {
                "type": "table",
                "items": [
                    {"resourceType": "total", "requestCount": requests, "transferSize": total},
                    {"resourceType": "script", "requestCount": 9, "transferSize": script},
                    {"resourceType": "image", "requestCount": 3, "transferSize": 40_000},
                ],
            }
        },
        "network-requests": {
            "details": {
                "type": "table",
                "items": [
                    {
                        "url": "/",
                        "resourceType": "Document",
                        "transferSize": 30_000,
                        "statusCode": 200,
                    },
                    {"url": "/a.js", "resourceType": "Script", "transferSize": 2048},
                    {"url": "/b.js", "resourceType": "Script", "transferSize": 1024},
                    {"url": "/c.css", "resourceType": "Stylesheet"},  # no size: counts as 0
                    *failed,
                ],
            }
        },
    }
    for audit_id in drop:
        audits.pop(audit_id)
    return {
        "lighthouseVersion": "12.8.2",
        "categories": {"performance": {"id": "performance", "score": score}},
        "audits": audits,
    }


def test_metrics_are_read_from_the_audits():
    metrics = lighthouse_report.extract_metrics(report())
    assert metrics == {
        "score": 95,
        "fcp_ms": 1500,
        "lcp_ms": 2000,
        "tbt_ms": 100,
        "cls": 0.01,
        "si_ms": 1800,
        "total_kb": 250,
        "script_kb": 130,
        "requests": 18,
    }


def test_without_a_resource_summary_the_network_requests_are_counted():
    metrics = lighthouse_report.extract_metrics(report(drop=("resource-summary",)))
    assert metrics["requests"] == 4
    assert metrics["script_kb"] == 3
    assert metrics["total_kb"] == pytest.approx(33_072 / 1024)


def test_an_empty_report_gives_no_numbers_instead_of_an_error():
    assert set(lighthouse_report.extract_metrics({}).values()) == {None}


def test_a_page_within_budget_passes():
    assert (
        lighthouse_report.check_budgets(BUDGETS, {"home": report(), "cart": report(tbt=600)}) == []
    )


@pytest.mark.parametrize(
    "changes, problem",
    [
        ({"score": 0.79}, "home: score 79 < budget 80"),
        ({"fcp": 3100}, "home: FCP ms 3100 > budget 3000"),
        ({"lcp": 4500}, "home: LCP ms 4500 > budget 4000"),
        ({"tbt": 650}, "home: TBT ms 650 > budget 600"),
        ({"cls": 0.25}, "home: CLS 0.250 > budget 0.1"),
        ({"si": 5000}, "home: SI ms 5000 > budget 4000"),
        ({"total": 500 * 1024}, "home: total KB 500 > budget 400"),
        ({"script": 300 * 1024}, "home: JS KB 300 > budget 200"),
        ({"requests": 31}, "home: requests 31 > budget 30"),
    ],
)
def test_each_exceeded_budget_is_reported_by_name(changes, problem):
    assert lighthouse_report.check_budgets(
        BUDGETS, {"home": report(**changes), "cart": report()}
    ) == [problem]


def test_several_exceeded_budgets_are_all_reported():
    problems = lighthouse_report.check_budgets(BUDGETS, {"product": report(lcp=9000, requests=99)})
    assert problems == ["product: LCP ms 9000 > budget 4000", "product: requests 99 > budget 30"]


@pytest.mark.parametrize(
    "drop, missing",
    [
        (("largest-contentful-paint",), ["LCP ms"]),
        (("cumulative-layout-shift",), ["CLS"]),
        (
            ("resource-summary", "network-requests"),
            ["network-requests", "total KB", "JS KB", "requests"],
        ),
    ],
)
def test_a_missing_audit_is_reported_not_a_crash(drop, missing):
    problems = lighthouse_report.check_budgets(BUDGETS, {"blog-article": report(drop=drop)})
    assert problems == [f"blog-article: {name} missing from the report" for name in missing]


def test_failed_requests_are_reported_without_a_budget():
    """A page whose bundle answers 404 is small and fast because it is broken."""
    failed = (
        {
            "url": "http://localhost:8123/assets/entry.js",
            "resourceType": "Script",
            "statusCode": 404,
        },
        {"url": "http://localhost:8123/api/x?a=1", "resourceType": "Fetch", "statusCode": 500},
        {"url": "/gone.png", "resourceType": "Image", "statusCode": -1},
    )
    assert lighthouse_report.failed_requests(report(failed=failed)) == [
        "404 /assets/entry.js",
        "500 /api/x?a=1",
        "-1 /gone.png",
    ]
    assert lighthouse_report.check_budgets({}, {"cart": report(failed=failed[:1])}) == [
        "cart: 1 failed request(s): 404 /assets/entry.js"
    ]
    assert lighthouse_report.check_budgets({}, {"cart": report()}) == []


def test_a_report_without_a_score_is_reported():
    problems = lighthouse_report.check_budgets(BUDGETS, {"cart": report(score=None)})
    assert problems == ["cart: score missing from the report"]


def test_a_lighthouse_runtime_error_is_reported():
    broken = report(drop=tuple(lighthouse_report.TIMING_AUDITS.values()))
    broken["runtimeError"] = {"code": "NO_FCP", "message": "The page did not paint any content."}
    problems = lighthouse_report.check_budgets({"max_lcp_ms": 4000}, {"home": broken})
    assert problems == [
        "home: Lighthouse error NO_FCP: The page did not paint any content.",
        "home: LCP ms missing from the report",
    ]


def test_a_page_may_have_its_own_budget():
    budgets = {**BUDGETS, "pages": {"home": {"max_lcp_ms": 5000}}}
    reports = {"home": report(lcp=4500), "cart": report(lcp=4500)}
    assert lighthouse_report.check_budgets(budgets, reports) == ["cart: LCP ms 4500 > budget 4000"]


def test_a_misspelt_budget_or_page_is_reported_rather_than_ignored():
    budgets = {"max_lcp": 4000, "pages": {"hom": {"max_lcp_ms": 1}, "cart": {"min_scor": 1}}}
    assert lighthouse_report.check_budgets(budgets, {"cart": report()}) == [
        "budgets: unknown budget key 'max_lcp'",
        "budgets for an unknown page: hom",
        "cart: unknown budget key 'min_scor'",
    ]


def test_the_budgets_file_uses_only_known_keys_and_pages():
    budgets = json.loads(run.BUDGETS.read_text())["lighthouse"]
    assert lighthouse_report.check_budgets(budgets, {}) == []
    assert {key for key in budgets if not key.startswith("$")} <= {
        *lighthouse_report.BUDGET_KEYS,
        "pages",
    }


def test_the_median_run_counts():
    runs = [report(score=0.80, lcp=3000), report(score=0.97), report(score=0.91, lcp=2500)]
    assert lighthouse_report.median_run(runs) is runs[2]
    assert lighthouse_report.median_run(runs[:1]) is runs[0]
    # with two runs, the worse one: a lucky run does not hide a slow page
    assert lighthouse_report.median_run(runs[:2]) is runs[0]
    # a run without a score is the worst, not skipped
    # a broken run counts, so that a failure is reported rather than outvoted
    broken = report(score=0.99, failed=({"url": "/a.js", "statusCode": 404},))
    assert lighthouse_report.median_run([report(), broken, report()]) is broken
    unscored = report(score=None)
    assert lighthouse_report.median_run([report(), unscored, report()]) is not unscored
    assert lighthouse_report.median_run([unscored, report(score=0.5)]) is unscored


def test_the_table_has_a_row_per_page_and_a_dash_for_a_missing_value():
    table = lighthouse_report.format_table(
        {
            "home": lighthouse_report.extract_metrics(report()),
            "cart": lighthouse_report.extract_metrics(report(drop=("speed-index",))),
        }
    )
    header, _, home, cart = table.splitlines()
    assert header.startswith("page ")
    assert all(heading in header for heading, _ in lighthouse_report.COLUMNS.values())
    assert home.split()[0] == "home"
    assert home.split()[1:] == ["95", "1500", "2000", "100", "0.010", "1800", "250", "130", "18"]
    assert cart.split()[6] == "-"


NAVIGATIONS = {
    "home → product list": {"navigation": [70.0, 60.0, 120.0], "fresh": [150.0, 140.0, 160.0]},
    "product list → product": {"navigation": [80.0, 90.0, 400.0], "fresh": [100.0, 120.0, 110.0]},
}


def test_a_navigation_within_its_ratio_passes():
    assert lighthouse_report.check_navigation({"max_ratio": 1}, NAVIGATIONS) == []


def test_a_navigation_slower_than_a_fresh_load_is_reported():
    slow = {"course → lesson": {"navigation": [400.0, 380.0, 420.0], "fresh": [200.0, 190.0]}}
    assert lighthouse_report.check_navigation({"max_ratio": 1}, slow) == [
        "course → lesson: navigation 2.11x the fresh load's first paint > budget 1x"
    ]


def test_a_navigation_without_numbers_fails_rather_than_passes():
    missing: dict[str, dict[str, list]] = {
        "blog → article": {"navigation": [50.0], "fresh": [None]}
    }
    assert lighthouse_report.check_navigation({"max_ratio": 1}, missing) == [
        "blog → article: no measurements"
    ]
    assert lighthouse_report.check_navigation({"max_ratio": 1, "max_ratoi": 2}, {}) == [
        "navigation: unknown budget key 'max_ratoi'"
    ]


def test_the_navigation_table_shows_median_p95_and_the_goal():
    table = lighthouse_report.format_navigation(NAVIGATIONS).splitlines()
    assert table[0].split()[-3:] == ["goal", "100", "ms"]
    assert table[2].split()[-5:] == ["70", "120", "150", "0.47x", "met"]
    assert table[3].split()[-5:] == ["90", "400", "110", "0.82x", "met"]


def test_the_budgets_file_budgets_navigation_as_a_ratio():
    budgets = json.loads(run.BUDGETS.read_text())["navigation"]
    assert lighthouse_report.check_navigation(budgets, NAVIGATIONS) == []
    assert 0 < budgets["max_ratio"] <= 1


TRACE_ERROR = (
    "Runtime error encountered: Something went wrong with recording the trace over your page"
    " load. Please run Lighthouse again. ({code})"
)


def _fake_npx(directory, failures: int, code: str = "NO_NAVSTART") -> None:
    """An `npx` first on PATH playing Lighthouse: its first `failures` runs end as Lighthouse
    does when it cannot read its trace, later ones write a report to --output-path."""
    runs = directory / "runs"
    script = directory / "npx"
    script.write_text(
        "#!/bin/sh\n"
        f'count=$(($(cat "{runs}" 2>/dev/null || echo 0) + 1)); echo $count > "{runs}"\n'
        f"if [ $count -le {failures} ]; then\n"
        f'  echo "{TRACE_ERROR.format(code=code)}" >&2; exit 1\nfi\n'
        'for argument in "$@"; do case $argument in --output-path=*)\n'
        """  echo '{"ok": true}' > "${argument#--output-path=}";; esac; done\n"""
    )
    script.chmod(0o755)


def test_lighthouse_is_run_again_when_it_cannot_read_its_trace(tmp_path, monkeypatch, capsys):
    _fake_npx(tmp_path, failures=2)
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    assert bench.lighthouse("http://localhost:1/", tmp_path / "report.json") == {"ok": True}
    assert (tmp_path / "runs").read_text().strip() == "3"
    assert capsys.readouterr().out.count("could not read its trace") == 2


def test_lighthouse_gives_up_after_three_unreadable_traces_and_at_once_on_other_errors(
    tmp_path, monkeypatch
):
    monkeypatch.setenv("PATH", f"{tmp_path}:{os.environ['PATH']}")
    _fake_npx(tmp_path, failures=5)
    with pytest.raises(bench.BenchError, match="NO_NAVSTART"):
        bench.lighthouse("http://localhost:1/", tmp_path / "report.json")
    assert (tmp_path / "runs").read_text().strip() == "3"

    (tmp_path / "runs").unlink()
    _fake_npx(tmp_path, failures=5, code="PROTOCOL_TIMEOUT")
    with pytest.raises(bench.BenchError, match="PROTOCOL_TIMEOUT"):
        bench.lighthouse("http://localhost:1/", tmp_path / "report.json")
    assert (tmp_path / "runs").read_text().strip() == "1"
