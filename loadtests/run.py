"""Run the Locust scenarios against a freshly seeded Splash and check the budgets.

  .venv/bin/python -m loadtests.run --smoke                      # make test-load: 5 users, 10 s
  .venv/bin/python -m loadtests.run --users 50 --duration 60s    # make loadtest
  .venv/bin/python -m loadtests.run --scenario checkout --database postgres   # make bench

Picks a free port, starts ``python -m testkit.server`` (temporary SQLite database, or
with ``--database postgres`` a PostgreSQL database made for the run and dropped after it;
migrated, seeded, published) in its own process group, waits for /healthz, runs Locust
headless, always stops the server (the whole process group: it forks workers), then checks
Locust's CSV stats against loadtests/budgets.json. Prints a table and a one-line verdict; the
exit code is non-zero when Locust failed or a budget was exceeded.

Results (CSV, HTML report, server log) go to loadtests/results/ (git-ignored).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from loadtests.locust_budgets import (
    Row,
    check_budgets,
    number,
    p95_budgets,
    print_goals,
    print_table,
)
from testkit import serving

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
BACKEND = ROOT / "backend"
RESULTS = HERE / "results"
LOCUSTFILE = HERE / "locustfile.py"
BUDGETS = HERE / "budgets.json"
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
PYTHON = str(VENV_PYTHON) if VENV_PYTHON.exists() else sys.executable

HEALTH_TIMEOUT = 120.0  # seconds for migrate + seed + publish + startup
# A server that says it is ready but whose /healthz query never returns within this many
# seconds is started again (at most START_ATTEMPTS times in all). Seen about once in ten starts
# since 2026-11-21: the worker serves files but its first database query waits forever on the
# database client's lock (under investigation; the note on issue 6 has the details).
READY_BUT_SILENT = 20.0
START_ATTEMPTS = 5
SMOKE_WAIT = "0.1,0.5"  # SPLASH_LOADTEST_WAIT for the smoke run: more requests in 10 s
FULL_WAIT = "1,3"


class RunError(Exception):
    """The run could not be completed (server did not start, Locust hung, ...)."""


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m loadtests.run", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--smoke", action="store_true", help="5 users, rate 5, 10 s, short waits")
    parser.add_argument("--users", type=int, default=50, help="concurrent users (default 50)")
    parser.add_argument("--rate", type=float, help="users started per second (default users/5)")
    parser.add_argument("--duration", default="60s", help="run time: 60s, 2m, ... (default 60s)")
    parser.add_argument("--workers", type=int, help="server workers (default: 1 smoke, 2 full)")
    parser.add_argument("--name", help="results file prefix (default: smoke, full or checkout)")
    parser.add_argument(
        "--scenario",
        choices=("browse", "checkout", "academy"),
        default="browse",
        help="browse: every user class (visitors, buyers, viewers); checkout: buyers only; "
        "academy: viewers of free previews only (the lesson key under load)",
    )
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    args = parser.parse_args(argv)
    if args.smoke:
        args.users, args.rate, args.duration = 5, 5.0, "10s"
    args.rate = args.rate or max(1.0, args.users / 5)
    args.workers = args.workers or (1 if args.smoke else 2)
    args.kind = "smoke" if args.smoke else "full" if args.scenario == "browse" else args.scenario
    args.name = args.name or args.kind
    args.seconds = seconds(args.duration)  # fails early on a duration Locust would not read
    return args


def seconds(duration: str) -> int:
    """Locust's run-time syntax (``90``, ``60s``, ``2m``, ``1h30m``) in seconds."""
    if duration.isdigit():
        return int(duration)
    parts = re.fullmatch(r"(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?", duration)
    if not parts or not any(parts.groups()):
        raise SystemExit(f"loadtests/run.py: cannot read duration {duration!r} (use e.g. 60s, 2m)")
    hours, minutes, secs = (int(p or 0) for p in parts.groups())
    return hours * 3600 + minutes * 60 + secs


def free_port() -> int:
    try:
        return serving.free_port()
    except serving.ServerError as error:
        raise RunError(str(error)) from None


# -- the server (testkit.serving: the same start, wait and stop as the backend's tests) -------


CHECKOUT_LIMITS = ("ORDERS_PER_CLIENT", "ORDERS_PER_EMAIL", "OPEN_PER_CLIENT", "OPEN_PER_EMAIL")


