"""The checkout scenario (``--scenario checkout``, make bench): Buyer, loaded through
loadtests/locustfile.py."""

from __future__ import annotations

import random
import time
from urllib.parse import urlsplit

from locust import FastHttpUser, between, task

from loadtests.locust_common import (
    client_address,
    json_body,
    order_draft,
    post,
    reference_read,
    wait_bounds,
)

# An order still waiting when read right after its webhook (the provider's own webhook call
# held the payment's check, payment_checks.py) is read again, as the order-payment page does
# (frontend/src/features/orders/hooks/use-recheck.ts: every 4 s, a few times).
RECHECK_SECONDS = 4.0
RECHECKS = 3


class Buyer(FastHttpUser):
    """A guest parent who buys: the cart priced, the order placed, paid on the test provider's
    page, the webhook, and the order read back as paid (the order-payment page).

    Each order uses a new e-mail address (a guest's order makes an account), a new client
    address and a new Idempotency-Key. The scenario needs plenty of stock: loadtests/run.py
    restocks the catalog through the test-only API before the run. ``GET
    /api/shipping-countries`` (one small read) is the run's reference: the budgets compare the
    checkout's p95 with it (a ratio, never a time), because the load generator shares the
    machine with the server."""

    wait_time = between(*wait_bounds())
    weight = 1

    def on_start(self) -> None:
        self.json_headers = {"Host": f"localhost:{urlsplit(self.host).port or 80}"}
        self.variant_ids: list[int] = []
        with self.client.get(
            "/api/products",
            name="/api/products",
            headers=self.json_headers,
            catch_response=True,
        ) as response:
            listed = json_body(response)
            products = listed.get("data") if isinstance(listed, dict) else None
            if response.status_code != 200 or not isinstance(products, list):
                return response.failure(f"products: status {response.status_code}")
            response.success()
        for product in products:
            with self.client.get(
                f"/api/products/{product['id']}",
                name="/api/products/[id]",
                headers=self.json_headers,
                catch_response=True,
            ) as response:
                found = json_body(response)
                data = found.get("data") if isinstance(found, dict) else None
                if response.status_code != 200 or not isinstance(data, dict):
                    return response.failure(f"product: status {response.status_code}")
                response.success()
            self.variant_ids += [v["id"] for v in data.get("variants", []) if v.get("available")]

    @task
    def buy(self) -> None:
        if not self.variant_ids:
            return
        # Each order is another parent's, from their own address (the checkout's limits
        # count orders per address).
        self.json_headers = {**self.json_headers, "X-Forwarded-For": client_address()}
        headers = self.json_headers
        if not reference_read(self.client, headers):
            return
        items = [{"variantId": random.choice(self.variant_ids), "quantity": 1, "options": []}]
        with post(
            self.client,
            "/api/cart/quote",
            name="/api/cart/quote",
            json={"items": items, "country": "nl"},
            headers=headers,
        ) as response:
            quoted = json_body(response)
            if response.status_code != 200 or not isinstance(quoted, dict):
                return response.failure(f"quote: status {response.status_code}")
            total = quoted["data"]["total"]
            response.success()
        order = self.place_order(items)
        if order is None:
            return
        payment_id = urlsplit(order["checkoutUrl"]).path.rsplit("/", 1)[-1]
        self.pay(payment_id)
        for read in range(1, RECHECKS + 2):
            status = self.read_order(order["slug"], total, last=read == RECHECKS + 1)
            if status != "awaiting_payment":
                return
            time.sleep(RECHECK_SECONDS)  # gevent's sleep under Locust: other users go on

    def read_order(self, slug: str, total: int, last: bool) -> str | None:
        """The order read back as the order-payment page reads it: its status, or None."""
        with self.client.get(
            f"/api/orders/{slug}",
            name="/api/orders/[slug]",
            headers=self.json_headers,
            catch_response=True,
        ) as response:
            read = json_body(response)
            data = read.get("data") if isinstance(read, dict) else None
            if response.status_code != 200 or not isinstance(data, dict):
                response.failure(f"order: status {response.status_code}")
                return None
            status = data.get("status")
            if status == "awaiting_payment" and not last:
                response.success()  # the webhook's check is still under way: read again
                return status
            if status != "paid" or data.get("total") != total:
                response.failure(f"order: {status}, total {data.get('total')} (quote {total})")
                return None
            response.success()
            return status

    def place_order(self, items: list[dict]) -> dict | None:
        key = f"load-{time.time_ns()}-{random.getrandbits(64):x}"
        draft = order_draft(key, items, self.json_headers["Host"])
        with post(
            self.client,
            "/api/orders",
            name="POST /api/orders",
            json=draft,
            headers={**self.json_headers, "Idempotency-Key": key},
        ) as response:
            created = json_body(response)
            data = created.get("data") if isinstance(created, dict) else None
            if response.status_code != 201 or not isinstance(data, dict):
                response.failure(f"order: status {response.status_code} {response.text[:200]}")
                return None
            response.success()
            return data

    def pay(self, payment_id: str) -> None:
        """The tester's choice on the hosted page (303 back to the shop), then the webhook the
        provider calls (also sent by the test provider itself; a duplicate changes nothing)."""
        headers = self.json_headers
        with post(
            self.client,
            f"/api/payments/test/{payment_id}",
            name="POST /api/payments/test/[id]",
            data="status=paid",
            headers={**headers, "Content-Type": "application/x-www-form-urlencoded"},
            allow_redirects=False,
        ) as response:
            if response.status_code != 303:
                return response.failure(f"test page: status {response.status_code}")
            response.success()
        with post(
            self.client,
            "/api/payments/webhook",
            name="POST /api/payments/webhook",
            data=f"id={payment_id}",
            headers={**headers, "Content-Type": "application/x-www-form-urlencoded"},
        ) as response:
            if response.status_code != 200:
                return response.failure(f"webhook: status {response.status_code}")
            response.success()
