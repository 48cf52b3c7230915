"""Enumeration by timing: forgot-password and send-email-confirmation do the same work in the
request whether the address has an account or not — the same SQL statements, the same hashing,
the same job enqueued (keyed by the address); the drainer looks the account up afterwards and
sends, or drops the job. No timings here: `make bench` measures them."""

from __future__ import annotations

import logging
from collections import Counter
from typing import Any

import pytest

from splash.accounts import secrets, tokens
from splash.accounts.models import AccountToken, User
from splash.core import passwords
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.site.app import create_app
from tests.accounts.support import PASSWORD, Outbox, register
from tests.app_client import Client
from tests.outbox.support import drainer

ENDPOINTS = ["/api/auth/forgot-password", "/api/auth/send-email-confirmation"]


class Work:
    """What one request did: its SQL statements (without their values) and hashing calls."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.statements: list[str] = []
        self.hashing: Counter[str] = Counter()
        for module, name in (
            (tokens, "digest"),
            (tokens, "new_secret"),
            (secrets.tokens, "new_secret"),
            (passwords, "hash_password"),
            (passwords, "verify_password"),
        ):
            monkeypatch.setattr(module, name, self._counted(name, getattr(module, name)))

    def _counted(self, name: str, function: Any) -> Any:
        def counted(*args: Any, **kwargs: Any) -> Any:
            self.hashing[name] += 1
            return function(*args, **kwargs)

        return counted

    def emit(self, record: logging.LogRecord) -> None:
        query = record.args[0] if isinstance(record.args, tuple) and record.args else record.msg
        self.statements.append(" ".join(str(query).split()))


class Capture(logging.Handler):
    def __init__(self, work: Work) -> None:
        super().__init__(logging.DEBUG)
        self.work = work

    def emit(self, record: logging.LogRecord) -> None:
        self.work.emit(record)


@pytest.fixture
def quiet_client(settings) -> Client:
    """The app without its embedded drainer: what is measured is the request alone."""
    return Client(create_app(settings.model_copy(update={"outbox_embedded": False})))


async def _work_of(
    client: Client, monkeypatch: pytest.MonkeyPatch, path: str, email: str
) -> tuple[Work, Any, list[dict[str, Any]]]:
    await OutboxJob.all().delete()
    work = Work(monkeypatch)
    logger = logging.getLogger("tortoise.db_client")
    handler, level = Capture(work), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.DEBUG)
    try:
        response = await client.post(path, json={"email": email})
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)
    jobs = [{"kind": j.kind, "payload": j.payload} for j in await OutboxJob.all()]
    return work, response, jobs


@pytest.mark.parametrize("path", ENDPOINTS)
async def test_an_existing_and_an_unknown_address_cost_the_request_the_same_work(
    quiet_client, database, monkeypatch, path
):
    assert (await register(quiet_client, "ouder@example.com")).status == 200  # unconfirmed

    known, known_response, known_jobs = await _work_of(
        quiet_client, monkeypatch, path, "ouder@example.com"
    )
    unknown, unknown_response, unknown_jobs = await _work_of(
        quiet_client, monkeypatch, path, "niemand@example.com"
    )

    assert known.statements == unknown.statements
    # (SELECT 1 is the app's start-up ping: the ASGI test client starts the app per request)
    [insert] = [s for s in known.statements if s != "SELECT 1"]
    assert insert.startswith('INSERT INTO "outbox_job" ')
    assert known.hashing == unknown.hashing == Counter()
    assert (known_response.status, unknown_response.status) == (200, 200)
    kind = "password_reset" if "forgot" in path else "account_confirmation"
    assert known_jobs == [{"kind": kind, "payload": {"email": "ouder@example.com", "locale": "nl"}}]
    assert unknown_jobs == [
        {"kind": kind, "payload": {"email": "niemand@example.com", "locale": "nl"}}
    ]
    assert await AccountToken.all().count() == 0  # no secret minted in the request


@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("account", ["unknown", "blocked", "confirmed"])
async def test_the_drainer_drops_the_job_of_an_address_without_a_mail_to_get(
    quiet_client, database, settings, path, account
):
    if account != "unknown":
        assert (await register(quiet_client, "ouder@example.com")).status == 200
        await User.filter(email="ouder@example.com").update(**{account: True})
        await OutboxJob.all().delete()  # the registration's own confirmation job
    confirm_only = account == "confirmed" and "confirmation" in path
    outbox = Outbox(settings)

    await quiet_client.post(path, json={"email": "Ouder@example.com"})
    await drainer(settings, settings.mail_url).drain_due()

    [job] = await OutboxJob.all()
    assert job.status is JobStatus.DONE
    expected = 0 if account in ("unknown", "blocked") or confirm_only else 1
    assert len(outbox.messages()) == expected
    assert await AccountToken.all().count() == expected


async def test_the_drainer_mints_the_link_when_it_sends(quiet_client, database, settings):
    assert (await register(quiet_client, "ouder@example.com", PASSWORD)).status == 200
    assert await AccountToken.all().count() == 0  # the registration only promised the mail

    await drainer(settings, settings.mail_url).drain_due()

    [mail] = Outbox(settings).messages()
    [secret] = await AccountToken.all()
    assert secret.kind == "confirm"
    assert mail["To"] == "ouder@example.com"
    [job] = await OutboxJob.all()
    assert mail["Message-ID"].startswith(f"<job-{job.id}-")
