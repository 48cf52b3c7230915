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
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from testkit.mollie_protocol import PAYMENTS_PATH, Handler, Refused
from testkit.stub_server import StubServer

API_KEY = "test_splashstubSplashStubSplashStub00"
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
        handler = type("Handler", (Handler,), {"stub": self})
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
                    raise Refused(422, "Unprocessable Entity", detail)
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
                raise Refused(404, "Not Found", detail)
            return self._public(stored)

    def cancel(self, payment_id: str) -> dict[str, Any]:
        with self._lock:
            stored = self._stored(payment_id)
            if stored["status"] != "open":
                detail = f"The payment is {stored['status']} and cannot be canceled"
                raise Refused(422, "Unprocessable Entity", detail)
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
                    raise Refused(422, "Unprocessable Entity", detail)
                return self._public_refund(self._refunds[refund_id])
            amount = body.get("amount") if isinstance(body, dict) else None
            if not isinstance(amount, dict) or amount.get("currency") != "EUR":
                raise Refused(422, "Unprocessable Entity", "The amount is required", "amount")
            if stored["status"] != "paid":
                detail = "The payment cannot be refunded: it is not paid"
                raise Refused(422, "Unprocessable Entity", detail)
            left = cents(stored["amount"]) - self._refunded(payment_id) - stored["chargedBack"]
            if not 0 < cents(amount) <= left:
                detail = f"The amount is higher than the amount that can be refunded ({left})"
                raise Refused(422, "Unprocessable Entity", detail, "amount")
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
                raise Refused(404, "Not Found", f"No refund exists with token {refund_id}.")
            return self._public_refund(stored)

    def _stored(self, payment_id: str) -> dict[str, Any]:
        stored = self._payments.get(payment_id)
        if stored is None:
            raise Refused(404, "Not Found", f"No payment exists with token {payment_id}.")
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
