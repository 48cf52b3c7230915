"""What Splash relies on of Sanic beyond its documented API, in one place: the edge
(splash/shared/edge) overrides ``Sanic.handle_request`` and writes a kept answer straight onto the
HTTP/1.1 connection (``Http.protocol.send``, then ``Http.stage``); http/connections.py keeps a
request's deadline on ``HttpProtocol``'s clock. An upgrade of Sanic fails here first, loudly,
instead of somewhere in the edge's or the timeouts' tests: check those internals in the new
version's source, then move TESTED_SANIC on. ``SPLASH_EDGE=false`` runs without the edge."""

from __future__ import annotations

import inspect

import sanic
from sanic import Sanic
from sanic.http import Http, Stage
from sanic.response import BaseHTTPResponse
from sanic.server.protocols.http_protocol import HttpProtocol

TESTED_SANIC = "25.12.1"


def test_sanic_is_the_version_whose_internals_were_checked():
    assert sanic.__version__ == TESTED_SANIC, (
        f"Sanic {sanic.__version__}: check what shared/edge and http/connections.py use of its "
        f"internals (this file lists them), then set TESTED_SANIC"
    )


def test_the_edge_can_take_a_request_before_routing():
    assert inspect.iscoroutinefunction(Sanic.handle_request)
    assert list(inspect.signature(Sanic.handle_request).parameters) == ["self", "request"]


def test_the_edge_can_write_onto_the_http_1_connection():
    assert {"protocol", "stage", "keep_alive"} <= set(Http.__slots__)
    assert Stage.IDLE.value == 0  # the connection is ready for its next request
    assert inspect.iscoroutinefunction(HttpProtocol.send)
    assert isinstance(inspect.getattr_static(BaseHTTPResponse, "processed_headers"), property)


def test_the_deadlines_can_keep_the_protocol_s_clock():
    assert {"_http", "_callback_check_timeouts"} <= set(HttpProtocol.__slots__)
    assert callable(HttpProtocol.data_received) and callable(HttpProtocol.check_timeouts)
    assert "_time" in inspect.getsource(HttpProtocol.data_received)
