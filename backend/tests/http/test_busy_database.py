"""A database busy with another connection's lock: the request waits
SPLASH_DATABASE_BUSY_TIMEOUT_MS, then answers 503 with Retry-After in the error envelope, writes
nothing, and the next request after the lock is released succeeds. The lock is real: SQLite's
``BEGIN IMMEDIATE`` from a second sqlite3 connection to the same file, PostgreSQL's
``LOCK TABLE … IN ACCESS EXCLUSIVE MODE`` from a second asyncpg connection.

On SQLite, reads do not queue behind a write that waits for the lock (they have a connection of
their own), and a request waits the busy timeout in total, however many writes it queues for."""

import asyncio
import secrets
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from datetime import timedelta

import asyncpg
import pytest
from pydantic import ValidationError

from splash.accounts.models import AccountToken, User
from splash.accounts.secrets import new_secret
from splash.core import db
from splash.core.config import Settings
from splash.forms.models import FormSubmission
from splash.site.app import create_app
from tests.support import DATABASE, request_lines, serving, until_a_write_waits

URL = "/api/forms/contact/submissions"
CONTACT = {
    "data": {
        "name": "Anna",
        "email": "anna@example.org",
        "message": "Is the suit in stock?",
        "consent": True,
    }
}
BUSY_TIMEOUT_MS = 1200  # Retry-After rounds it up to 2 seconds


@asynccontextmanager
async def write_lock(
    database_url: str, table: str, begin: str = "IMMEDIATE"
) -> AsyncIterator[None]:
    """Another process's connection holding a write lock until the block ends."""
    if DATABASE == "postgres":
        holder = await asyncpg.connect(database_url)
        transaction = holder.transaction()
        await transaction.start()
        await holder.execute(f'LOCK TABLE "{table}" IN ACCESS EXCLUSIVE MODE')
        try:
            yield
        finally:
            await transaction.rollback()
            await holder.close()
    else:
        # SQLite locks the whole file: the table does not matter.
        holder = sqlite3.connect(database_url.removeprefix("sqlite://"), isolation_level=None)
        holder.execute(f"BEGIN {begin}")
        try:
            yield
        finally:
            holder.rollback()
            holder.close()


@pytest.fixture
def busy_app(settings: Settings):
    return create_app(settings.model_copy(update={"database_busy_timeout_ms": BUSY_TIMEOUT_MS}))


async def test_a_locked_database_answers_503_with_retry_after_and_writes_nothing(
    busy_app, database_url
):
    async with serving(busy_app) as http:
        assert busy_app.ctx.owns_database  # connected with the busy timeout, not by a fixture
        before = await FormSubmission.all().count()

        async with write_lock(database_url, "form_submission"):
            # Without a wait setting SQLite gives up after 5 s with a 500 and PostgreSQL waits
            # for ever; the client's timeout stands for "far longer than the setting".
            response = await http.post(URL, json=CONTACT, timeout=10)

        assert response.status_code == 503
        assert response.headers["retry-after"] == "2"
        assert response.json() == {
            "data": None,
            "error": {
                "status": 503,
                "name": "ServiceUnavailableError",
                "message": "The database is busy; please try again in a moment",
                "details": {},
            },
        }
        assert await FormSubmission.all().count() == before

        retried = await http.post(URL, json=CONTACT, timeout=10)

        assert retried.status_code == 201
        assert await FormSubmission.all().count() == before + 1


def test_the_busy_wait_must_end_before_the_response_timeout():
    with pytest.raises(ValidationError, match="SPLASH_DATABASE_BUSY_TIMEOUT_MS"):
        Settings(database_busy_timeout_ms=30_000, response_timeout_seconds=30)


async def test_a_confirmation_cut_off_by_a_lock_leaves_the_link_unused(busy_app, database_url):
    async with serving(busy_app) as http:
        email = f"ouder-{secrets.token_hex(4)}@example.com"  # the database is not emptied here
        user = await User.create(email=email, username=email, locale="nl")
        raw = await new_secret("confirm", timedelta(days=7), user)
        link = f"/api/auth/email-confirmation?confirmation={raw}"

        # PostgreSQL locks only the accounts: marking the link used succeeds, confirming the
        # account waits and gives up. SQLite locks the whole file, so its first write waits.
        async with write_lock(database_url, "account_user"):
            response = await http.get(link, timeout=10)

        assert response.status_code == 503
        [secret] = await AccountToken.filter(user_id=user.id)
        assert secret.used_at is None
        assert (await User.get(id=user.id)).confirmed is False

        again = await http.get(link, timeout=10)

        assert (again.status_code, again.headers["location"]) == (302, "/email-confirmed")
        assert (await User.get(id=user.id)).confirmed is True


