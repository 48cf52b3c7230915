"""make bench-cluster's faults (loadtests/cluster_bench.py), each made during the Locust run
against the running cluster: an instance killed with orders in flight, a worker killed mid-drain,
and a page published from the studio on one instance, served by every one.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import signal
import threading
import time
from pathlib import Path

import httpx

from cluster import plan, processes, start
from cluster.plan import PORTS
from loadtests import scale_studio
from loadtests.cluster_client import (
    SUIT,
    WAIT_SECONDS,
    Cluster,
    Fault,
    killed,
    signal_group,
    wait_until,
)
from loadtests.locust_common import RETRIED_STATUSES, client_address, order_draft

MAIL_BURST = 30  # confirmation e-mails made while both workers are stopped
BUYERS_IN_FLIGHT = 10  # parents placing orders through nginx as an instance is killed
ORDERS_EACH = 3  # one after the other, so that some are under way at the kill
# The confirmation e-mails sent to a list of addresses (mail_sent's "to" is a keyword in SQL).
SENT_TO = 'SELECT count(*) FROM mail_sent WHERE "to" = ANY($1::text[])'


# --- an instance killed with orders in flight ------------------------------------------------


def place_order(cluster: Cluster, key: str, variant_id: int, statuses: list[int]) -> None:
    """POST /api/orders through nginx, sent again with the same Idempotency-Key (and body) when
    nginx could not hand it to a live instance, as the shop's client does; each answer's status
    in ``statuses`` (0: the connection failed)."""
    body = order_draft(key, [{"variantId": variant_id, "quantity": 1, "options": []}], cluster.host)
    address = client_address()
    for _ in range(5):
        try:
            status = cluster.call(
                "POST", "/api/orders", json=body, address=address, headers={"Idempotency-Key": key}
            ).status_code
        except httpx.TransportError:
            status = 0
        statuses.append(status)
        if status not in RETRIED_STATUSES:
            return
        time.sleep(0.5)


def kill_an_instance(cluster: Cluster, down_seconds: float = 10.0) -> Fault:
    """SIGKILL to splash-2 while BUYERS_IN_FLIGHT parents place ORDERS_EACH orders each through
    nginx; each order sent again with its key on a 502 (201 placed it; 200 answers a key whose
    order the killed instance had placed already); splash-2 started again after
    ``down_seconds``. Held when every key has exactly one order and the instance is back."""
    variant_id = cluster.value("SELECT id FROM catalog_product_variant WHERE sku = $1", SUIT)
    run = secrets.token_hex(6)
    keys = [f"bench-kill-{run}-{i}" for i in range(BUYERS_IN_FLIGHT * ORDERS_EACH)]
    statuses: dict[str, list[int]] = {key: [] for key in keys}

    def buyer(own: list[str]) -> None:
        for key in own:
            place_order(cluster, key, variant_id, statuses[key])

    threads = [
        threading.Thread(target=buyer, args=(keys[i::BUYERS_IN_FLIGHT],))
        for i in range(BUYERS_IN_FLIGHT)
    ]
    for thread in threads:
        thread.start()
    time.sleep(0.15)  # the first orders are under way on the three instances
    killed("splash-2")
    for thread in threads:
        thread.join(WAIT_SECONDS)
    time.sleep(down_seconds)  # the load goes on with two instances
    began = time.monotonic()
    start.instances(cluster.env, [2])
    back = time.monotonic() - began
    emails = [f"{key}@example.com" for key in keys]
    orders = cluster.value(
        "SELECT count(*) FROM orders_order WHERE email = ANY($1::text[])", emails
    )
    keyed = cluster.value(
        "SELECT count(DISTINCT order_id) FROM orders_checkout_request WHERE key = ANY($1::text[])",
        keys,
    )
    sent_again = {key: found for key, found in statuses.items() if len(found) > 1}
    placed = sum(1 for found in statuses.values() if found and found[-1] in (200, 201))
    again = ", ".join(f"{'→'.join(map(str, found))}" for found in sent_again.values()) or "none"
    return Fault(
        "an instance killed (SIGKILL to splash-2)",
        held=placed == len(keys) and orders == len(keys) and keyed == len(keys),
        what=(
            f"{len(keys)} orders by {BUYERS_IN_FLIGHT} parents around the kill: {placed} placed; "
            f"sent again with their key: {again}; "
            f"{orders} orders for {len(keys)} keys; splash-2 down {down_seconds:g} s, "
            f"back in {back:.1f} s"
        ),
    )


# --- a worker killed mid-drain ---------------------------------------------------------------


def register(cluster: Cluster, email: str) -> int:
    body = {"username": email, "email": email, "password": f"Bench-{secrets.token_hex(8)}"}
    origin = {"Origin": f"http://{cluster.host}"}
    answer = cluster.call(
        "POST", "/api/auth/local/register", json=body, address=client_address(), headers=origin
    )
    return answer.status_code


def mail_files(email: str) -> list[Path]:
    folder = processes.LAYOUT.root / "mail"
    needle = f"To: {email}".encode()
    return [path for path in folder.glob("*.eml") if needle in path.read_bytes()]


def kill_a_worker(cluster: Cluster) -> Fault:
    """Both workers stopped (SIGSTOP) while MAIL_BURST accounts are made (a confirmation e-mail
    each), worker-1 let go and SIGKILLed as its first of those mails is logged, holding the
    rest of its batch under its lease; worker-2 let go, worker-1 started again. Held when every
    mail is in the mail folder exactly once and no job is left."""
    from splash.accounts.vocabulary import CONFIRMATION_JOB

    emails = [f"bench-mail-{secrets.token_hex(6)}-{i}@example.com" for i in range(MAIL_BURST)]
    jobs = "SELECT count(*) FROM outbox_job WHERE kind = $1 AND payload->>'email' = ANY($2::text[])"
    burst = (CONFIRMATION_JOB, emails)
    stopped = [signal_group(name, signal.SIGSTOP) for name in ("worker-1", "worker-2")]
    try:
        answers = [register(cluster, email) for email in emails]
        refused = [status for status in answers if status not in (200, 201)]
        if refused:
            raise processes.ClusterError(f"registrations refused: {refused}")
        os.killpg(stopped[0], signal.SIGCONT)
        wait_until(
            "worker-1's first mail of the burst",
            lambda: cluster.value(SENT_TO, emails) > 0,
            WAIT_SECONDS,
            pause=0.005,
        )
        killed("worker-1")
        kill = time.monotonic()
        # (worker-2 still stopped: every job under a lease is the dead worker's)
        held_back = cluster.value(f"{jobs} AND status = 'pending' AND lease IS NOT NULL", *burst)
        sent_before = cluster.value(SENT_TO, emails)
    finally:
        for pid in stopped:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(pid, signal.SIGCONT)
    start.workers(cluster.env, [1])
    wait_until(
        "the burst's jobs done",
        lambda: cluster.value(f"{jobs} AND status = 'done'", *burst) == len(emails),
        WAIT_SECONDS,
        pause=0.5,
    )
    took = time.monotonic() - kill
    copies = [len(mail_files(email)) for email in emails]
    retried = cluster.value(f"{jobs} AND attempts > 1", *burst)
    return Fault(
        "a worker killed mid-drain (SIGKILL to worker-1)",
        held=held_back > 0 and copies == [1] * len(emails),
        what=(
            f"{len(emails)} e-mails queued; worker-1 killed after {sent_before} of them, holding "
            f"{held_back} under its lease; {retried} run again after the lease (30 s); all done "
            f"{took:.1f} s after the kill; copies per mail: {min(copies)} to {max(copies)}"
        ),
    )


# --- a publish seen by every instance --------------------------------------------------------


SITE_BUILD = re.compile(r'<meta name="splash-site-build" content="([^"]+)"')


def is_newer_site(latest: str, loaded: str) -> bool:
    """The SPA's rule (frontend/src/app/build-update.ts, isNewerSite): a build id begins with
    its UTC time, and an older one (an instance not yet switched) is no reason to reload."""
    return latest != loaded and latest[:14] >= loaded[:14]


class BuildWatcher(threading.Thread):
    """A browser on the shop through nginx, as the SPA behaves: the home page loaded (its site
    build from the shell's meta tag), then /builds/latest.json asked every 50 ms — the SPA asks
    on navigation and at least every 10 s; this asks far more often, to meet every moment of a
    switch — and, when it names a newer site build, the page loaded again (a reload), its build
    then being the one that page names."""

    def __init__(self, cluster: Cluster) -> None:
        super().__init__(daemon=True)
        self.cluster, self.done = cluster, threading.Event()
        self.ids: list[str] = []  # the site build of each /builds/latest.json answer
        self.loaded: list[str] = []  # the site build of each page loaded
        self.client = httpx.Client(timeout=10, headers={"Host": cluster.host})

    def load(self) -> None:
        page = self.client.get(f"http://127.0.0.1:{PORTS.nginx}/")
        found = SITE_BUILD.search(page.text)
        if found is None:
            raise processes.ClusterError("the home page names no site build")
        self.loaded.append(found.group(1))

    def run(self) -> None:
        self.load()
        while not self.done.is_set():
            with contextlib.suppress(httpx.HTTPError, ValueError):
                url = f"http://127.0.0.1:{PORTS.nginx}/builds/latest.json?t={time.time_ns()}"
                site = self.client.get(url).json()["site"]
                self.ids.append(site)
                if is_newer_site(site, self.loaded[-1]):
                    self.load()
            self.done.wait(0.05)

    def seen(self) -> str:
        """The builds read, in order, each run of one build once (its id's last six)."""
        runs = [b for i, b in enumerate(self.ids) if i == 0 or b != self.ids[i - 1]]
        return " → ".join(build[-6:] for build in runs)

    def reloads(self) -> int:
        return len(self.loaded) - 1


def publish_everywhere(cluster: Cluster, editor: str) -> Fault:
    """The Dutch shipping page changed and published from the studio on splash-1; each instance
    asked directly until its HTML has the change. Held when each served it within 2 s of the
    site.publish job's end, all serve one build id, and the watching browser reloaded once, to
    the new build."""
    watcher = BuildWatcher(cluster)
    watcher.start()
    time.sleep(0.5)
    marker = f"bench-{secrets.token_hex(4)}"
    entry = cluster.studio("GET", scale_studio.ENTRY_PATH, editor)
    document = scale_studio.with_marker(entry["document"], marker)
    body = {"revision": entry["revision"], "document": document}
    saved = cluster.studio("PUT", scale_studio.ENTRY_PATH, editor, json=body)
    cluster.studio("POST", scale_studio.PUBLISH_PATH, editor, json={"revision": saved["revision"]})
    served: dict[int, float] = {}
    for instance in range(1, plan.INSTANCES + 1):
        wait_until(
            f"splash-{instance} serving the published page",
            lambda instance=instance: (
                marker  # type: ignore[misc]
                in cluster.call("GET", scale_studio.PAGE_PATH, instance=instance).text
            ),
            WAIT_SECONDS,
            pause=0.02,
        )
        served[instance] = time.time()
    time.sleep(1.0)
    watcher.done.set()
    watcher.join(10)
    finished = cluster.value(
        "SELECT extract(epoch FROM finished_at) FROM outbox_job WHERE kind = $1 "
        "ORDER BY id DESC LIMIT 1",
        scale_studio.JOB_KIND,
    )
    after = {i: at - float(finished) for i, at in served.items()}
    ids = {
        cluster.call("GET", "/builds/latest.json", instance=i).json()["site"]
        for i in range(1, plan.INSTANCES + 1)
    }
    shown = ", ".join(f"splash-{i} {s:+.2f} s" for i, s in after.items())
    return Fault(
        "a publish (the Dutch shipping page, from the studio on splash-1)",
        held=max(after.values()) <= 2.0
        and len(ids) == 1
        and watcher.reloads() == 1
        and watcher.loaded[-1] in ids,
        what=(
            f"served after the job's end: {shown}; build ids served: {len(ids)}; "
            f"a browser through nginx reloaded {watcher.reloads()} time(s) in {len(watcher.ids)} "
            f"reads of the build ({watcher.seen()})"
        ),
    )
