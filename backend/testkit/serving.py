"""The test server's life in a subprocess: a free port, ``python -m testkit.server`` started in
its own process group, waiting for /healthz, and stopping the whole group.

One implementation for the backend's tests (tests/support.py's ``live_server``) and the load
harness (loadtests/run.py), so both start, wait for and stop the server the same way. Standard
library only: the harness imports it without loading Splash.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO

BACKEND = Path(__file__).resolve().parents[1]  # testkit.server runs from here


class ServerError(RuntimeError):
    """The test server could not be had: no free port, it exited, or it never became healthy."""


class ServerExited(ServerError):
    """The server process ended before /healthz answered 200."""


class NotHealthy(ServerError):
    """/healthz did not answer 200 within the time given; the server still runs."""


def free_port() -> int:
    """A port nothing listens on right now (also usable as a closed port), below the kernel's
    ephemeral range (32768+): a port from that range can be taken by an outgoing connection
    before the server binds it (or even connect to itself), which hangs the health check."""
    for _ in range(200):
        port = random.randint(20000, 32000)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise ServerError("no free port between 20000 and 32000")


def start(
    port: int,
    *,
    env: Mapping[str, str],
    workers: int = 1,
    database_url: str | None = None,
    access_log: bool = False,
    python: str = sys.executable,
    stdin: int | None = None,
    stdout: IO[bytes] | None = None,
    stderr: int | IO[bytes] | None = None,
) -> subprocess.Popen[bytes]:
    """``python -m testkit.server`` on ``port`` with exactly ``env`` as its environment, in a
    session of its own: its process group holds the workers it forks, so stop() ends them too."""
    command = [python, "-m", "testkit.server", "--port", str(port), "--workers", str(workers)]
    if database_url:
        command += ["--database-url", database_url]
    if access_log:
        command.append("--access-log")
    return subprocess.Popen(
        command,
        cwd=BACKEND,
        env=dict(env),
        stdin=stdin,
        stdout=stdout,
        stderr=stderr,
        start_new_session=True,
    )


def wait_healthy(
    process: subprocess.Popen[bytes],
    port: int,
    timeout: float,
    interval: float,
    check: Callable[[], None] | None = None,
) -> float:
    """The seconds until http://127.0.0.1:<port>/healthz answered 200.

    Raises ServerExited when the process ends first and NotHealthy after ``timeout`` seconds
    (its message has the last answer). ``check`` runs after every unanswered try and may raise
    to give up earlier (the harness gives up on a server that says it is ready but stays silent).
    """
    started = time.monotonic()
    url = f"http://127.0.0.1:{port}/healthz"
    last = "no answer"
    while True:
        if process.poll() is not None:
            raise ServerExited(
                f"the test server exited with code {process.returncode} before it was ready"
            )
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return time.monotonic() - started
                last = f"status {response.status}"
        except urllib.error.HTTPError as error:  # it runs, but is not healthy
            last = f"status {error.code}: {error.read()[:300].decode(errors='replace')}"
        except (urllib.error.URLError, OSError) as error:  # not listening yet
            last = str(getattr(error, "reason", error))
        if check is not None:
            check()
        if time.monotonic() - started > timeout:
            raise NotHealthy(
                f"the test server was not healthy within {timeout:.0f} s "
                f"(last answer of {url}: {last})"
            )
        time.sleep(interval)


def stop(process: subprocess.Popen[bytes]) -> float:
    """Stop the server and everything in its process group; the seconds it took.

    SIGTERM to the server first, so that Sanic's manager shuts its workers down itself, then
    SIGTERM and finally SIGKILL to whatever is left in the group (start() made the server a
    group leader, so the group id is its pid).
    """
    started = time.monotonic()
    pgid = process.pid
    steps = (
        (process.send_signal, signal.SIGTERM, 15.0),
        (lambda sig: os.killpg(pgid, sig), signal.SIGTERM, 5.0),
        (lambda sig: os.killpg(pgid, sig), signal.SIGKILL, 5.0),
    )
    for send, sig, grace in steps:
        if process.poll() is not None and not group_alive(pgid):
            break
        with contextlib.suppress(ProcessLookupError):
            send(sig)
        deadline = time.monotonic() + grace
        while time.monotonic() < deadline and (process.poll() is None or group_alive(pgid)):
            time.sleep(0.1)
    else:
        if group_alive(pgid):
            print(f"testkit.serving: process group {pgid} survived SIGKILL", file=sys.stderr)
    return time.monotonic() - started


def group_alive(pgid: int) -> bool:
    """Whether a process of the group still runs (zombies waiting to be reaped do not count)."""
    proc = Path("/proc")
    if not proc.is_dir():  # not Linux: ask the kernel, which counts zombies too
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return False
        return True
    for stat in proc.glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:  # the process ended meanwhile
            continue
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] != "Z":
            return True
    return False
