"""testkit.serving, the test server's life cycle shared by live_server and the load harness, on
real processes: a small HTTP server stands in for testkit.server (its own start is exercised by
the tests that use live_server and by make test-load)."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from testkit.serving import NotHealthy, ServerExited, free_port, group_alive, stop, wait_healthy

# Answers every GET with the status given, from a worker it forks into its process group, and
# passes SIGTERM on to the worker, as Sanic's manager does: stop() waits for the whole group.
STAND_IN = """
import http.server, os, signal, sys
port, status = int(sys.argv[1]), int(sys.argv[2])
class Answer(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(status)
        self.end_headers()
    def log_message(self, *args):
        pass
server = http.server.HTTPServer(("127.0.0.1", port), Answer)
worker = os.fork()
if worker == 0:
    server.serve_forever()
signal.signal(signal.SIGTERM, lambda *_: os.kill(worker, signal.SIGTERM))
os.waitpid(worker, 0)
"""


@contextmanager
def stand_in(status: int) -> Iterator[tuple[subprocess.Popen[bytes], int]]:
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-c", STAND_IN, str(port), str(status)], start_new_session=True
    )
    try:
        yield process, port
    finally:
        stop(process)


def test_a_healthy_server_is_awaited_and_its_whole_group_stopped():
    with stand_in(200) as (process, port):
        wait_healthy(process, port, timeout=30, interval=0.1)
        assert group_alive(process.pid)

    assert process.poll() is not None
    assert not group_alive(process.pid)


def test_a_server_that_never_gets_healthy_is_given_up_with_its_last_answer():
    with stand_in(503) as (process, port), pytest.raises(NotHealthy, match="status 503"):
        wait_healthy(process, port, timeout=1, interval=0.1)

    assert not group_alive(process.pid)


def test_a_server_that_exits_first_is_reported_with_its_code():
    process = subprocess.Popen([sys.executable, "-c", "raise SystemExit(3)"])

    with pytest.raises(ServerExited, match="exited with code 3 before it was ready"):
        wait_healthy(process, free_port(), timeout=30, interval=0.1)


def test_the_caller_can_give_up_earlier_between_tries():
    class Silent(Exception):
        pass

    def give_up() -> None:
        raise Silent

    with stand_in(503) as (process, port), pytest.raises(Silent):
        wait_healthy(process, port, timeout=30, interval=0.1, check=give_up)