def start_server(
    port: int,
    workers: int,
    log_path: Path,
    database_url: str | None = None,
    access_log: bool = False,
    extra_env: dict[str, str] | None = None,
) -> subprocess.Popen[bytes]:
    log = log_path.open("wb")
    try:
        return serving.start(
            port,
            workers=workers,
            database_url=database_url,
            access_log=access_log,
            python=PYTHON,
            stdin=subprocess.DEVNULL,
            # faulthandler: on a startup timeout, SIGABRT makes it log where it hangs
            # The load generator stands in for a load balancer in front of many parents: the
            # server trusts its X-Forwarded-For (the Viewers send one address each), so the
            # per-address rate limits count parents, not the one generator.
            env={
                **os.environ,
                "PYTHONFAULTHANDLER": "1",
                "PYTHONUNBUFFERED": "1",
                "SPLASH_TRUSTED_PROXIES": "127.0.0.1",
                # The checkout's limits per client and per address (429s) are counted as in
                # production but set out of reach: a load run places thousands of orders a
                # minute from a handful of addresses, each kept open until it is paid.
                **{f"SPLASH_CHECKOUT_{name}": "1000000" for name in CHECKOUT_LIMITS},
                **(extra_env or {}),
            },
            stdout=log,
            stderr=subprocess.STDOUT,
        )
    finally:
        log.close()  # the child holds its own descriptor


class SilentServer(RunError):
    """Ready according to its log, but /healthz never answers."""


def wait_healthy(server: subprocess.Popen[bytes], port: int, log_path: Path) -> float:
    ready_at: float | None = None

    def not_silent() -> None:
        nonlocal ready_at
        if ready_at is None and "splash: ready on" in log_path.read_text(errors="replace"):
            ready_at = time.monotonic()
        if ready_at is not None and time.monotonic() - ready_at > READY_BUT_SILENT:
            raise SilentServer(
                f"ready, but http://127.0.0.1:{port}/healthz did not answer within "
                f"{READY_BUT_SILENT:.0f} s"
            )

    try:
        return serving.wait_healthy(server, port, HEALTH_TIMEOUT, 0.25, not_silent)
    except serving.ServerExited as error:
        raise RunError(f"{error}\n{tail(log_path)}") from None
    except serving.NotHealthy as error:
        server.send_signal(signal.SIGABRT)  # the tracebacks of the hang go to the log
        with contextlib.suppress(subprocess.TimeoutExpired):
            server.wait(timeout=3)
        raise RunError(f"{error}\n{tail(log_path)}") from None


def tail(path: Path, lines: int = 30) -> str:
    try:
        text = path.read_text(errors="replace").splitlines()
    except OSError:
        return ""
    return f"--- last lines of {path.relative_to(ROOT)} ---\n" + "\n".join(text[-lines:])


