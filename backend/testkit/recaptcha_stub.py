"""A small stand-in for Google's reCAPTCHA v3 ``siteverify`` endpoint, for tests (the internet is
not reachable).

It speaks the real protocol over real HTTP: a form-encoded ``POST`` (``secret``, ``response``,
``remoteip``) answered with Google's JSON. The token says what Google would answer: ``good``
(score 0.9, action ``submit``), ``exact`` (score 0.5), ``low`` (0.1), ``wrong-action``, ``bad``
(``success: false``) and a few malformed answers (:data:`ANSWERS`); ``slow`` answers after half
a second, ``garbage`` with HTML, ``server-error`` with a 502; any other token is unknown
(``success: false``). Every request is recorded.

``with Siteverify() as stub:`` in a test; ``stub.url`` is its siteverify URL.
"""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import parse_qs

from testkit.stub_server import StubServer

PATH = "/recaptcha/api/siteverify"
ANSWERS: dict[str, object] = {
    "good": {"success": True, "score": 0.9, "action": "submit", "hostname": "localhost"},
    "exact": {"success": True, "score": 0.5, "action": "submit"},
    "low": {"success": True, "score": 0.1, "action": "submit"},
    "wrong-action": {"success": True, "score": 0.9, "action": "login"},
    "no-score": {"success": True, "action": "submit"},
    "text-score": {"success": True, "score": "0.9", "action": "submit"},
    "text-success": {"success": "true", "score": 0.9, "action": "submit"},
    "bad": {"success": False, "error-codes": ["invalid-input-response"]},
    "list": ["success"],
}


class Siteverify:
    """Answers like https://www.google.com/recaptcha/api/siteverify and records every request."""

    def __init__(self) -> None:
        self.requests: list[dict[str, Any]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("content-length", 0))).decode()
                form = {key: values[0] for key, values in parse_qs(raw).items()}
                stub.requests.append(
                    {
                        "path": self.path,
                        "content_type": self.headers.get("content-type"),
                        "form": form,
                    }
                )
                token = form.get("response", "")
                if token == "slow":
                    time.sleep(0.5)
                if token == "garbage":
                    self._answer(200, b"<html>Service Unavailable</html>", "text/html")
                elif token == "server-error":
                    self._answer(502, b"Bad Gateway", "text/plain")
                else:
                    answer = ANSWERS.get(token, {"success": False, "error-codes": ["unknown"]})
                    self._answer(200, json.dumps(answer).encode(), "application/json")

            def _answer(self, status: int, body: bytes, content_type: str) -> None:
                self.send_response(status)
                self.send_header("content-type", content_type)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = StubServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}{PATH}"
        self.thread = threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> Siteverify:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(timeout=5)

    @property
    def tokens(self) -> list[str | None]:
        return [request["form"].get("response") for request in self.requests]
