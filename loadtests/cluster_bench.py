"""``make bench-cluster``: Locust's three scenarios through the running cluster's load balancer,
with faults made during the run (issue 29). ``make cluster`` starts the cluster first.

  .venv/bin/python -m loadtests.cluster_bench                   # make bench-cluster
  .venv/bin/python -m loadtests.cluster_bench --duration 150

Three Locust processes, one per scenario, send their traffic to nginx (http://127.0.0.1:8800):
browse (Visitor), checkout (Buyer) and lesson keys (Viewer), each parent from an address of
their own (X-Forwarded-For, which make cluster's nginx trusts from loopback, so rate limits
count per parent). A POST that nginx could not hand to a live instance (502/503/504 or a broken
connection) is sent again by the client, up to three times (SPLASH_LOADTEST_RETRIES, as
locust_common.post does): an order with its same Idempotency-Key. Before the run the bench
fills every variant's stock (SQL, as loadtests/run.py's test-only restock) and signs an owner
and an editor in (session rows).

During the run, at fixed times (loadtests/cluster_faults.py, cluster_checks.py):
- an instance killed (SIGKILL to splash-2) while ten parents place three orders each, started
  again 10 s later;
- a worker killed mid-drain (both stopped while 30 accounts are made, worker-1 let go and
  killed as it sends the first of their e-mails; its batch waits out its 30 s lease);
- a page published from the studio on splash-1: every instance serves it within 2 s of the
  job's end, with one build id, and a browser polling through nginx sees the build change once;
- a rate limit across instances: sign-in attempts from one address, round robin.
After it, on the cluster still running: a price changed by the owner on splash-1, read on every
instance (after, so that the run's own price checks stay strict), and the run's orders and
e-mails counted: one order per Idempotency-Key, each e-mail in the mail folder once.

It prints a table (requests, errors, retries, p50 and p95 per scenario) and each fault's result,
and writes loadtests/results/cluster-bench.json. Exit 0: no client error and every fault held;
1: not so; 2: the run could not be done (no cluster, a fault's step did not answer).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path

from cluster import processes
from cluster.plan import PORTS
from loadtests import cluster_checks, cluster_faults
from loadtests.cluster_client import Cluster, Fault

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "loadtests" / "results"
LOCUSTFILE = ROOT / "loadtests" / "locustfile.py"
# (scenario, Locust's user class, users)
SCENARIOS = (("browse", "Visitor", 12), ("checkout", "Buyer", 6), ("lesson keys", "Viewer", 6))
RETRIES = 3


@dataclass(frozen=True)
class Scenario:
    name: str
    users: int
    requests: int
    errors: int
    retried: int
    p50_ms: float
    p95_ms: float


def locust(scenario: str, user: str, users: int, seconds: int) -> subprocess.Popen[bytes]:
    prefix = RESULTS / f"cluster-{user.lower()}"
    # fmt: off
    command = [
        sys.executable, "-m", "locust", "-f", str(LOCUSTFILE), "--headless",
        "--host", f"http://127.0.0.1:{PORTS.nginx}", "-u", str(users), "-r", str(users / 4),
        "-t", f"{seconds}s", "--only-summary", "--csv", str(prefix), user,
    ]
    # fmt: on
    env = {**os.environ, "SPLASH_LOADTEST_RETRIES": str(RETRIES)}
    with (RESULTS / f"cluster-{user.lower()}.log").open("wb") as log:
        print(f"bench-cluster: {scenario}: {users} users ({user})", flush=True)
        return subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )


def scenario_stats(name: str, user: str, users: int) -> Scenario:
    """One Locust process's totals: its Aggregated row, and the retries it counted (the rows
    named "<request> (retried)", each a POST sent again)."""
    with (RESULTS / f"cluster-{user.lower()}_stats.csv").open(newline="") as handle:
        rows = list(csv.DictReader(handle))
    total = next(row for row in rows if row["Name"] == "Aggregated")
    retried = sum(int(row["Request Count"]) for row in rows if row["Name"].endswith("(retried)"))
    return Scenario(
        name=name,
        users=users,
        requests=int(total["Request Count"]) - retried,
        errors=int(total["Failure Count"]),
        retried=retried,
        p50_ms=float(total["50%"]),
        p95_ms=float(total["95%"]),
    )


def stopped(process: subprocess.Popen[bytes], seconds: float) -> int:
    try:
        return process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGTERM)  # Locust writes its results on SIGTERM
        return process.wait(timeout=30)


def restock(cluster: Cluster) -> None:
    cluster.rows("UPDATE catalog_product_variant SET stock = GREATEST(stock, 100000)")


def table(scenarios: list[Scenario], faults: list[Fault]) -> str:
    head = f"{'scenario':<12} {'users':>5} {'requests':>9} {'errors':>6} {'retried':>7} "
    head += f"{'p50 ms':>7} {'p95 ms':>7}"
    lines = [head, "-" * len(head)]
    for s in scenarios:
        lines.append(
            f"{s.name:<12} {s.users:>5} {s.requests:>9,} {s.errors:>6} {s.retried:>7} "
            f"{s.p50_ms:>7.0f} {s.p95_ms:>7.0f}"
        )
    lines.append("")
    for fault in faults:
        lines.append(f"{'held' if fault.held else 'NOT HELD'}: {fault.name}")
        lines.append(f"    {fault.what}")
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m loadtests.cluster_bench", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--duration", type=int, default=210, help="Locust's seconds (210)")
    args = parser.parse_args(argv)
    if args.duration < 150:
        parser.error("the faults need at least 150 s of load")
    return args


def run(args: argparse.Namespace) -> tuple[list[Scenario], list[Fault]]:
    cluster = Cluster()
    restock(cluster)
    owner, editor = cluster.staff_session("owner"), cluster.staff_session("editor")
    began = time.time()
    RESULTS.mkdir(parents=True, exist_ok=True)
    runs = [
        (name, user, users, locust(name, user, users, args.duration))
        for name, user, users in SCENARIOS
    ]
    # (seconds into the run, the fault): the faults wait for the users to be spawned
    timeline: list[tuple[float, Callable[[], Fault]]] = [
        (25, lambda: cluster_faults.kill_an_instance(cluster)),
        (60, lambda: cluster_faults.kill_a_worker(cluster)),
        (args.duration - 60, lambda: cluster_faults.publish_everywhere(cluster, editor)),
        (args.duration - 30, lambda: cluster_checks.rate_limit_across_instances(cluster)),
    ]
    faults: list[Fault] = []
    try:
        for at, fault in timeline:
            time.sleep(max(0.0, began + at - time.time()))
            print(f"bench-cluster: {int(time.time() - began)} s: a fault", flush=True)
            faults.append(fault())
            print(f"bench-cluster: {faults[-1].name}: {faults[-1].what}", flush=True)
    finally:
        codes = [stopped(process, args.duration + 120) for *_, process in runs]
    print(f"bench-cluster: Locust ended ({codes})", flush=True)
    faults.append(cluster_checks.price_seen_everywhere(cluster, owner))
    faults.append(cluster_checks.orders_once(cluster, began))
    faults.append(cluster_checks.mails_once(cluster, began))
    return [scenario_stats(name, user, users) for name, user, users, _ in runs], faults


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        scenarios, faults = run(args)
    except processes.ClusterError as exc:
        print(f"bench-cluster: {exc}", file=sys.stderr)
        return 2
    print()
    print(table(scenarios, faults))
    results = {"scenarios": [asdict(s) for s in scenarios], "faults": [asdict(f) for f in faults]}
    (RESULTS / "cluster-bench.json").write_text(json.dumps(results, indent=2) + "\n")
    errors = sum(s.errors for s in scenarios)
    failed = [f.name for f in faults if not f.held]
    print(f"\nbench-cluster: {errors} client error(s); faults not held: {len(failed)}")
    return 0 if errors == 0 and not failed else 1


if __name__ == "__main__":
    raise SystemExit(main())
