"""make bench-cluster's checks (loadtests/cluster_bench.py): a rate limit across instances, a
price changed on one instance read on the others, and at the end of the run its orders and
e-mails, each counted once.
"""

from __future__ import annotations

import re
import secrets
import time

from cluster import plan, processes
from loadtests.cluster_client import (
    SUIT,
    WAIT_SECONDS,
    Cluster,
    Fault,
    wait_until,
)
from loadtests.locust_common import client_address

# --- a rate limit across instances -----------------------------------------------------------


def rate_limit_across_instances(cluster: Cluster) -> Fault:
    """Wrong passwords from one client address through nginx, round robin over the instances:
    held when exactly the limit (10 in 10 minutes) is let through and the rest get 429."""
    from splash.accounts.routes import ATTEMPTS

    address, statuses, upstreams = client_address(), [], set()
    body = {"identifier": f"bench-{secrets.token_hex(4)}@example.com", "password": "wrong"}
    for _ in range(ATTEMPTS + 4):
        answer = cluster.call("POST", "/api/auth/local", json=body, address=address)
        statuses.append(answer.status_code)
        upstreams.add(answer.headers.get("x-splash-upstream", "?"))
    let_through = [status for status in statuses if status != 429]
    return Fault(
        "a rate limit across instances (sign-in attempts from one address)",
        held=len(let_through) == ATTEMPTS
        and statuses[ATTEMPTS:] == [429] * 4
        and len(upstreams) == plan.INSTANCES,
        what=(
            f"{len(statuses)} attempts answered by {len(upstreams)} instances: "
            f"{len(let_through)} let through (limit {ATTEMPTS}), then {statuses[ATTEMPTS:]}"
        ),
    )


# --- a price changed on one instance ---------------------------------------------------------


def product_price(cluster: Cluster, instance: int, variant_id: int, path: str) -> tuple[int, int]:
    """(the variant API's price, the product page payload's price) on ``instance``."""
    api = cluster.call("GET", f"/api/product-variants/{variant_id}", instance=instance).json()
    page = cluster.call("GET", f"/_payload{path}.json", instance=instance).json()
    shown = [v["price"] for v in page["product"]["variants"] if v["id"] == variant_id]
    return api["data"]["price"], shown[0] if shown else -1


def set_price(cluster: Cluster, owner: str, cents: int) -> None:
    entry_path = f"/api/studio/content/price/{SUIT.lower()}?locale="
    entry = cluster.studio("GET", entry_path, owner)
    body = {"revision": entry["revision"], "document": {"price": cents}}
    saved = cluster.studio("PUT", entry_path, owner, json=body)
    publish = entry_path.replace("?", "/publish?")
    cluster.studio("POST", publish, owner, json={"revision": saved["revision"]})


def price_seen_everywhere(cluster: Cluster, owner: str) -> Fault:
    """The owner's price of SUIT published on splash-1; each instance asked directly until its
    variant API and product page show it; the old price published back after."""
    variant = cluster.rows(
        "SELECT v.id, v.price, p.key FROM catalog_product_variant v "
        "JOIN catalog_product p ON p.id = v.product_id WHERE v.sku = $1",
        SUIT,
    )[0]
    products = cluster.call("GET", "/api/products").json()["data"]
    path = next(p["path"] for p in products if p["key"] == variant["key"])
    new = variant["price"] + 100
    set_price(cluster, owner, new)
    began = time.monotonic()
    seen = {
        i: wait_until(
            f"splash-{i} showing the new price",
            lambda i=i: product_price(cluster, i, variant["id"], path) == (new, new),  # type: ignore[misc]
            WAIT_SECONDS,
            pause=0.05,
        )
        for i in range(1, plan.INSTANCES + 1)
    }
    took = time.monotonic() - began
    set_price(cluster, owner, variant["price"])
    return Fault(
        "a price changed by the owner on splash-1",
        held=took <= 5.0,
        what=(
            f"{SUIT} {variant['price']} → {new} cents: the variant API and the product page showed "
            f"it on all {len(seen)} instances {took:.2f} s after the publish call; put back after"
        ),
    )


# --- the run's orders and e-mails ------------------------------------------------------------


def orders_once(cluster: Cluster, since: float) -> Fault:
    """Every Locust order (key load-…, address <key>@example.com) is one order."""
    rows = cluster.rows(
        "SELECT count(*) AS orders, count(DISTINCT email) AS addresses FROM orders_order "
        "WHERE email LIKE 'load-%' AND created_at >= to_timestamp($1)",
        since,
    )[0]
    keys = cluster.value(
        "SELECT count(*) FROM orders_checkout_request WHERE key LIKE 'load-%' "
        "AND order_id IS NOT NULL AND created_at >= to_timestamp($1)",
        since,
    )
    return Fault(
        "every order placed once",
        held=rows["orders"] == rows["addresses"] == keys,
        what=f"{rows['orders']} orders for {keys} Idempotency-Keys ({rows['addresses']} buyers)",
    )


def mails_once(cluster: Cluster, since: float) -> Fault:
    """Every e-mail of the run logged as sent is in the mail folder exactly once, and no job of
    the run is left waiting or dead."""
    wait_until(
        "the run's outbox jobs done",
        lambda: (
            cluster.value(
                "SELECT count(*) FROM outbox_job WHERE status = 'pending' "
                "AND created_at >= to_timestamp($1)",
                since,
            )
            == 0
        ),
        WAIT_SECONDS,
        pause=0.5,
    )
    dead = cluster.value(
        "SELECT count(*) FROM outbox_job WHERE status = 'dead' AND created_at >= to_timestamp($1)",
        since,
    )
    keys = [
        row["message_key"]
        for row in cluster.rows(
            "SELECT message_key FROM mail_sent WHERE sent_at >= to_timestamp($1)", since
        )
    ]
    folder = processes.LAYOUT.root / "mail"
    named = re.compile(r"^\d{8}T\d{6,12}-(?P<key>.+)\.eml$")
    files: dict[str, int] = {}
    for path in folder.glob("*.eml"):
        found = named.match(path.name)
        if found:
            files[found["key"]] = files.get(found["key"], 0) + 1
    copies = [files.get(key, 0) for key in keys]
    return Fault(
        "every e-mail sent once",
        held=dead == 0 and bool(keys) and copies == [1] * len(keys),
        what=(
            f"{len(keys)} e-mails sent, copies in the mail folder per mail: "
            f"{min(copies, default=0)} to {max(copies, default=0)}; dead jobs: {dead}"
        ),
    )
