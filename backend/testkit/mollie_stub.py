"""A small stand-in for Mollie's Payments API v2, for tests (the internet is not reachable).

It speaks the real protocol over real HTTP, as Mollie's own SDK expects it: ``POST
/v2/payments`` (JSON body, ``Idempotency-Key`` honoured: the same key and body answer the
same payment, the same key with another body is a 422), ``GET /v2/payments/{id}``, ``DELETE
/v2/payments/{id}`` (cancels an open payment; any other is a 422), ``POST
/v2/payments/{id}/refunds`` (a paid payment, at most what it still holds, else a 422; the
refund starts ``pending``, the same key answers the same refund) and ``GET
/v2/payments/{id}/refunds/{refundId}``; answers
are ``application/hal+json`` payment objects with ``_links`` (``checkout`` while the payment
is open), amounts as ``{"currency": "EUR", "value": "12.50"}``, errors as ``{status, title,
detail, _links}``; every request must carry ``Authorization: Bearer <api key>``.

Tests change what Mollie would report — :meth:`MollieStub.set_status`, ``set_amount``,
``refund``, ``charge_back``, ``bank_transfer``, ``set_refund_status`` (queued, pending,
processing, refunded, failed, canceled: a failed or canceled refund gives its amount back to
the payment) — and make it misbehave: ``unavailable`` answers
503 to every request, ``drop_connections`` closes each connection without an answer,
``delay_seconds`` answers late. Mollie refuses a ``webhookUrl`` it cannot reach from the
internet (``localhost`` above all): ``unreachable_webhook_hosts`` lists the hosts (a leading dot
for a whole domain) this stub refuses so.

``python -m testkit.mollie_stub --port 8125`` (API key: ``test_splashstub…``), or
``MollieStub().start()`` in a test; ``environment()`` points a Splash at it.
"""

from __future__ import annotations

import argparse
import json
import secrets
import threading
import time
from datetime import UTC, datetime, timedelta
from decimal import Decimal, InvalidOperation
from http.server import BaseHTTPRequestHandler
from typing import Any
from urllib.parse import urlsplit

from testkit.stub_server import StubServer

API_KEY = "test_splashstubSplashStubSplashStub00"
PAYMENTS_PATH = "/v2/payments"
DOCS = "https://docs.mollie.com/reference/handling-errors"
FINAL = {"paid", "canceled", "expired", "failed"}
REFUND_VOID = {"failed", "canceled"}
TIMESTAMP_FIELDS = {
    "paid": "paidAt",
    "canceled": "canceledAt",
    "expired": "expiredAt",
    "failed": "failedAt",
    "authorized": "authorizedAt",
}


def money(cents: int, currency: str = "EUR") -> dict[str, str]:
    return {"currency": currency, "value": f"{Decimal(cents) / 100:.2f}"}


def cents(amount: dict[str, str]) -> int:
    return int(Decimal(amount["value"]) * 100)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%S+00:00")


class _Refused(Exception):
    def __init__(self, status: int, title: str, detail: str, field: str | None = None) -> None:
        super().__init__(detail)
        self.status, self.title, self.detail, self.field = status, title, detail, field


def _reachable(url: Any, unreachable: tuple[str, ...]) -> bool:
    host = (urlsplit(url).hostname or "") if isinstance(url, str) else ""
    return not any(
        host == name or (name.startswith(".") and host.endswith(name)) for name in unreachable
    )


def _checked_request(body: Any, unreachable_webhook_hosts: tuple[str, ...]) -> dict[str, Any]:
    """The payment request as Mollie validates it: amount, description, redirectUrl, a
    webhookUrl Mollie can reach."""
    if not isinstance(body, dict):
        raise _Refused(400, "Bad Request", "The request body is not a JSON object")
    amount = body.get("amount")
    if not isinstance(amount, dict) or not isinstance(amount.get("value"), str):
        raise _Refused(422, "Unprocessable Entity", "The amount is required", "amount")
    try:
        value = Decimal(amount["value"])
    except InvalidOperation:
        value = Decimal(-1)
    if value <= 0 or value.as_tuple().exponent != -2 or amount.get("currency") != "EUR":
        detail = "The amount must be a positive EUR value with two decimals"
        raise _Refused(422, "Unprocessable Entity", detail, "amount.value")
    for required in ("description", "redirectUrl"):
        if not isinstance(body.get(required), str) or not body[required]:
            raise _Refused(422, "Unprocessable Entity", f"The {required} is required", required)
    if "webhookUrl" in body and not _reachable(body["webhookUrl"], unreachable_webhook_hosts):
        detail = "The webhook URL is invalid because it is unreachable from Mollie's point of view."
        raise _Refused(422, "Unprocessable Entity", detail, "webhookUrl")
    return body


