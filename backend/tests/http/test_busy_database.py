"""A database busy with another connection's lock: the request waits
SPLASH_DATABASE_BUSY_TIMEOUT_MS, then answers 503 with Retry-After in the error envelope, writes
nothing, and the next request after the lock is released succeeds. The lock is real: SQLite's
``BEGIN IMMEDIATE`` from a second sqlite3 connection to the same file, PostgreSQL's
``LOCK TABLE … IN ACCESS EXCLUSIVE MODE`` from a second asyncpg connection."""

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
from splash.app import create_app
from splash.config import Settings
from splash.forms.models import FormSubmission
from tests.conftest import DATABASE
from tests.support import serving

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
async def write_lock(database_url: str, table: str) -> AsyncIterator[None]:
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
        holder.execute("BEGIN IMMEDIATE")
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
