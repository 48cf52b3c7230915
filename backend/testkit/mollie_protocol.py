"""Mollie's Payments API v2 over HTTP, for :mod:`testkit.mollie_stub`: the request handler
(authentication, the routes, Mollie's error objects) and the checks Mollie makes of a new
payment. The stub's state (payments, refunds, what a test makes it report) stays there."""

from __future__ import annotations

import json
import time
from decimal import Decimal, InvalidOperation
from http.server import BaseHTTPRequestHandler
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from testkit.mollie_stub import MollieStub

PAYMENTS_PATH = "/v2/payments"
DOCS = "https://docs.mollie.com/reference/handling-errors"


class Refused(Exception):
    def __init__(self, status: int, title: str, detail: str, field: str | None = None) -> None:
        super().__init__(detail)
        self.status, self.title, self.detail, self.field = status, title, detail, field


def _reachable(url: Any, unreachable: tuple[str, ...]) -> bool:
    host = (urlsplit(url).hostname or "") if isinstance(url, str) else ""
    return not any(
        host == name or (name.startswith(".") and host.endswith(name)) for name in unreachable
    )


def checked_request(body: Any, unreachable_webhook_hosts: tuple[str, ...]) -> dict[str, Any]:
    """The payment request as Mollie validates it: amount, description, redirectUrl, a
    webhookUrl Mollie can reach."""
    if not isinstance(body, dict):
        raise Refused(400, "Bad Request", "The request body is not a JSON object")
    amount = body.get("amount")
    if not isinstance(amount, dict) or not isinstance(amount.get("value"), str):
        raise Refused(422, "Unprocessable Entity", "The amount is required", "amount")
    try:
        value = Decimal(amount["value"])
    except InvalidOperation:
        value = Decimal(-1)
    if value <= 0 or value.as_tuple().exponent != -2 or amount.get("currency") != "EUR":
        detail = "The amount must be a positive EUR value with two decimals"
        raise Refused(422, "Unprocessable Entity", detail, "amount.value")
    for required in ("description", "redirectUrl"):
        if not isinstance(body.get(required), str) or not body[required]:
            raise Refused(422, "Unprocessable Entity", f"The {required} is required", required)
    if "webhookUrl" in body and not _reachable(body["webhookUrl"], unreachable_webhook_hosts):
        detail = "The webhook URL is invalid because it is unreachable from Mollie's point of view."
        raise Refused(422, "Unprocessable Entity", detail, "webhookUrl")
    return body


class Handler(BaseHTTPRequestHandler):
    stub: MollieStub
    protocol_version = "HTTP/1.1"

    def log_message(self, format: str, *args: Any) -> None:  # quiet
        pass

    def _answer(self, status: int, body: dict[str, Any]) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("content-type", "application/hal+json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def _error(self, refused: Refused) -> None:
        body: dict[str, Any] = {
            "status": refused.status,
            "title": refused.title,
            "detail": refused.detail,
            "_links": {"documentation": {"href": DOCS, "type": "text/html"}},
        }
        if refused.field:
            body["field"] = refused.field
        self._answer(refused.status, body)

    def _serve(self, method: str) -> None:
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        stub = self.stub
        stub.record(method, self.path, dict(self.headers), raw)
        if stub.delay_seconds:
            time.sleep(stub.delay_seconds)  # this request's thread only: a slow Mollie
        if stub.drop_connections:
            self.close_connection = True
            self.connection.shutdown(2)  # no answer at all: the client sees a broken connection
            return
        try:
            if stub.unavailable:
                raise Refused(503, "Service Unavailable", "Mollie is down for maintenance")
            if self.headers.get("authorization") != f"Bearer {stub.api_key}":
                raise Refused(
                    401,
                    "Unauthorized Request",
                    "Missing authentication, or failed to authenticate",
                )
            status, body = self._route(method, urlsplit(self.path).path, raw)
        except Refused as refused:
            self._error(refused)
        else:
            self._answer(status, body)

    def _route(self, method: str, path: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        key = self.headers.get("idempotency-key")
        if method == "POST" and path == PAYMENTS_PATH:
            checked = checked_request(json_body(raw), self.stub.unreachable_webhook_hosts)
            return 201, self.stub.create(checked, key)
        parts = path.removeprefix(PAYMENTS_PATH + "/").split("/")
        if not path.startswith(PAYMENTS_PATH + "/") or not parts[0]:
            raise Refused(404, "Not Found", "The resource does not exist")
        if method == "GET" and len(parts) == 1:
            return 200, self.stub.payment(parts[0])
        if method == "DELETE" and len(parts) == 1:
            return 200, self.stub.cancel(parts[0])
        if method == "POST" and parts[1:] == ["refunds"]:
            return 201, self.stub.create_refund(parts[0], json_body(raw), key)
        if method == "GET" and len(parts) == 3 and parts[1] == "refunds":
            return 200, self.stub.refund_of(parts[0], parts[2])
        raise Refused(404, "Not Found", "The resource does not exist")

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def do_DELETE(self) -> None:
        self._serve("DELETE")


def json_body(raw: bytes) -> Any:
    try:
        return json.loads(raw or b"null")
    except ValueError:
        raise Refused(400, "Bad Request", "The request body is not JSON") from None