class _Handler(BaseHTTPRequestHandler):
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

    def _error(self, refused: _Refused) -> None:
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
                raise _Refused(503, "Service Unavailable", "Mollie is down for maintenance")
            if self.headers.get("authorization") != f"Bearer {stub.api_key}":
                raise _Refused(
                    401,
                    "Unauthorized Request",
                    "Missing authentication, or failed to authenticate",
                )
            status, body = self._route(method, urlsplit(self.path).path, raw)
        except _Refused as refused:
            self._error(refused)
        else:
            self._answer(status, body)

    def _route(self, method: str, path: str, raw: bytes) -> tuple[int, dict[str, Any]]:
        key = self.headers.get("idempotency-key")
        if method == "POST" and path == PAYMENTS_PATH:
            checked = _checked_request(_json(raw), self.stub.unreachable_webhook_hosts)
            return 201, self.stub.create(checked, key)
        parts = path.removeprefix(PAYMENTS_PATH + "/").split("/")
        if not path.startswith(PAYMENTS_PATH + "/") or not parts[0]:
            raise _Refused(404, "Not Found", "The resource does not exist")
        if method == "GET" and len(parts) == 1:
            return 200, self.stub.payment(parts[0])
        if method == "DELETE" and len(parts) == 1:
            return 200, self.stub.cancel(parts[0])
        if method == "POST" and parts[1:] == ["refunds"]:
            return 201, self.stub.create_refund(parts[0], _json(raw), key)
        if method == "GET" and len(parts) == 3 and parts[1] == "refunds":
            return 200, self.stub.refund_of(parts[0], parts[2])
        raise _Refused(404, "Not Found", "The resource does not exist")

    def do_GET(self) -> None:
        self._serve("GET")

    def do_POST(self) -> None:
        self._serve("POST")

    def do_DELETE(self) -> None:
        self._serve("DELETE")


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw or b"null")
    except ValueError:
        raise _Refused(400, "Bad Request", "The request body is not JSON") from None


