"""Lighthouse's reports and the navigation timings against the budgets, for loadtests/bench.py:
the metrics read from a report, its failed requests, the median run, the budget check and the
tables. Pure: reports and milliseconds in, problems and lines out."""

from __future__ import annotations

import urllib.parse
from typing import Any

# Page type → path on the Dutch domain. The product and the article are seeded fixtures
# (fixtures/nl/catalog.yaml, fixtures/nl/articles/); the cart is the nl page 'winkelmand'; the
# course and its first lesson (a free preview, so its player chunk loads) fixtures/nl/academy.yaml.
PAGES: dict[str, str] = {
    "home": "/",
    "product-list": "/shop",
    "product": "/shop/splash-drijfpak",
    "blog-article": "/blog/de-eerste-zwemles",
    "cart": "/winkelmand",
    "course": "/academy/leren-zwemmen",
    # a free preview: the player loads
    "lesson": "/academy/leren-zwemmen/spetteren-en-een-nat-gezicht",
}

Report = dict[str, Any]  # a Lighthouse JSON report (the "lhr")
Metrics = dict[str, float | None]

# metric → (column heading, format); the order is the table's
COLUMNS: dict[str, tuple[str, str]] = {
    "score": ("score", "{:.0f}"),
    "fcp_ms": ("FCP ms", "{:.0f}"),
    "lcp_ms": ("LCP ms", "{:.0f}"),
    "tbt_ms": ("TBT ms", "{:.0f}"),
    "cls": ("CLS", "{:.3f}"),
    "si_ms": ("SI ms", "{:.0f}"),
    "total_kb": ("total KB", "{:.0f}"),
    "script_kb": ("JS KB", "{:.0f}"),
    "requests": ("requests", "{:.0f}"),
}

# where each timing metric comes from: metric → audit id (numericValue)
TIMING_AUDITS = {
    "fcp_ms": "first-contentful-paint",
    "lcp_ms": "largest-contentful-paint",
    "tbt_ms": "total-blocking-time",
    "cls": "cumulative-layout-shift",
    "si_ms": "speed-index",
}

# budget key → (metric, "min" or "max")
BUDGET_KEYS: dict[str, tuple[str, str]] = {
    "min_score": ("score", "min"),
    "max_fcp_ms": ("fcp_ms", "max"),
    "max_lcp_ms": ("lcp_ms", "max"),
    "max_tbt_ms": ("tbt_ms", "max"),
    "max_cls": ("cls", "max"),
    "max_si_ms": ("si_ms", "max"),
    "max_total_kb": ("total_kb", "max"),
    "max_script_kb": ("script_kb", "max"),
    "max_requests": ("requests", "max"),
}

NAVIGATION_GOAL_MS = 100  # the performance issue's goal for a navigation to a prefetched page


def extract_metrics(report: Report) -> Metrics:
    """The numbers of one Lighthouse report; None where the report lacks them.

    score is the performance score as 0 to 100; timings in ms, CLS unitless, sizes in KB (1024
    bytes) of transferred (compressed) bytes. Sizes and the request count come from the
    'resource-summary' audit, or else are counted from 'network-requests'.
    """
    audits = report.get("audits") or {}
    score = ((report.get("categories") or {}).get("performance") or {}).get("score")
    metrics: Metrics = {"score": None if score is None else score * 100}
    for metric, audit_id in TIMING_AUDITS.items():
        metrics[metric] = _number((audits.get(audit_id) or {}).get("numericValue"))
    metrics.update(_resources(audits))
    return metrics


def _number(value: Any) -> float | None:
    return float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None


def _items(audit: Any) -> list[dict] | None:
    items = ((audit or {}).get("details") or {}).get("items")
    return items if isinstance(items, list) else None


def _resources(audits: dict) -> Metrics:
    summary = _items(audits.get("resource-summary"))
    if summary is not None:
        by_type = {item.get("resourceType"): item for item in summary}
        total, script = by_type.get("total") or {}, by_type.get("script") or {}
        total_bytes = _number(total.get("transferSize"))
        script_bytes = _number(script.get("transferSize"))
        return {
            "total_kb": None if total_bytes is None else total_bytes / 1024,
            "script_kb": None if script_bytes is None else script_bytes / 1024,
            "requests": _number(total.get("requestCount")),
        }
    requests = _items(audits.get("network-requests"))
    if requests is not None:
        sizes = [(item.get("resourceType"), item.get("transferSize") or 0) for item in requests]
        return {
            "total_kb": sum(size for _, size in sizes) / 1024,
            "script_kb": sum(size for kind, size in sizes if kind == "Script") / 1024,
            "requests": float(len(requests)),
        }
    return {"total_kb": None, "script_kb": None, "requests": None}


def failed_requests(report: Report) -> list[str] | None:
    """'status url' of each request that failed (4xx, 5xx, no answer); None without the
    'network-requests' audit. A page whose own assets fail (a bundle rebuilt during the run
    answers 404) is not measured: it is small and fast because it is broken."""
    items = _items((report.get("audits") or {}).get("network-requests"))
    if items is None:
        return None
    failed = []
    for item in items:
        status = item.get("statusCode")
        if isinstance(status, int) and not 100 <= status < 400:
            url = urllib.parse.urlsplit(str(item.get("url")))
            failed.append(f"{status} {url.path or '/'}" + (f"?{url.query}" if url.query else ""))
    return failed


