"""What every part of ``make cluster`` does with processes: where its state is (``LAYOUT``),
starting a long-lived one in a session of its own (its pid in var/cluster/pids, its output in
var/cluster/logs), bounded waits and commands, stopping a group of them, and the secrets of
the running cluster.
"""

from __future__ import annotations

import contextlib
import json
import os
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

from cluster import plan
from cluster.plan import Layout, Secrets

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


def stop_tier(pid_files: list[Path], seconds: float) -> list[str]:
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


def pid_of(name: str) -> int:
    """The pid of the running ``name`` (splash-2, worker-1, ...); ClusterError when none."""
    pid_file = LAYOUT.pids / f"{name}.pid"
    with contextlib.suppress(OSError, ValueError):
        pid = int(pid_file.read_text())
        if alive(pid):
            return pid
    raise ClusterError(f"{name} is not running (make cluster starts it)")


def running_secrets() -> Secrets:
    """The secrets of the cluster that runs (var/cluster/secrets.json)."""
    try:
        return Secrets(**json.loads(LAYOUT.secrets.read_text()))
    except (OSError, ValueError, TypeError):
        raise ClusterError("no cluster is running here: make cluster starts one") from None
