"""Slow and idle connections against a real server process (``python -m splash serve``) with
one-second request and keep-alive timeouts: a slowloris head, an idle connection and an idle
keep-alive connection are closed by the server; a client that hangs up mid-request is logged as
499 with its duration, never as a server error. The bounds are generous: they tell "closed" from
"kept open", they do not measure speed."""

import json
import os
import select
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from tests.support import free_port

BACKEND = Path(__file__).resolve().parents[2]
CLOSED_WITHIN = 15.0  # seconds; the timeouts are 1 s, Sanic's defaults were 60 s and 120 s


@dataclass
class Server:
    port: int
    log: Path

    def entries(self) -> list[dict]:
        lines = self.log.read_text(encoding="utf-8", errors="replace").splitlines()
        return [json.loads(line) for line in lines if line.startswith("{")]

    def requests(self) -> list[dict]:
        return [entry for entry in self.entries() if entry.get("logger") == "splash.request"]

    def logged_since(self, before: int, count: int) -> list[dict]:
        """The access-log lines after the first ``before``, once ``count`` of them arrived."""
        deadline = time.monotonic() + CLOSED_WITHIN
        while time.monotonic() < deadline and len(self.requests()) < before + count:
            time.sleep(0.1)
        return self.requests()[before:]


def _wait_until_up(process: subprocess.Popen, port: int) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert process.poll() is None, "the server exited during start-up"
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.2)
    raise AssertionError("the server did not start within 60 s")


@pytest.fixture(scope="module")
def server(database_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp_path = tmp_path_factory.mktemp("server")
    port = free_port()
    env = {
        **os.environ,
        "SPLASH_ENV": "test",
        "SPLASH_DATABASE_URL": database_url,
        "SPLASH_VAR_DIR": str(tmp_path / "var"),
        "SPLASH_MAIL_URL": f"outbox://{tmp_path / 'outbox'}",
        "SPLASH_PUBLIC_PORT": str(port),
        "SPLASH_ACCESS_LOG": "true",
        "SPLASH_REQUEST_TIMEOUT_SECONDS": "1",
        "SPLASH_KEEP_ALIVE_TIMEOUT_SECONDS": "1",
        "SPLASH_RESPONSE_TIMEOUT_SECONDS": "2",
        "SPLASH_DATABASE_BUSY_TIMEOUT_MS": "500",  # it must stay below the response timeout
    }
    log = tmp_path / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "splash", "serve", "--port", str(port), "--single-process"],
            cwd=BACKEND,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
        try:
            _wait_until_up(process, port)
            yield Server(port, log)
        finally:
            process.terminate()
            process.wait(timeout=30)


def _connect(server: Server) -> socket.socket:
    return socket.create_connection(("127.0.0.1", server.port), timeout=5)


def _read_until_closed(sock: socket.socket, bound: float, trickle: bytes = b"") -> bytes | None:
    """Everything the server sends until it closes the connection; None when it is still open
    after ``bound`` seconds. With ``trickle``, one byte of it is sent every 0.3 s meanwhile."""
    received = b""
    deadline = time.monotonic() + bound
    pending = trickle
    while time.monotonic() < deadline:
        if pending:
            try:
                sock.sendall(pending[:1])
            except OSError:  # the server closed first; what it answered is still readable
                pending = b""
            pending = pending[1:]
        readable, _, _ = select.select([sock], [], [], 0.3)
        if readable:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                return received
            if not chunk:
                return received
            received += chunk
    return None


def test_a_slowloris_head_sent_a_byte_at_a_time_is_cut_off(server):
    before = len(server.requests())
    with _connect(server) as sock:
        sock.sendall(b"GET /api/i18n/locales HTTP/1.1\r\nHost: localhost\r\nX-Slow: ")
        # One byte every 0.3 s: Sanic restarted its request timeout on each of them.
        answer = _read_until_closed(sock, CLOSED_WITHIN, trickle=b"a" * 200)

    assert answer is not None, f"still open after {CLOSED_WITHIN} s"
    assert answer == b"" or answer.startswith(b"HTTP/1.1 408 ")
    [logged] = server.logged_since(before, 1)
    assert logged["status"] == 408
    assert logged["duration_ms"] >= 1000  # from the head's first byte, not from the cut-off


def test_a_connection_that_sends_nothing_is_closed(server):
    with _connect(server) as sock:
        answer = _read_until_closed(sock, CLOSED_WITHIN)

    assert answer == b""


def test_an_idle_keep_alive_connection_is_closed_after_its_answer(server):
    with _connect(server) as sock:
        sock.sendall(b"GET /api/i18n/locales HTTP/1.1\r\nHost: localhost\r\n\r\n")
        answer = _read_until_closed(sock, CLOSED_WITHIN)

    assert answer is not None, f"still open after {CLOSED_WITHIN} s"
    assert answer.startswith(b"HTTP/1.1 200 ")
    assert b"keep-alive" in answer.split(b"\r\n\r\n", 1)[0].lower()


def _errors(server: Server) -> list[dict]:
    return [entry for entry in server.entries() if entry["level"] in ("error", "critical")]


def test_a_body_slower_than_the_response_timeout_is_a_503_and_closed(server):
    """The body's bytes keep coming, but not all of them within the response timeout (2 s of
    the request's first byte): 503 and close, logged as a 503, not as a server error."""
    before = len(server.requests())
    with _connect(server) as sock:
        sock.sendall(
            b"POST /api/forms/contact/submissions HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/json\r\nContent-Length: 200\r\n\r\n"
            b'{"data": {"name": '
        )
        answer = _read_until_closed(sock, CLOSED_WITHIN, trickle=b" " * 100)

    assert answer is not None, f"still open after {CLOSED_WITHIN} s"
    head = answer.split(b"\r\n\r\n", 1)[0].lower()
    assert head.startswith(b"http/1.1 503 "), answer[:200]
    assert b"connection: close" in head
    [logged] = server.logged_since(before, 1)
    assert (logged["status"], logged["method"]) == (503, "POST")
    assert logged["duration_ms"] >= 2000
    assert _errors(server) == []
    assert [e for e in server.entries() if "exception" in e] == []


def test_a_client_that_hangs_up_mid_request_is_logged_as_499_with_its_duration(server):
    before = len(server.requests())
    with _connect(server) as sock:  # the head never completes
        sock.sendall(b"GET /api/i18n/locales HTTP/1.1\r\nHost: localhost\r\n")
        time.sleep(0.3)
    with _connect(server) as sock:  # the body never completes
        sock.sendall(
            b"POST /api/forms/contact/submissions HTTP/1.1\r\nHost: localhost\r\n"
            b"Content-Type: application/json\r\nContent-Length: 100\r\n\r\n"
            b'{"data": {"name": '
        )
        time.sleep(0.3)

    logged = server.logged_since(before, 2)

    assert [entry["status"] for entry in logged] == [499, 499]
    assert logged[1]["method"] == "POST"
    assert logged[1]["path"] == "/api/forms/contact/submissions"
    # Each was open about 0.3 s before the client hung up; the bound only rules out "none".
    assert all(200 <= entry["duration_ms"] < CLOSED_WITHIN * 1000 for entry in logged)
    assert _errors(server) == []
