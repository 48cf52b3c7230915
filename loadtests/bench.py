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
import urllib.request
from collections.abc import Callable
from pathlib import Path

from loadtests import (
    run,  # the same server start and stop as the Locust runs
    timing,  # answer times of known vs unknown addresses
)
from loadtests.lighthouse_report import (
    PAGES,
    Report,
    check_budgets,
    check_navigation,
    extract_metrics,
    format_navigation,
    format_table,
    median_run,
)
from testkit import serving

HERE = Path(__file__).resolve().parent

ROOT = run.ROOT
RESULTS = run.RESULTS
BUDGETS = run.BUDGETS
LIGHTHOUSE = "lighthouse@12.8"
LIGHTHOUSE_TIMEOUT = 300.0  # seconds per run; the first one also downloads Lighthouse
CHROME_FLAGS = " ".join(json.loads((ROOT / "frontend/chromium-flags.json").read_text()))

NAVIGATION = HERE / "navigation.mjs"
NAVIGATION_RUNS = 10


class BenchError(run.RunError):
    """The benchmark could not be done (a page did not answer, Lighthouse failed, ...)."""


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
