"""Start (``up``), stop (``down``) or list (``status``) the cluster; see cluster/__init__.py.

``up`` stops what a previous run left, starts from empty state, each engine only once the one
before it answers (bounded waits, one clear line and exit code 1 when one does not), then runs
the release (migrate, seed, publish) once, the instances, the workers and nginx, checks a few
pages through nginx, tries a backup and its restore, and prints what runs where. Every long-lived
process is started in a session of its own (its pid in var/cluster/pids) with its output in
var/cluster/logs; PostgreSQL is started and stopped by pg_ctl.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from cluster import backup, plan, start
from cluster.plan import PORTS
from cluster.processes import (
    LAYOUT,
    ROOT,
    ClusterError,
    alive,
    log_file,
    postgres_bin,
    run,
    stop_tier,
)
from cluster.s3 import S3Error


def up() -> int:
    started = time.monotonic()
    down(quiet=True)
    secrets = start.fresh_state()
    env = plan.splash_env(LAYOUT, secrets)
    steps: list[tuple[str, Callable[[], object]]] = [
        ("PostgreSQL primary + streaming replica", lambda: start.postgres(secrets)),
        ("Redis", start.redis),
        ("SeaweedFS (S3)", lambda: start.seaweed(secrets).close()),
        ("release: migrate, seed, publish", lambda: start.release(env)),
        ("three Splash instances", lambda: start.instances(env)),
        ("two outbox workers", lambda: start.workers(env)),
    ]
    try:
        for name, step in steps:
            began = time.monotonic()
            step()
            print(f"cluster: {name} ready ({time.monotonic() - began:.1f} s)", flush=True)
        upstreams = start.nginx()
        print(f"cluster: nginx ready; GET / answered by {', '.join(upstreams)}", flush=True)
        print(f"cluster: outbox checked: {start.check_outbox()}", flush=True)
        began = time.monotonic()
        report = backup.backup_and_restore(LAYOUT, secrets, postgres_bin(), ROOT)
        print(report, flush=True)
        print(f"cluster: backup and restore tried ({time.monotonic() - began:.1f} s)", flush=True)
    except (ClusterError, backup.BackupError, S3Error) as exc:
        print(f"cluster: {exc}", file=sys.stderr)
        print("cluster: what started is still running: make cluster-stop ends it", file=sys.stderr)
        return 1
    print(f"\ncluster up in {time.monotonic() - started:.1f} s\n")
    print(status_table())
    return 0


def status_table() -> str:
    rel = lambda path: str(path.relative_to(plan.REPO_ROOT))  # noqa: E731
    rows = [
        ("nginx (load balancer)", f"http://localhost:{PORTS.nginx}", rel(log_file("nginx-access")))
    ]
    for i, port in enumerate(PORTS.splash(), start=1):
        rows.append((f"splash-{i}", f"http://127.0.0.1:{port}", rel(log_file(f"splash-{i}"))))
    for i in range(1, plan.WORKERS + 1):
        rows.append((f"worker-{i} (outbox)", "-", rel(log_file(f"worker-{i}"))))
    rows.append(
        (
            "PostgreSQL primary",
            f"127.0.0.1:{PORTS.postgres_primary}",
            rel(LAYOUT.postgres / "primary.log"),
        )
    )
    rows.append(
        (
            "PostgreSQL replica",
            f"127.0.0.1:{PORTS.postgres_replica}",
            rel(LAYOUT.postgres / "replica.log"),
        )
    )
    rows.append(("Redis (no disk)", f"127.0.0.1:{PORTS.redis}", rel(log_file("redis"))))
    rows.append(
        ("SeaweedFS S3", f"http://127.0.0.1:{PORTS.s3}/{plan.BUCKET}", rel(log_file("seaweedfs")))
    )
    rows.append(
        (
            "SeaweedFS master/volume/filer",
            f"{PORTS.seaweed_master}/{PORTS.seaweed_volume}/{PORTS.seaweed_filer}",
            rel(log_file("seaweedfs")),
        )
    )
    return plan.table(rows) + f"\n\nsecrets: {rel(LAYOUT.secrets)}; stop: make cluster-stop"


# --- stopping -------------------------------------------------------------------------------


def down(quiet: bool = False) -> int:
    """Everything a run started, whatever state it was left in; nothing when nothing runs. The
    load balancer first, then the instances and workers, then the engines they use."""
    pids = sorted(LAYOUT.pids.glob("*.pid")) if LAYOUT.pids.exists() else []
    tiers = [("nginx",), ("splash", "worker"), ("redis", "seaweedfs")]
    names = []
    for tier in tiers:
        names += stop_tier([p for p in pids if p.stem.split("-")[0] in tier], 20)
    names += stop_tier([p for p in pids if p.exists()], 20)  # anything else left there
    for role in ("replica", "primary"):
        if (LAYOUT.pgdata(role) / "postmaster.pid").exists():
            began = time.monotonic()
            command = plan.postgres_stop(postgres_bin(), LAYOUT, role)
            try:
                run(f"stopping PostgreSQL {role}", plan.as_postgres(command, ROOT), 45)
            except ClusterError as exc:
                print(f"cluster: {exc}", file=sys.stderr)
                return 1
            names.append(f"postgres-{role} ({time.monotonic() - began:.1f} s)")
    if not quiet:
        print(f"cluster: stopped {', '.join(names)}" if names else "cluster: nothing was running")
    return 0


def status() -> int:
    if not LAYOUT.pids.exists():
        print("cluster: not started")
        return 1
    running = []
    for pid_file in sorted(LAYOUT.pids.glob("*.pid")):
        pid = int(pid_file.read_text())
        running.append(f"{pid_file.stem}={pid}{'' if alive(pid) else ' (ended)'}")
    print("cluster: " + ", ".join(running))
    print(status_table())
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m cluster", description=__doc__)
    parser.add_argument("command", choices=["up", "down", "status"])
    args = parser.parse_args()
    return {"up": up, "down": down, "status": status}[args.command]()


if __name__ == "__main__":
    raise SystemExit(main())
