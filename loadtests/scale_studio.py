"""One page published from the studio, as an editor does it, timed until the public site serves
it: a step of loadtests/scale.py at each size (issue 28: ≤ 2 s on the large shop).

Over real HTTP against the running scale server (two workers, each with its embedded outbox
drainer, as ``make run`` serves): an editor's session (a staff member and a session row made in
SQL, as loadtests/studio_scale.py makes them) opens the page in the studio, saves a draft whose
intro text starts with a new marker, then publishes it (``POST …/publish``, the editing
domain's publish: a version, and the ``site.publish`` outbox job with what changed). The clock
starts before that call and stops at the first answer of the page's public URL whose HTML
carries the marker: the drainer's pick-up, the job's republish of the changed page and its
relatives, and the server's next look at the build pointer (``publish_check_seconds``) are all
in it. The outbox row gives the job's own share (enqueued to finished).
"""

from __future__ import annotations

import json
import secrets
import statistics
import time
import urllib.error
import urllib.request
from datetime import datetime
from typing import Any

from loadtests import run
from loadtests.scale_report import StudioPublish

PAGE_KEY = "shipping"  # a fixture page in the menu, the same at every size
LOCALE = "nl"
PAGE_PATH = "/verzenden-en-retourneren"
ENTRY_PATH = f"/api/studio/content/page/{PAGE_KEY}?locale={LOCALE}"
PUBLISH_PATH = f"/api/studio/content/page/{PAGE_KEY}/publish?locale={LOCALE}"
STAFF_EMAIL = "redactie-scale@splash.example"
POLL_SECONDS = 0.02  # between reads of the public page while waiting for the new text
SERVED_WITHIN_S = 120.0  # a publish not served by then is a failed run, not a slow one
JOB_KIND = "site.publish"  # splash.editing.vocabulary.REPUBLISH_JOB


async def sign_in(
    connection: Any, token_hash: str, email: str, name: str, role: str = "editor"
) -> int:
    """A studio member of ``role`` with a live session whose cookie hashes to ``token_hash``
    (rows written straight into the scale run's database); the member's id."""
    staff_id = await connection.fetchval(
        "INSERT INTO staff_member (email, name, role, locale, totp_step, created_at) "
        "VALUES ($1, $2, $3, 'nl', 0, now()) RETURNING id",
        email,
        name,
        role,
    )
    await connection.execute(
        "INSERT INTO staff_session (token_hash, staff_id, created_at, last_seen_at, expires_at) "
        "VALUES ($1, $2, now(), now(), now() + interval '12 hours')",
        token_hash,
        staff_id,
    )
    return int(staff_id)


async def sign_in_editor(connection: Any, token_hash: str) -> None:
    """An editor with a live session whose cookie hashes to ``token_hash``."""
    await sign_in(connection, token_hash, STAFF_EMAIL, "Redactie")


def with_marker(document: dict[str, Any], marker: str) -> dict[str, Any]:
    """The page's document with ``marker`` in front of the first block text it has (the
    intro's), the marker of an earlier round taken off first; the rest unchanged."""
    blocks = [dict(block) for block in document.get("blocks") or []]
    for block in blocks:
        text = block.get("text")
        if isinstance(text, str):
            kept = text.split(" ", 1)[1] if text.startswith("scale-") and " " in text else text
            block["text"] = f"{marker} {kept}"
            return {**document, "blocks": blocks}
    raise run.RunError(f"the page {PAGE_KEY!r} has no block with a text to change")


def new_marker(size: str, round_number: int) -> str:
    """Letters, digits and hyphens only: the HTML carries it as it is, unescaped."""
    return f"scale-{size}-{round_number}-{secrets.token_hex(4)}"


def job_seconds(enqueued: datetime, finished: datetime | None) -> float:
    """The ``site.publish`` job's time from enqueued to done; a job not done is a run error."""
    if finished is None:
        raise run.RunError("the site.publish job was served but not finished")
    return (finished - enqueued).total_seconds()


class Studio:
    """The studio's calls and the public page, on the server at ``port``."""

    def __init__(self, port: int, cookie: str, public_host: str) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.cookie = cookie
        self.host = public_host

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        request = urllib.request.Request(
            self.base + path,
            data=None if body is None else json.dumps(body).encode(),
            headers={
                "host": self.host,
                "cookie": f"splash_studio={self.cookie}",
                "content-type": "application/json",
            },
            method=method,
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise run.RunError(f"{method} {path}: {error.code} {error.read()[:500]!r}") from None

    def page_html(self) -> str:
        request = urllib.request.Request(self.base + PAGE_PATH, headers={"host": self.host})
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.read().decode()

    def publish_once(self, marker: str) -> tuple[float, float]:
        """Saves and publishes the page with ``marker``: (seconds of the publish call, seconds
        from the call until the page's HTML carries the marker)."""
        entry = self.call("GET", ENTRY_PATH)["data"]
        document = with_marker(entry["document"], marker)
        saved = self.call("PUT", ENTRY_PATH, {"revision": entry["revision"], "document": document})
        revision = saved["data"]["revision"]
        started = time.perf_counter()
        self.call("POST", PUBLISH_PATH, {"revision": revision})
        called = time.perf_counter() - started
        while marker not in self.page_html():
            if time.perf_counter() - started > SERVED_WITHIN_S:
                raise run.RunError(f"{PAGE_PATH} did not show {marker} in {SERVED_WITHIN_S} s")
            time.sleep(POLL_SECONDS)
        return called, time.perf_counter() - started


async def _last_job(connection: Any) -> tuple[datetime, datetime | None]:
    row = await connection.fetchrow(
        "SELECT created_at, finished_at FROM outbox_job WHERE kind = $1 ORDER BY id DESC LIMIT 1",
        JOB_KIND,
    )
    if row is None:
        raise run.RunError("the publish enqueued no site.publish job")
    return row["created_at"], row["finished_at"]


def measure(studio: Studio, size: str, rounds: int, last_job: Any) -> StudioPublish:
    """``rounds`` publishes of the page, one after another; the medians and the slowest.
    ``last_job()`` reads the newest ``site.publish`` job's (enqueued, finished)."""
    calls, served, jobs = [], [], []
    for number in range(1, rounds + 1):
        called, seen = studio.publish_once(new_marker(size, number))
        calls.append(called)
        served.append(seen)
        jobs.append(job_seconds(*last_job()))
    return StudioPublish(
        served_s=statistics.median(served),
        slowest_s=max(served),
        call_s=statistics.median(calls),
        job_s=statistics.median(jobs),
    )


def last_job_reader(sql: Any, database_url: str) -> Any:
    """``last_job`` for :func:`measure`, through scale.sql (asyncpg)."""
    return lambda: sql(database_url, _last_job)
