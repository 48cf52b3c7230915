"""Lighthouse on the main page types of a freshly seeded Splash, checked against budgets.

  .venv/bin/python -m loadtests.bench                  # make bench (after the Locust run)
  .venv/bin/python -m loadtests.bench --runs 1 --page home --page cart

Starts the test server exactly as loadtests/run.py does (its free_port, start_server and
wait_healthy, testkit.serving's stop; one worker: Lighthouse is a single visitor), checks that every
page answers 200 with ``<html lang="nl">`` on the Dutch domain (``localhost:PORT``), then runs
Lighthouse 12.8 (``npx --yes lighthouse@12.8``, fetched into npm's cache on first use; mobile
form factor, Lighthouse's default simulated throttling, performance category only) with
Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) on each page, ``--runs`` times.
Per page the median run (by performance score, then LCP) counts, or a broken run (failed
requests, a Lighthouse error) when there is one: the table shows its score, FCP, LCP, TBT,
CLS, Speed Index, transfer sizes and request count, and it is checked against the "lighthouse"
budgets in loadtests/budgets.json (a failed request always fails). The server is always
stopped. On the same server, loadtests/timing.py then prints the median answer times of
forgot-password and send-email-confirmation for an existing account and for unknown addresses
side by side (no budget: they should simply match), and loadtests/navigation.mjs times
client-side navigations to prefetched pages (hover, then click; ten of each case) beside a
fresh load of the same page: the median navigation against the goal of 100 ms (printed, not
enforced) and, as the budget, its ratio to the fresh load's first contentful paint
("navigation" in loadtests/budgets.json).

Every report goes to loadtests/results/lighthouse-<page>-<run>.json (git-ignored); open one
in https://googlechrome.github.io/lighthouse/viewer/ for the details.

Exit code: 0 within budget; 1 a budget was exceeded; 2 the run could not be done (the server
did not start, a page did not answer, Lighthouse failed or wrote no usable report).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

from loadtests import (
    run,  # the same server start and stop as the Locust runs
    timing,  # answer times of known vs unknown addresses
)
from testkit import serving

HERE = Path(__file__).resolve().parent

ROOT = run.ROOT
RESULTS = run.RESULTS
BUDGETS = run.BUDGETS
LIGHTHOUSE = "lighthouse@12.8"
LIGHTHOUSE_TIMEOUT = 300.0  # seconds per run; the first one also downloads Lighthouse
CHROME_FLAGS = " ".join(json.loads((ROOT / "frontend/chromium-flags.json").read_text()))

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


NAVIGATION = HERE / "navigation.mjs"
NAVIGATION_RUNS = 10
NAVIGATION_GOAL_MS = 100  # the performance issue's goal for a navigation to a prefetched page


class BenchError(run.RunError):
    """The benchmark could not be done (a page did not answer, Lighthouse failed, ...)."""


# -- pure: metrics and budgets ---------------------------------------------------------------


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


# -- the run ---------------------------------------------------------------------------------


def navigation(port: int, runs: int = NAVIGATION_RUNS) -> dict[str, dict[str, list]]:
    """loadtests/navigation.mjs against the server: its JSON (case → navigation and fresh ms)."""
    command = [
        "node",
        str(NAVIGATION),
        "--origin",
        f"http://localhost:{port}",
        "--runs",
        str(runs),
    ]
    print(f"bench: client-side navigations ({runs} per case)", flush=True)
    try:
        done = subprocess.run(
            command,
            capture_output=True,
            text=True,
            timeout=LIGHTHOUSE_TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        raise BenchError(f"the navigations took longer than {LIGHTHOUSE_TIMEOUT:.0f} s") from None
    if done.returncode != 0:
        raise BenchError(
            f"navigation.mjs exited with code {done.returncode}\n{done.stderr[-2000:]}"
        )
    return json.loads(done.stdout)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    summary = __doc__.split("\n\n")[0]
    parser = argparse.ArgumentParser(prog="python -m loadtests.bench", description=summary)
    parser.add_argument("--runs", type=int, default=3, help="Lighthouse runs per page (default 3)")
    parser.add_argument(
        "--page",
        action="append",
        choices=list(PAGES),
        help="only this page (repeatable)",
    )
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    args.pages = {name: PAGES[name] for name in args.page or PAGES}
    return args


def start(
    log_path: Path,
    workers: int = 1,
    launch: Callable[[int, int, Path], subprocess.Popen] = run.start_server,
) -> tuple[subprocess.Popen, int]:
    """A healthy test server (started again when it is ready but silent, as run.py does);
    ``launch(port, workers, log_path)`` starts one (default: a freshly seeded test server)."""
    for attempt in range(1, run.START_ATTEMPTS + 1):
        port = run.free_port()
        shown = log_path.relative_to(ROOT) if log_path.is_relative_to(ROOT) else log_path
        print(
            f"bench: starting the test server on 127.0.0.1:{port} ({workers} worker(s)); "
            f"log: {shown}",
            flush=True,
        )
        server = launch(port, workers, log_path)
        try:
            ready = run.wait_healthy(server, port, log_path)
        except run.SilentServer as error:
            print(f"bench: start {attempt} failed ({error}); stopping it", flush=True)
            serving.stop(server)
            if attempt == run.START_ATTEMPTS:
                raise
            continue
        except BaseException:
            serving.stop(server)
            raise
        print(f"bench: server ready after {ready:.1f} s", flush=True)
        return server, port
    raise AssertionError("unreachable")


def check_page(url: str) -> None:
    """The page answers 200 with the Dutch HTML shell (the Host header carries the port)."""
    try:
        with urllib.request.urlopen(url, timeout=30) as response:
            html = response.read(4096).decode(errors="replace")
    except urllib.error.HTTPError as error:
        error.close()
        raise BenchError(f"{url} answered {error.code}") from None
    except (urllib.error.URLError, OSError) as error:
        raise BenchError(f"{url}: {error}") from None
    if '<html lang="nl"' not in html:
        raise BenchError(f'{url}: no <html lang="nl"> (not the Dutch domain?)')


# Lighthouse's own "Please run Lighthouse again" errors: the trace of a load it could not read.
# Chromium 156 with Lighthouse 12.8 gives NO_NAVSTART in about one run of ten here.
LIGHTHOUSE_RETRIED = ("NO_NAVSTART",)
LIGHTHOUSE_ATTEMPTS = 3


def lighthouse(url: str, output: Path) -> Report:
    """One Lighthouse run, asked again when Lighthouse says its trace was unreadable; its JSON
    report is written to output and returned."""
    for _ in range(LIGHTHOUSE_ATTEMPTS - 1):
        try:
            return lighthouse_once(url, output)
        except BenchError as error:
            retried = next((code for code in LIGHTHOUSE_RETRIED if f"({code})" in str(error)), None)
            if retried is None:
                raise
            print(
                f"bench: Lighthouse could not read its trace ({retried}); running it again",
                flush=True,
            )
    return lighthouse_once(url, output)


def lighthouse_once(url: str, output: Path) -> Report:
    output.unlink(missing_ok=True)
    # fmt: off
    command = [
        "npx", "--yes", LIGHTHOUSE, url,
        "--output=json", f"--output-path={output}", "--quiet",
        "--only-categories=performance", "--form-factor=mobile",
        f"--chrome-flags={CHROME_FLAGS}",
        # A Dutch phone: without it the root's language detection redirects Lighthouse's
        # English browser to the English domain and the home page pays a redirect.
        '--extra-headers={"Accept-Language": "nl-NL,nl;q=0.9"}',
    ]
    # fmt: on
    env = {
        **os.environ,
        "CHROME_PATH": os.environ.get("CHROME_PATH", "/usr/bin/chromium"),
    }
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            command,
            cwd=tempfile.gettempdir(),
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=errors,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            code = process.wait(timeout=LIGHTHOUSE_TIMEOUT)
        except subprocess.TimeoutExpired:
            raise BenchError(f"Lighthouse took longer than {LIGHTHOUSE_TIMEOUT:.0f} s") from None
        finally:
            if process.poll() is None:  # SIGINT: Lighthouse's Chrome launcher then kills Chrome
                os.killpg(process.pid, signal.SIGINT)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait()
        errors.seek(0)
        log = errors.read().decode(errors="replace")
    if code != 0 or not output.exists():
        lines = [line for line in log.splitlines() if "Unknown user config" not in line]
        raise BenchError(f"Lighthouse exited with code {code}\n" + "\n".join(lines[-20:]))
    try:
        return json.loads(output.read_text())
    except json.JSONDecodeError as error:
        raise BenchError(f"{output.relative_to(ROOT)} is not JSON: {error}") from None


def benchmark(port: int, pages: dict[str, str], runs: int) -> dict[str, Report]:
    base = f"http://localhost:{port}"
    for path in pages.values():
        check_page(base + path)
    medians: dict[str, Report] = {}
    for page, path in pages.items():
        reports = []
        for number in range(1, runs + 1):
            output = RESULTS / f"lighthouse-{page}-{number}.json"
            print(f"bench: Lighthouse {page} {path} ({number}/{runs})", flush=True)
            reports.append(lighthouse(base + path, output))
        medians[page] = median_run(reports)
    return medians


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    RESULTS.mkdir(parents=True, exist_ok=True)
    every_budget = json.loads(BUDGETS.read_text())
    budgets = every_budget["lighthouse"]
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # unwinds through the finally

    log_path = RESULTS / "bench-server.log"
    server = None
    try:
        server, port = start(log_path)
        reports = benchmark(port, args.pages, args.runs)
        answer_times = timing.measure(port)
        navigations = navigation(port)
    except run.RunError as error:
        print(f"bench: FAILED — {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nbench: interrupted", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if server is not None:
            print(f"bench: server stopped in {serving.stop(server):.1f} s", flush=True)

    metrics = {page: extract_metrics(report) for page, report in reports.items()}
    print(
        f"\nLighthouse {LIGHTHOUSE.split('@')[1]}, mobile, simulated throttling; ",
        end="",
    )
    print(f"median of {args.runs} run(s) per page; reports in {RESULTS.relative_to(ROOT)}/\n")
    print(format_table(metrics))
    timing.report(answer_times)
    print(f"\nClient-side navigations to a prefetched page, {NAVIGATION_RUNS} per case:\n")
    print(format_navigation(navigations))
    problems = check_budgets(budgets, reports) + check_navigation(
        every_budget["navigation"], navigations
    )
    scores = [values["score"] for values in metrics.values() if values["score"] is not None]
    low, high = (f"{min(scores):.0f}", f"{max(scores):.0f}") if scores else ("none", "none")
    span = f"score {low}" if low == high else f"scores {low} to {high}"
    return run.verdict(f"bench lighthouse: {len(reports)} pages, {span}", problems)


if __name__ == "__main__":
    sys.exit(main())
