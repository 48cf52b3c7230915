"""The studio's reads on a large shop (issue 27, point 18): 10,000 customers and 100,000 paid
orders on PostgreSQL, each read's p95 against the goal of 150 ms.

  .venv/bin/python -m loadtests.studio_scale                  # a step of make bench
  .venv/bin/python -m loadtests.studio_scale --orders 10000 --duration 3s

Makes a PostgreSQL database for the run, migrates and seeds it, adds the customers and orders
in SQL (loadtests/scale_data.py: every order paid, two suit lines, one payment, the same postal
code, so that a search by it matches all of them), a shop member and a session of theirs, then
serves it (two workers) and reads each studio screen's call with wrk at two connections, the
median of the rounds. The statements each read makes are counted by a test
(backend/tests/test_studio_query_counts.py), not here. Exit code: 0 every goal met, 1 a goal
missed, 2 the run could not be done.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from loadtests import bench, ceiling_report, run, scale, scale_data
from loadtests.scale_data import Counts
from loadtests.scale_studio import sign_in
from testkit import serving

GOAL_P95_MS = 150.0
# wrk's connections: two staff members clicking without a pause, each answer timed on its own.
# (At four, the two workers, PostgreSQL and wrk queue on the two cores and the times are the
# queue's: the shop's reads in loadtests/scale.py are measured the same way.)
CONNECTIONS = 2
STAFF_EMAIL = "winkel@splash.example"
SEARCHED = "scale-gen1-4242@example.com"  # a customer with ten orders
# name → path; {order}, {customer} and {email} come from the generated shop.
READS = {
    "inbox, all": "/api/studio/orders?box=all",
    "inbox, to ship": "/api/studio/orders?box=to_ship",
    "inbox, search by e-mail": "/api/studio/orders?q={email}",
    "inbox, search by postal code": "/api/studio/orders?q=1234%20AB",
    "order detail": "/api/studio/orders/{order}",
    "customers, search": "/api/studio/customers?q={email}",
    "customer detail": "/api/studio/customers/{customer}",
    "dashboard, 30 days": "/api/studio/dashboard?period=30d",
}
# Issue 27 sets the goal for the inbox, the order, the customer and search; the dashboard's
# time is shown beside them.
WITHOUT_GOAL = {"dashboard, 30 days"}


async def _staff_and_ids(connection: Any, token_hash: str) -> dict[str, str]:
    """A shop member signed in (the session row under ``token_hash``), and what the reads name."""
    await sign_in(connection, token_hash, STAFF_EMAIL, "Winkel", role="owner")
    customer = await connection.fetchval("SELECT id FROM account_user WHERE email = $1", SEARCHED)
    order = await connection.fetchval(
        "SELECT max(id) FROM orders_order WHERE user_id = $1", customer
    )
    return {"order": str(order), "customer": str(customer), "email": SEARCHED}


def read_times(port: int, cookie: str, paths: dict[str, str], args, work: Path) -> dict[str, Any]:
    """name → (p95 ms, requests), the median round's p95."""
    found: dict[str, Any] = {}
    for name, path in paths.items():
        script = work / "read.lua"
        script.write_text(
            f'wrk.headers["Cookie"] = "splash_studio={cookie}"\n'
            + ceiling_report.wrk_script(
                ceiling_report.Case(name, path), f"localhost:{scale.PUBLIC_PORT}", False
            )
        )
        p95s, requests = [], 0
        for _ in range(args.rounds):
            url = f"http://127.0.0.1:{port}{path}"
            measured = scale.wrk(url, script, args.duration, CONNECTIONS)
            if measured.errors:
                raise run.RunError(f"wrk counted errors on {name} ({path}): {measured}")
            p95s.append(measured.p95_ms)
            requests += measured.requests
        found[name] = (statistics.median(p95s), requests)
    return found


def verdicts(times: dict[str, Any]) -> list[tuple[str, bool]]:
    return [
        (f"{name}: p95 {p95:.1f} ms (goal ≤ {GOAL_P95_MS:.0f} ms)", p95 <= GOAL_P95_MS)
        for name, (p95, _) in times.items()
        if name not in WITHOUT_GOAL
    ]


def measure(args: argparse.Namespace, work: Path) -> dict[str, Any]:
    from splash.core import one_time

    with run.database("postgres") as database_url:
        env = scale.environment(database_url, work / "var")
        scale.splash(env, "migrate")
        scale.splash(env, "seed")
        counts = Counts(pages=0, articles=0, products=0, users=args.users, orders=args.orders)
        print(f"studio scale: adding {args.users:,} customers, {args.orders:,} orders", flush=True)
        scale.sql(database_url, lambda c: scale_data.add(c, counts, "gen1"))
        raw, hashed = one_time.new_secret()
        ids = scale.sql(database_url, lambda c: _staff_and_ids(c, hashed))
        paths = {name: path.format(**ids) for name, path in READS.items()}
        server, port = bench.start(run.RESULTS / "studio-scale-server.log", 2, scale.launcher(env))
        try:
            return read_times(port, raw, paths, args, work)
        finally:
            serving.stop(server)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m loadtests.studio_scale", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--orders", type=int, default=100_000)
    parser.add_argument("--duration", default="5s", help="wrk's run per read and round")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per read (median counts)")
    args = parser.parse_args(argv)
    if args.orders < 10 * 4242 or args.users < 4242:
        parser.error("at least 4,242 customers and 42,420 orders: the searched customer's ten")
    run.RESULTS.mkdir(parents=True, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory(prefix="splash-studio-scale-") as work:
            times = measure(args, Path(work))
    except (run.RunError, OSError, subprocess.SubprocessError) as error:
        print(f"studio scale: the run could not be done: {error}")
        return 2
    print()
    print(f"{'studio read':32} {'requests':>9} {'p95 ms':>8}")
    print("-" * 51)
    for name, (p95, requests) in times.items():
        print(f"{name:32} {requests:>9,} {p95:>8.1f}")
    missed = 0
    for line, met in verdicts(times):
        print(f"goal: {line}: {'met' if met else 'NOT met'}")
        missed += not met
    scale_text = f"{args.users:,} customers, {args.orders:,} orders"
    print(f"bench studio: {len(times)} reads on {scale_text} — ", end="")
    print("goals met" if not missed else f"{missed} goal(s) missed")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