class MollieStub:
    def __init__(self, api_key: str = API_KEY, host: str = "127.0.0.1", port: int = 0) -> None:
        self.api_key = api_key
        self.host = host
        self.unavailable = False
        self.drop_connections = False
        self.delay_seconds = 0.0
        self.unreachable_webhook_hosts: tuple[str, ...] = ()
        self.requests: list[dict[str, Any]] = []
        self._payments: dict[str, dict[str, Any]] = {}
        self._keys: dict[str, tuple[bytes, str]] = {}  # idempotency key → (body, payment id)
        self._refunds: dict[str, dict[str, Any]] = {}
        self._refund_keys: dict[str, tuple[bytes, str]] = {}  # key → (body, refund id)
        self._lock = threading.Lock()
        handler = type("Handler", (_Handler,), {"stub": self})
        self._server = StubServer((host, port), handler)
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self._server.server_address[1]}"

    def environment(self) -> dict[str, str]:
        """The settings that point a Splash at this stub."""
        return {
            "SPLASH_PAYMENTS": "mollie",
            "SPLASH_MOLLIE_API_KEY": self.api_key,
            "SPLASH_MOLLIE_BASE_URL": self.url,
        }

    def start(self) -> MollieStub:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def record(self, method: str, path: str, headers: dict[str, str], body: bytes) -> None:
        lowered = {name.lower(): value for name, value in headers.items()}
        with self._lock:
            self.requests.append({"method": method, "path": path, "headers": lowered, "body": body})

    # --- the API --------------------------------------------------------------------------------

    def create(self, request: dict[str, Any], key: str | None) -> dict[str, Any]:
        canonical = json.dumps(request, sort_keys=True).encode()
        with self._lock:
            if key is not None and key in self._keys:
                body, payment_id = self._keys[key]
                if body != canonical:
                    detail = "The idempotency key was used before with another request"
                    raise _Refused(422, "Unprocessable Entity", detail)
                return self._public(self._payments[payment_id])
            payment_id = "tr_" + secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")
            self._payments[payment_id] = {
                "id": payment_id,
                "status": "open",
                "amount": request["amount"],
                "description": request["description"],
                "redirectUrl": request["redirectUrl"],
                "webhookUrl": request.get("webhookUrl"),
                "locale": request.get("locale"),
                "metadata": request.get("metadata"),
                "method": request.get("method"),
                "createdAt": _now(),
                "expiresAt": (datetime.now(UTC) + timedelta(minutes=15)).isoformat(),
                "refunded": 0,
                "chargedBack": 0,
                "details": None,
            }
            if key is not None:
                self._keys[key] = (canonical, payment_id)
            return self._public(self._payments[payment_id])

    def payment(self, payment_id: str) -> dict[str, Any]:
        with self._lock:
            stored = self._payments.get(payment_id)
            if stored is None:
                detail = f"No payment exists with token {payment_id}."
                raise _Refused(404, "Not Found", detail)
            return self._public(stored)

    def cancel(self, payment_id: str) -> dict[str, Any]:
        with self._lock:
            stored = self._stored(payment_id)
            if stored["status"] != "open":
                detail = f"The payment is {stored['status']} and cannot be canceled"
                raise _Refused(422, "Unprocessable Entity", detail)
            stored.update(status="canceled", changedAt=_now())
            return self._public(stored)

    def create_refund(self, payment_id: str, body: Any, key: str | None) -> dict[str, Any]:
        """A refund of a paid payment, of at most what it still holds."""
        canonical = json.dumps(body, sort_keys=True).encode()
        with self._lock:
            stored = self._stored(payment_id)
            if key is not None and key in self._refund_keys:
                earlier, refund_id = self._refund_keys[key]
                if earlier != canonical:
                    detail = "The idempotency key was used before with another request"
                    raise _Refused(422, "Unprocessable Entity", detail)
                return self._public_refund(self._refunds[refund_id])
            amount = body.get("amount") if isinstance(body, dict) else None
            if not isinstance(amount, dict) or amount.get("currency") != "EUR":
                raise _Refused(422, "Unprocessable Entity", "The amount is required", "amount")
            if stored["status"] != "paid":
                detail = "The payment cannot be refunded: it is not paid"
                raise _Refused(422, "Unprocessable Entity", detail)
            left = cents(stored["amount"]) - self._refunded(payment_id) - stored["chargedBack"]
            if not 0 < cents(amount) <= left:
                detail = f"The amount is higher than the amount that can be refunded ({left})"
                raise _Refused(422, "Unprocessable Entity", detail, "amount")
            refund_id = "re_" + secrets.token_urlsafe(8).replace("-", "x").replace("_", "y")
            self._refunds[refund_id] = {
                "id": refund_id,
                "paymentId": payment_id,
                "amount": amount,
                "description": body.get("description") or "",
                "metadata": body.get("metadata"),
                "status": "pending",
                "createdAt": _now(),
            }
            if key is not None:
                self._refund_keys[key] = (canonical, refund_id)
            return self._public_refund(self._refunds[refund_id])

    def refund_of(self, payment_id: str, refund_id: str) -> dict[str, Any]:
        with self._lock:
            stored = self._refunds.get(refund_id)
            if stored is None or stored["paymentId"] != payment_id:
                raise _Refused(404, "Not Found", f"No refund exists with token {refund_id}.")
            return self._public_refund(stored)

    def _stored(self, payment_id: str) -> dict[str, Any]:
        stored = self._payments.get(payment_id)
        if stored is None:
            raise _Refused(404, "Not Found", f"No payment exists with token {payment_id}.")
        return stored

    def _refunded(self, payment_id: str) -> int:
        """Refunds made through the API that gave money back, and those made in the dashboard."""
        made = sum(
            cents(refund["amount"])
            for refund in self._refunds.values()
            if refund["paymentId"] == payment_id and refund["status"] not in REFUND_VOID
        )
        return made + self._payments[payment_id]["refunded"]

    def _public_refund(self, stored: dict[str, Any]) -> dict[str, Any]:
        """The refund object as Mollie answers it."""
        own = f"{self.url}{PAYMENTS_PATH}/{stored['paymentId']}/refunds/{stored['id']}"
        return {
            "resource": "refund",
            "id": stored["id"],
            "mode": "test",
            "description": stored["description"],
            "amount": stored["amount"],
            "metadata": stored["metadata"],
            "paymentId": stored["paymentId"],
            "status": stored["status"],
            "createdAt": stored["createdAt"],
            "_links": {
                "self": {"href": own, "type": "application/hal+json"},
                "payment": {
                    "href": f"{self.url}{PAYMENTS_PATH}/{stored['paymentId']}",
                    "type": "application/hal+json",
                },
                "documentation": {
                    "href": "https://docs.mollie.com/reference/get-refund",
                    "type": "text/html",
                },
            },
        }

    def _public(self, stored: dict[str, Any]) -> dict[str, Any]:
        """The payment object as Mollie answers it."""
        payment_id, status = stored["id"], stored["status"]
        currency = stored["amount"]["currency"]
        own = f"{self.url}{PAYMENTS_PATH}/{payment_id}"
        links: dict[str, Any] = {
            "self": {"href": own, "type": "application/hal+json"},
            "dashboard": {
                "href": f"https://my.mollie.com/dashboard/payments/{payment_id}",
                "type": "text/html",
            },
            "documentation": {
                "href": "https://docs.mollie.com/reference/get-payment",
                "type": "text/html",
            },
        }
        if status == "open":
            links["checkout"] = {"href": f"{self.url}/checkout/{payment_id}", "type": "text/html"}
        answer: dict[str, Any] = {
            "resource": "payment",
            "id": payment_id,
            "mode": "test",
            "createdAt": stored["createdAt"],
            "amount": stored["amount"],
            "description": stored["description"],
            "method": stored["method"],
            "metadata": stored["metadata"],
            "status": status,
            "isCancelable": status == "open",
            "profileId": "pfl_splashstub",
            "sequenceType": "oneoff",
            "redirectUrl": stored["redirectUrl"],
            "webhookUrl": stored["webhookUrl"],
            "locale": stored["locale"],
            "_links": links,
        }
        if status not in FINAL:
            answer["expiresAt"] = stored["expiresAt"]
        if status in TIMESTAMP_FIELDS:
            answer[TIMESTAMP_FIELDS[status]] = stored.get("changedAt", stored["createdAt"])
        if status == "paid":
            total, refunded = cents(stored["amount"]), self._refunded(payment_id)
            answer["amountRefunded"] = money(refunded, currency)
            answer["amountRemaining"] = money(total - refunded, currency)
            if stored["chargedBack"]:
                answer["amountChargedBack"] = money(stored["chargedBack"], currency)
        if stored["details"] is not None:
            answer["details"] = stored["details"]
        return answer

    # --- knobs: what Mollie would report --------------------------------------------------------

    def _change(self, payment_id: str, **changes: Any) -> None:
        with self._lock:
            self._payments[payment_id].update(changes, changedAt=_now())

    def set_status(self, payment_id: str, status: str, method: str | None = "ideal") -> None:
        """The customer paid (or not) at Mollie; the method they chose."""
        self._change(payment_id, status=status, method=method)

    def set_amount(self, payment_id: str, amount_cents: int) -> None:
        """The payment's amount (a payment whose amount is not the order's)."""
        self._change(payment_id, amount=money(amount_cents))

    def refund(self, payment_id: str, amount_cents: int) -> None:
        """A refund made in Mollie's dashboard: the status stays paid."""
        self._change(payment_id, refunded=self._payments[payment_id]["refunded"] + amount_cents)

    def charge_back(self, payment_id: str, amount_cents: int) -> None:
        self._change(payment_id, chargedBack=amount_cents)

    def bank_transfer(self, payment_id: str, reference: str = "RF12-3456-7890-1234") -> None:
        """The customer chose bank transfer: open, with the account to pay to."""
        details = {
            "bankName": "Stichting Mollie Payments",
            "bankAccount": "NL53ABNA0627535577",
            "bankBic": "ABNANL2A",
            "transferReference": reference,
        }
        self._change(payment_id, status="open", method="banktransfer", details=details)

    def set_refund_status(self, refund_id: str, status: str) -> None:
        """What became of a refund at the bank: refunded, or failed (its money back on the
        payment)."""
        with self._lock:
            self._refunds[refund_id]["status"] = status

    def refunds(self) -> list[dict[str, Any]]:
        """Every refund made through the API so far, as Mollie answers them."""
        with self._lock:
            return [self._public_refund(stored) for stored in self._refunds.values()]

    def created(self) -> list[dict[str, Any]]:
        """Every payment created so far, as Mollie answers them."""
        with self._lock:
            return [self._public(stored) for stored in self._payments.values()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m testkit.mollie_stub")
    parser.add_argument("--port", type=int, default=8125)
    args = parser.parse_args(argv)
    stub = MollieStub(port=args.port)
    print(f"Mollie stub on {stub.url} (API key {stub.api_key})", flush=True)
    stub._server.serve_forever()


if __name__ == "__main__":
    main()
