"""What make bench-cluster (loadtests/cluster_bench.py) knows of the running cluster of ``make
cluster`` (cluster/): HTTP through nginx or to one instance, SQL on the primary as its operator
reads it, studio members signed in with session rows written there (as loadtests/scale_studio.py
does), signals to its processes, bounded waits, and a ``Fault``: whether what the cluster
promises held, and one line of what happened.
"""

from __future__ import annotations

import os
import secrets
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx

from cluster import plan, processes
from cluster.plan import PORTS
from loadtests import scale, scale_studio

SUIT = "SPL-FS-BLUE-M"  # the variant the faults' orders buy and whose price changes
WAIT_SECONDS = 90.0  # the longest any one wait of a fault lasts (a worker's lease is 30 s)


@dataclass(frozen=True)
class Fault:
    name: str
    held: bool
    what: str


def wait_until(what: str, check: Callable[[], bool], seconds: float, pause: float = 0.05) -> float:
    """Seconds until ``check()`` held; processes.ClusterError naming ``what`` after ``seconds``."""
    began = time.monotonic()
    while not check():
        if time.monotonic() - began > seconds:
            raise processes.ClusterError(f"{what}: not within {seconds:g} s")
        time.sleep(pause)
    return time.monotonic() - began


class Cluster:
    """The running cluster: HTTP through nginx or to one instance, SQL on the primary, and its
    processes' signals."""

    def __init__(self) -> None:
        self.secrets = processes.running_secrets()
        processes.pid_of("nginx")  # ClusterError when the cluster is not running
        self.env = plan.splash_env(processes.LAYOUT, self.secrets)
        self.database_url = plan.database_url(self.secrets, PORTS.postgres_primary)
        self.host = f"localhost:{PORTS.nginx}"
        self.client = httpx.Client(timeout=30)

    def call(
        self,
        method: str,
        path: str,
        *,
        instance: int | None = None,
        cookie: str | None = None,
        address: str | None = None,
        headers: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> httpx.Response:
        """``path`` through nginx, or on instance 1 to 3 directly; as a studio member with
        ``cookie``, from the client address ``address``."""
        port = PORTS.nginx if instance is None else PORTS.splash()[instance - 1]
        sent = {"Host": self.host, **(headers or {})}
        if cookie:
            sent["Cookie"] = f"splash_studio={cookie}"
        if address:
            sent["X-Forwarded-For"] = address
        return self.client.request(method, f"http://127.0.0.1:{port}{path}", headers=sent, **kwargs)

    def studio(self, method: str, path: str, cookie: str, **kwargs: Any) -> Any:
        """A studio call on instance 1; its JSON ``data``."""
        answer = self.call(method, path, instance=1, cookie=cookie, **kwargs)
        if answer.status_code != 200:
            raise processes.ClusterError(f"{method} {path}: {answer.status_code} {answer.text}")
        return answer.json()["data"]

    def rows(self, query: str, *args: Any) -> list[dict[str, Any]]:
        async def fetch(connection: Any) -> list[dict[str, Any]]:
            return [dict(row) for row in await connection.fetch(query, *args)]

        return list(scale.sql(self.database_url, fetch))

    def value(self, query: str, *args: Any) -> Any:
        return next(iter(self.rows(query, *args)[0].values()))

    def staff_session(self, role: str) -> str:
        """A studio member of ``role`` signed in (rows on the primary); their cookie."""
        from splash.core import one_time

        cookie, hashed = one_time.new_secret()
        email = f"bench-{role}-{secrets.token_hex(4)}@splash.example"

        async def sign_in(connection: Any) -> None:
            await scale_studio.sign_in(connection, hashed, email, f"Bench {role}", role=role)

        scale.sql(self.database_url, sign_in)
        return cookie


def signal_group(name: str, sent: signal.Signals) -> int:
    pid = processes.pid_of(name)
    os.killpg(pid, sent)
    return pid


def killed(name: str) -> None:
    """SIGKILL to ``name``'s process group; back once it is gone."""
    pid = signal_group(name, signal.SIGKILL)
    wait_until(f"{name} gone after SIGKILL", lambda: not processes.alive(pid), 10)
    (processes.LAYOUT.pids / f"{name}.pid").unlink(missing_ok=True)