@contextlib.contextmanager
def database(kind: str):
    """None (the server makes its own SQLite file) or the URL of a PostgreSQL database made
    for this run on SPLASH_TEST_POSTGRES_URL's server and dropped after it."""
    if kind == "sqlite":
        yield None
        return
    import asyncio

    import asyncpg

    admin = os.environ.get(
        "SPLASH_TEST_POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres"
    )
    name = f"splash_load_{random.getrandbits(32):08x}"

    async def admin_sql(sql: str) -> None:
        connection = await asyncpg.connect(admin)
        try:
            await connection.execute(sql)
        finally:
            await connection.close()

    try:
        asyncio.run(admin_sql(f'CREATE DATABASE "{name}"'))
    except (OSError, asyncpg.PostgresError) as error:
        raise RunError(f"no PostgreSQL database for the run ({error})") from None
    try:
        yield f"{admin.rsplit('/', 1)[0]}/{name}"
    finally:
        asyncio.run(admin_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


def restock(port: int) -> None:
    """Buyers need stock for a whole run: the test-only API fills every variant up."""
    request = urllib.request.Request(
        f"http://127.0.0.1:{port}/_test/pact-state",
        data=json.dumps({"state": "every variant has plenty of stock"}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        if response.status != 200:
            raise RunError(f"restocking answered {response.status}")


# -- Locust ----------------------------------------------------------------------------------


def locust_command(args: argparse.Namespace, host: str, history: bool = False) -> list[str]:
    """Locust, headless, for ``args``; with ``history`` its stats history holds each second's
    own percentiles (the last 10 s) rather than those of the whole run so far."""
    prefix = RESULTS / args.name
    # fmt: off
    command = [
        PYTHON, "-m", "locust", "-f", str(LOCUSTFILE), "--headless",
        "--host", host,
        "-u", str(args.users), "-r", f"{args.rate:g}", "-t", args.duration,
        "--only-summary", "--csv", str(prefix), "--html", f"{prefix}.html",
        "--exit-code-on-error", "1",
    ]
    # fmt: on
    if history:
        command.append("--csv-full-history")
    if args.scenario != "browse":
        command.append({"checkout": "Buyer", "academy": "Viewer"}[args.scenario])
    return command


def run_locust(args: argparse.Namespace, host: str, history: bool = False) -> int:
    command = locust_command(args, host, history)
    env = {
        **os.environ,
        "SPLASH_LOADTEST_WAIT": SMOKE_WAIT if args.smoke else FULL_WAIT,
    }
    locust = subprocess.Popen(command, cwd=ROOT, env=env, start_new_session=True)
    try:
        return locust.wait(timeout=args.seconds + 60)
    except subprocess.TimeoutExpired:
        raise RunError("Locust did not finish within its run time + 60 s") from None
    finally:
        if locust.poll() is None:  # interrupted or hung: SIGTERM lets it write its results
            os.killpg(locust.pid, signal.SIGTERM)
            try:
                locust.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(locust.pid, signal.SIGKILL)
                locust.wait()


# -- budgets ---------------------------------------------------------------------------------


def read_stats(name: str) -> tuple[list[Row], Row]:
    path = RESULTS / f"{name}_stats.csv"
    if not path.exists():
        raise RunError(f"Locust wrote no statistics ({path.relative_to(ROOT)} is missing)")
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    total = next((row for row in rows if row["Name"] == "Aggregated"), None)
    if total is None:
        raise RunError(f"no Aggregated row in {path.relative_to(ROOT)}")
    return [row for row in rows if row["Name"] != "Aggregated"], total


def print_failures(name: str) -> None:
    path = RESULTS / f"{name}_failures.csv"
    if not path.exists():
        return
    with path.open(newline="") as handle:
        failures = list(csv.DictReader(handle))
    if failures:
        print("\nfailures:")
        for row in failures[:20]:
            print(f"  {row['Occurrences']:>5}x {row['Method']} {row['Name']}: {row['Error']}")


# -- main ------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    RESULTS.mkdir(parents=True, exist_ok=True)
    # A SIGTERM (CI cancelling the job) unwinds through the finally below and stops the server.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))

    log_path = RESULTS / f"{args.name}-server.log"
    label = f"loadtest {args.kind}"
    server = None
    databases = contextlib.ExitStack()
    try:
        database_url = databases.enter_context(database(args.database))
        for attempt in range(1, START_ATTEMPTS + 1):
            port = free_port()
            print(
                f"{label}: starting the test server on 127.0.0.1:{port} "
                f"({args.workers} worker(s)); log: {log_path.relative_to(ROOT)}",
                flush=True,
            )
            server = start_server(port, args.workers, log_path, database_url)
            try:
                ready = wait_healthy(server, port, log_path)
                break
            except SilentServer as error:
                print(
                    f"{label}: start {attempt} failed ({error}); stopping it",
                    flush=True,
                )
                serving.stop(server)
                server = None
                if attempt == START_ATTEMPTS:
                    raise
        print(
            f"{label}: server ready after {ready:.1f} s ({args.database}); {args.users} users, "
            f"rate {args.rate:g}/s, {args.duration}",
            flush=True,
        )
        restock(port)
        locust_code = run_locust(args, f"http://127.0.0.1:{port}")
    except RunError as error:
        print(f"{label}: FAILED — {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"\n{label}: interrupted", file=sys.stderr)
        return 130
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second SIGTERM must not cut this short
        if server is not None:
            print(f"{label}: server stopped in {serving.stop(server):.1f} s", flush=True)
        databases.close()

    try:
        rows, total = read_stats(args.name)
    except RunError as error:
        print(f"{label}: FAILED — {error}", file=sys.stderr)
        return 2
    print()
    budgets = json.loads(BUDGETS.read_text())[args.kind]
    print_table(rows, total, p95_budgets(budgets, rows))
    print_failures(args.name)
    print_goals(budgets, rows)
    problems = check_budgets(budgets, rows, total)
    if locust_code != 0:
        problems.append(f"Locust exited with code {locust_code}")
    requests, failures = (
        int(number(total["Request Count"])),
        int(number(total["Failure Count"])),
    )
    rate = number(total["Requests/s"])
    summary = f"{label}: {requests} requests ({rate:.1f}/s), {failures} failures"
    return verdict(summary, problems)


def verdict(summary: str, problems: list[str]) -> int:
    """Prints what is out of budget and the one-line verdict; the exit code (1: out of budget)."""
    if problems:
        print("\n" + "\n".join(f"  out of budget: {problem}" for problem in problems))
        print(f"{summary} — OUT OF BUDGET")
        return 1
    print(f"\n{summary} — within budget")
    return 0


if __name__ == "__main__":
    sys.exit(main())
