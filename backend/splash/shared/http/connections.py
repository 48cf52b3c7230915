"""Connection timeouts a slow client cannot stretch, and when each request began.

Sanic restarts its timeout clock on every byte it receives (``HttpProtocol.data_received``), so
``REQUEST_TIMEOUT`` bounds the gap between two bytes, not the request: a slowloris client that
sends its head a byte at a time keeps the connection, and the worker's memory for it, forever.
``DeadlineHttpProtocol`` starts the clock at a request's first byte and lets only the next
request restart it:

- idle (nothing sent yet, or between keep-alive requests): ``KEEP_ALIVE_TIMEOUT`` after the
  connection opened or the last response was written;
- receiving the head: ``REQUEST_TIMEOUT`` after its first byte (then 408 and close);
- reading the body and handling: ``RESPONSE_TIMEOUT`` after the first byte (then 503 and close).

Once a timeout has fired, the rest of the request's body is not read: Sanic would otherwise
wait for it after writing the 503 (with no clock running any more, since its timeout check
stops once it has cut a request off), so a client trickling its body kept the connection.

Writing a response still restarts the clock (Sanic's ``send``): a large answer to a client that
keeps reading is not cut off.
"""

from __future__ import annotations

import time

from sanic import Request
from sanic.http import Stage
from sanic.server.protocols.http_protocol import HttpProtocol


class DeadlineHttpProtocol(HttpProtocol):
    def data_received(self, data: bytes) -> None:
        http = self.http
        if http is None or http.stage is Stage.IDLE:
            super().data_received(data)  # a request begins: Sanic's clock restarts here
            info = self.conn_info
            if info is not None and getattr(info.ctx, "request_started", None) is None:
                info.ctx.request_started = time.perf_counter()
            return
        clock = self._time
        super().data_received(data)
        self._time = clock

    def check_timeouts(self) -> None:
        super().check_timeouts()
        http = self._http
        if http is not None and http.exception is not None:  # cut off: answer, then close
            http.request_body = None


def take_request_start(request: Request) -> float | None:
    """When the request's first byte arrived (``time.perf_counter``), once per request; None
    when unknown (the ASGI test client, or a keep-alive request that arrived in the same read as
    the one before it)."""
    # The stand-in request Sanic makes for a head that never completed has no conn_info of its
    # own; its stream (the connection's Http) knows the protocol.
    protocol = getattr(request.stream, "protocol", None)
    conn_info = request.conn_info or getattr(protocol, "conn_info", None)
    if conn_info is None:
        return None
    started = getattr(conn_info.ctx, "request_started", None)
    conn_info.ctx.request_started = None
    return started