def median_run(reports: list[Report]) -> Report:
    """The run of one page that counts: the median by performance score, ties broken by LCP.

    Lighthouse's scores vary from run to run; the median run is what the table shows and the
    budgets check. A broken run (a runtime error or failed requests) counts instead, so that
    it is reported rather than outvoted; a run without a score sorts as the worst.
    """
    if not reports:
        raise ValueError("no reports")
    broken = [report for report in reports if report.get("runtimeError") or failed_requests(report)]
    if broken:
        return broken[0]

    def key(report: Report) -> tuple[float, float]:
        metrics = extract_metrics(report)
        score, lcp = metrics["score"], metrics["lcp_ms"]
        return (
            -1.0 if score is None else score,
            -(lcp if lcp is not None else float("inf")),
        )

    ranked = sorted(reports, key=key)
    return ranked[(len(ranked) - 1) // 2]  # with an even count, the worse of the two middle


def check_budgets(budgets: dict, reports: dict[str, Report]) -> list[str]:
    """Page name → report in, one line per problem out (empty: within budget).

    budgets is the "lighthouse" entry of budgets.json: the keys of BUDGET_KEYS apply to every
    page; "pages" may override them per page name ({"home": {"max_lcp_ms": 4000}}). Keys
    starting with "$" are comments. A budgeted metric the report lacks is a problem, as is a
    report Lighthouse marked with a runtime error, a failed request of the page (always
    checked), or an unknown budget key (a typo would otherwise check nothing).
    """
    problems: list[str] = []
    overrides = budgets.get("pages") or {}
    for page, limits in [(None, budgets), *overrides.items()]:
        allowed = {*BUDGET_KEYS, "pages"} if page is None else set(BUDGET_KEYS)
        unknown = [key for key in limits if key not in allowed and not key.startswith("$")]
        problems += [f"{page or 'budgets'}: unknown budget key {key!r}" for key in unknown]
        if page is not None and page not in PAGES:
            problems.append(f"budgets for an unknown page: {page}")
    for page, report in reports.items():
        limits = {**budgets, **(overrides.get(page) or {})}
        error = report.get("runtimeError")
        if error:
            problems.append(f"{page}: Lighthouse error {error.get('code')}: {error.get('message')}")
        failed = failed_requests(report)
        if failed is None:
            problems.append(f"{page}: network-requests missing from the report")
        elif failed:
            shown = ", ".join(failed[:3]) + (", ..." if len(failed) > 3 else "")
            problems.append(f"{page}: {len(failed)} failed request(s): {shown}")
        metrics = extract_metrics(report)
        for key, (metric, kind) in BUDGET_KEYS.items():
            if key not in limits:
                continue
            limit, value = limits[key], metrics[metric]
            label = COLUMNS[metric][0]
            if value is None:
                problems.append(f"{page}: {label} missing from the report")
            elif (kind == "min" and value < limit) or (kind == "max" and value > limit):
                shown = COLUMNS[metric][1].format(value)
                sign = "<" if kind == "min" else ">"
                problems.append(f"{page}: {label} {shown} {sign} budget {limit:g}")
    return problems


def format_table(metrics: dict[str, Metrics]) -> str:
    """One row per page, one column per metric ('-' where a value is missing)."""
    width = max(len("page"), *(len(page) for page in metrics))
    header = f"{'page':<{width}} " + " ".join(f"{h:>9}" for h, _ in COLUMNS.values())
    lines = [header, "-" * len(header)]
    for page, values in metrics.items():
        cells = []
        for metric, (_, fmt) in COLUMNS.items():
            value = values.get(metric)
            cells.append(f"{'-' if value is None else fmt.format(value):>9}")
        lines.append(f"{page:<{width}} " + " ".join(cells))
    return "\n".join(lines)


def median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2]  # with an even count, the lower middle


def percentile_95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, -(-len(ordered) * 95 // 100) - 1)]  # nearest rank


def check_navigation(budget: dict, results: dict[str, dict[str, list]]) -> list[str]:
    """Case → {"navigation": [ms…], "fresh": [ms…]} in, one line per problem out.

    The budget ("navigation" in budgets.json) is max_ratio: a case's median navigation over
    the median first contentful paint of the same page loaded fresh. A case without numbers
    (a missing first paint) is a problem, not a pass.
    """
    problems = [
        f"navigation: unknown budget key {key!r}"
        for key in budget
        if key != "max_ratio" and not key.startswith("$")
    ]
    for case, result in results.items():
        fresh = [value for value in result.get("fresh", []) if value is not None]
        if not result.get("navigation") or not fresh:
            problems.append(f"{case}: no measurements")
            continue
        ratio = median(result["navigation"]) / median(fresh)
        if ratio > budget["max_ratio"]:
            problems.append(
                f"{case}: navigation {ratio:.2f}x the fresh load's first paint"
                f" > budget {budget['max_ratio']:g}x"
            )
    return problems


def format_navigation(results: dict[str, dict[str, list]]) -> str:
    """One row per case: the navigation's median and p95, the fresh load's first paint, their
    ratio and whether the median meets the goal."""
    width = max(len("navigation"), *(len(case) for case in results))
    header = (
        f"{'navigation':<{width}} {'p50 ms':>8} {'p95 ms':>8} {'fresh FCP':>10} {'ratio':>7}"
        f"  goal {NAVIGATION_GOAL_MS} ms"
    )
    lines = [header, "-" * len(header)]
    for case, result in results.items():
        fresh = [value for value in result.get("fresh", []) if value is not None]
        if not result.get("navigation") or not fresh:
            lines.append(f"{case:<{width}} {'-':>8} {'-':>8} {'-':>10} {'-':>7}  -")
            continue
        p50, p95, first = (
            median(result["navigation"]),
            percentile_95(result["navigation"]),
            median(fresh),
        )
        met = "met" if p50 <= NAVIGATION_GOAL_MS else "missed"
        lines.append(
            f"{case:<{width}} {p50:>8.0f} {p95:>8.0f} {first:>10.0f} {p50 / first:>6.2f}x  {met}"
        )
    return "\n".join(lines)
