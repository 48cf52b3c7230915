"""Structured logging: one JSON object per line, one ``request`` line per response.

A request's duration counts from its first byte when the server saw it (a slow head counts),
so a request cut off by a timeout or by its client still has one. A client that hung up before
its answer is logged as 499 (see ``http.errors``), never as a server error. The ``request``
lines bypass the stdlib's logging (``http.access_log``: they are written in batches); every
other line goes through it, and writes the batch first.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any, TextIO

from sanic import Request, Sanic
from sanic.response import BaseHTTPResponse

from splash.shared.http.access_log import AccessLog
from splash.shared.http.connections import take_request_start

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime"}


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update({k: v for k, v in record.__dict__.items() if k not in _STANDARD})
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


class _Handler(logging.StreamHandler):  # type: ignore[type-arg]
    """Writes to stdout as it is at the time (as the access log does), after the request lines
    that came before."""

    def __init__(self) -> None:
        logging.Handler.__init__(self)  # no stream of its own: the property below

    @property  # type: ignore[override]
    def stream(self) -> TextIO:
        return sys.stdout

    def emit(self, record: logging.LogRecord) -> None:
        ACCESS.flush()
        super().emit(record)


def configure(level: str) -> None:
    handler = _Handler()
    handler.setFormatter(JsonFormatter())
    handler.set_name("splash")
    root = logging.getLogger()
    # Replace only our own handler (an app created twice, tests' capture handlers stay).
    root.handlers[:] = [h for h in root.handlers if h.get_name() != "splash"] + [handler]
    root.setLevel(level)
    for name in ("sanic.access", "sanic.root", "sanic.error", "sanic.server"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True
    logging.getLogger("tortoise").setLevel(max(logging.getLevelName(level), logging.WARNING))


ACCESS = AccessLog()  # one per process, as its stdout


def log_access(request: Request, status: int) -> None:
    """The ``request`` line of one response."""
    path = request.path
    if path == "/healthz":
        return
    # A head that never completed skipped the request middleware.
    started = getattr(request.ctx, "started", None) or take_request_start(request)
    lock_waits = getattr(request.ctx, "lock_waits", None)
    ACCESS.add(
        str(request.id),
        request.method,
        request.host,
        path,
        status,
        time.perf_counter() - started if started else None,
        # Of which waiting for database locks (SQLite; at most the busy timeout).
        lock_waits.waited if lock_waits else None,
    )


def install(app: Sanic, access_log: bool, flush_seconds: float) -> None:
    """Responses are logged when ``access_log`` is set and the log level keeps ``info`` lines
    (the request lines' level): ``app.ctx.access_log``. Their batches are written at the latest
    ``flush_seconds`` after their first line."""
    access_log = access_log and logging.getLogger("splash.request").isEnabledFor(logging.INFO)
    app.ctx.access_log = access_log
    ACCESS.delay = flush_seconds

    async def _start(request: Request) -> None:
        request.ctx.started = take_request_start(request) or time.perf_counter()

    async def _log(request: Request, response: BaseHTTPResponse) -> None:
        response.headers.setdefault("x-request-id", str(request.id))
        if access_log:
            log_access(request, response.status)

    if access_log:
        app.register_middleware(_start, "request", priority=100)
        app.after_server_stop(_flush)
    app.register_middleware(_log, "response", priority=-100)


async def _flush(app: Sanic) -> None:
    ACCESS.flush()
