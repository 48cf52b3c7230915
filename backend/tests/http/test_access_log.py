"""http/access_log.py: one valid JSON line per request whatever the client sent, the fields of
JsonFormatter's lines, written in batches that keep stdout's order and lose no line."""

import asyncio
import io
import json
import logging
import sys
from datetime import datetime

from splash.shared.http import logging as splash_logging
from splash.shared.http.access_log import AccessLog

# What a client controls: its request id (X-Request-ID), the method, the Host and the path.
HOSTILE = (
    'id "quoted" \\ back\\slash \t\x01\x1f\x7f',
    'GE"T',
    "h\x00st\u2028\u2029:80",
    '/ünï/码/"}, {"status": 200/\ud800',
)


class Writes(io.StringIO):
    """A stdout that counts its writes."""

    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, text: str) -> int:
        self.writes += 1
        return super().write(text)


def test_a_line_is_one_valid_json_object_whatever_the_client_sent(capsys):
    AccessLog().add(*HOSTILE, 404, 0.0123456, 0.5)  # outside an event loop: written at once

    [line] = capsys.readouterr().out.splitlines()
    assert line.isascii()  # escaped, as JsonFormatter writes
    entry = json.loads(line)
    assert entry == {
        "time": entry["time"],
        "level": "info",
        "logger": "splash.request",
        "message": "request",
        "request_id": HOSTILE[0],
        "method": HOSTILE[1],
        "host": HOSTILE[2],
        "path": HOSTILE[3],
        "status": 404,
        "duration_ms": 12.35,
        "db_wait_ms": 500.0,
    }
    datetime.strptime(entry["time"], "%Y-%m-%dT%H:%M:%S%z")


def test_the_fields_and_their_order_are_those_of_json_formatter_lines(capsys):
    extra = {
        "request_id": "r1",
        "method": "GET",
        "host": "localhost:8000",
        "path": "/",
        "status": 200,
        "duration_ms": 1.5,
        "db_wait_ms": None,
    }
    record = logging.makeLogRecord(
        {"name": "splash.request", "levelname": "INFO", "msg": "request", **extra}
    )
    formatted = json.loads(splash_logging.JsonFormatter().format(record))

    AccessLog().add("r1", "GET", "localhost:8000", "/", 200, 0.0015, None)

    written = json.loads(capsys.readouterr().out)
    assert list(written) == list(formatted)
    assert {**written, "time": None} == {**formatted, "time": None}


async def test_lines_wait_for_their_batch_and_go_out_in_one_write(monkeypatch):
    stdout = Writes()
    monkeypatch.setattr(sys, "stdout", stdout)
    log = AccessLog(max_lines=100, delay=0.05)

    for number in range(3):
        log.add(f"r{number}", "GET", "localhost", "/", 200, None, None)
    assert stdout.getvalue() == ""  # nothing written by the requests themselves
    await asyncio.sleep(0.3)  # past the batch's delay

    assert [json.loads(line)["request_id"] for line in stdout.getvalue().splitlines()] == [
        "r0",
        "r1",
        "r2",
    ]
    assert stdout.writes == 1


async def test_a_full_batch_is_written_at_once_so_memory_stays_bounded(capsys):
    log = AccessLog(max_lines=4, delay=3600)

    for number in range(9):
        log.add(f"r{number}", "GET", "localhost", "/", 200, None, None)

    written = [json.loads(line)["request_id"] for line in capsys.readouterr().out.splitlines()]
    assert written == [f"r{number}" for number in range(8)]  # the ninth waits for its batch
    log.flush()
    assert json.loads(capsys.readouterr().out)["request_id"] == "r8"


async def test_another_log_line_comes_after_the_request_lines_before_it(capsys):
    splash_logging.configure("INFO")
    splash_logging.ACCESS.add("r1", "GET", "localhost", "/", 200, None, None)

    logging.getLogger("splash.errors").warning("after the request")

    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [(line["logger"], line["message"]) for line in lines] == [
        ("splash.request", "request"),
        ("splash.errors", "after the request"),
    ]


def test_a_stdout_that_is_gone_loses_its_batch_and_says_so(monkeypatch, capsys):
    gone = io.StringIO()
    gone.close()
    monkeypatch.setattr(sys, "stdout", gone)

    AccessLog().add("r1", "GET", "localhost", "/", 200, None, None)  # no exception

    assert "splash: 1 access log lines lost: ValueError" in capsys.readouterr().err