async def test_a_password_reset_cut_off_by_a_lock_leaves_the_link_usable(busy_app, database_url):
    async with serving(busy_app) as http:
        email = f"ouder-{secrets.token_hex(4)}@example.com"  # the database is not emptied here
        user = await User.create(email=email, username=email, locale="nl", confirmed=True)
        raw = await new_secret("reset", timedelta(hours=1), user)
        body = {
            "code": raw,
            "password": "Nieuw-wachtwoord-1",
            "passwordConfirmation": "Nieuw-wachtwoord-1",
        }

        # PostgreSQL locks only the accounts: spending the link could succeed while setting the
        # password waits and gives up; the two commit together or not at all.
        async with write_lock(database_url, "account_user"):
            response = await http.post("/api/auth/reset-password", json=body, timeout=10)

        assert response.status_code == 503
        [secret] = await AccountToken.filter(user_id=user.id, kind="reset")
        assert secret.used_at is None
        assert (await User.get(id=user.id)).password_hash is None

        again = await http.post("/api/auth/reset-password", json=body, timeout=10)

        assert again.status_code == 200
        assert (await User.get(id=user.id)).password_hash is not None


sqlite_only = pytest.mark.skipif(DATABASE != "sqlite", reason="SQLite locks the whole file")
SCHEDULING_MS = 400  # a timer's and a thread hop's lateness on a busy machine: < one more timeout
LONG_WAIT_MS = 5000  # far longer than the reads take: they answer while the write still waits
READS = ["/api/products", "/api/pages", "/api/articles", "/api/products?locale=de"]


@sqlite_only
@pytest.mark.parametrize("begin", ["IMMEDIATE", "EXCLUSIVE"])
async def test_reads_answer_while_a_write_waits_for_another_processes_lock(
    begin, seeded, settings, database_url
):
    await db.disconnect()  # the app connects itself, with its busy timeout
    app = create_app(settings.model_copy(update={"database_busy_timeout_ms": LONG_WAIT_MS}))
    async with serving(app) as http:
        async with write_lock(database_url, "form_submission", begin):
            write = asyncio.create_task(http.post(URL, json=CONTACT, timeout=30))
            await until_a_write_waits()

            reads = await asyncio.gather(*(http.get(path, timeout=30) for path in READS))

            assert not write.done()  # the reads did not wait for it
        assert [read.status_code for read in reads] == [200] * len(READS)
        assert all(read.json()["data"] for read in reads)
        assert (await write).status_code == 201  # the lock came free within its wait


@sqlite_only
async def test_writes_queued_behind_a_locked_write_wait_the_busy_timeout_in_total(
    settings, database, database_url, capsys
):
    """Four writes in one worker: each used to wait for the one before it to give up, then
    for the lock itself (1.2 s, 2.4 s, 3.6 s, 4.8 s); each now gives up when it has waited the
    busy timeout, counting its wait for the connection."""
    await db.disconnect()
    app = create_app(
        settings.model_copy(
            update={"database_busy_timeout_ms": BUSY_TIMEOUT_MS, "access_log": True}
        )
    )
    async with serving(app) as http, write_lock(database_url, "form_submission"):
        answers = await asyncio.gather(
            *(http.post(URL, json=CONTACT, timeout=30) for _ in range(4))
        )

    assert [a.status_code for a in answers] == [503] * 4
    assert [a.headers["retry-after"] for a in answers] == ["2"] * 4
    lines = [line for line in request_lines(capsys.readouterr().out) if line["path"] == URL]
    waits = sorted(line["db_wait_ms"] for line in lines)
    assert len(waits) == 4
    # The server's own count of the time each request waited for a lock: its busy timeout.
    assert BUSY_TIMEOUT_MS <= waits[0] <= waits[-1] <= BUSY_TIMEOUT_MS + SCHEDULING_MS, [
        line["duration_ms"] for line in lines
    ]
