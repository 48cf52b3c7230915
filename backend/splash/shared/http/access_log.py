"""The access log's lines: one JSON object per request on stdout, written in batches.

Through the stdlib's logging, a request's line took half the throughput of the cheapest answer
(the published payload: 26,000 req/s with it, 43,000-49,000 without): a ``LogRecord``, a
formatter that copied the record's attributes into a dictionary for ``json.dumps``, and a write
and a flush (a system call) for every line. Here a request only adds its values to a batch;
the batch's lines are made together when it goes out, in one write (made one by one, between
requests, they cost the server half as much again): a template filled with the values, their
strings escaped by the ``json`` module's own (C) escaper, ASCII-only as ``JsonFormatter`` writes,
with ``JsonFormatter``'s fields in its order. A batch is written:

- ``delay`` seconds after its first line (a timer per batch: an idle worker never wakes);
- at once when it has ``max_lines`` lines;
- before any other log line (``http.logging``'s handler flushes it first), so stdout keeps the
  order in which things happened;
- when the server stops (``http.logging.install``): a graceful stop loses no line.

Memory stays bounded by ``max_lines`` (each line as long as the longest path and host a client
may send): a full batch is written in the request that filled it.
When stdout blocks (a log reader that stalls), that write blocks the worker until the reader
catches up, as the stdlib's handler did for every line: the log slows the server down rather
than losing lines or growing without bound.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
import time
from json.encoder import encode_basestring_ascii as _quoted  # type: ignore[attr-defined]

_LINE = (
    '{"time": "%s", "level": "info", "logger": "splash.request", "message": "request", '
    '"request_id": %s, "method": %s, "host": %s, "path": %s, "status": %d, '
    '"duration_ms": %s, "db_wait_ms": %s}\n'
)


# A request's values as it ended: time, request id, method, host, path, status, duration and
# lock waits (seconds).
Entry = tuple[float, str, str, str, str, int, float | None, float | None]


class AccessLog:
    def __init__(self, max_lines: int = 256, delay: float = 0.1) -> None:
        self.max_lines = max_lines
        self.delay = delay
        self._entries: list[Entry] = []
        self._flushing = threading.Lock()  # another thread's log line flushes too
        self._next_second = 0.0
        self._time = ""

    def add(
        self,
        request_id: str,
        method: str,
        host: str,
        path: str,
        status: int,
        duration: float | None,
        db_wait: float | None,
    ) -> None:
        """One request's line (``duration`` and ``db_wait`` in seconds, None when unknown)."""
        entries = self._entries
        entries.append((time.time(), request_id, method, host, path, status, duration, db_wait))
        if len(entries) >= self.max_lines:
            self.flush()
        elif len(entries) == 1:
            try:
                asyncio.get_running_loop().call_later(self.delay, self.flush)
            except RuntimeError:  # no event loop to wait on
                self.flush()

    def flush(self) -> None:
        """Writes the lines gathered so far (a timer that fires after a flush finds none)."""
        with self._flushing:
            entries = self._entries
            count = len(entries)
            if not count:
                return
            batch = self._lines(entries[:count])
            del entries[:count]  # a line another thread adds meanwhile stays for the next batch
            try:
                sys.stdout.write(batch)
                sys.stdout.flush()
            except (OSError, ValueError) as error:  # stdout closed or gone: nowhere to write
                with contextlib.suppress(OSError, ValueError):
                    print(f"splash: {count} access log lines lost: {error!r}", file=sys.stderr)

    def _lines(self, entries: list[Entry]) -> str:
        lines = []
        for now, request_id, method, host, path, status, duration, db_wait in entries:
            if now >= self._next_second:  # the same text for a whole second, as JsonFormatter's
                self._next_second = float(int(now) + 1)
                self._time = time.strftime("%Y-%m-%dT%H:%M:%S%z", time.localtime(now))
            lines.append(
                _LINE
                % (
                    self._time,
                    _quoted(request_id),
                    _quoted(method),
                    _quoted(host),
                    _quoted(path),
                    status,
                    "null" if duration is None else "%.2f" % (duration * 1000),
                    "null" if db_wait is None else "%.2f" % (db_wait * 1000),
                )
            )
        return "".join(lines)
