"""The outbox on the real database: jobs commit and roll back with their change, a drainer
retries with exponential back-off while the mail server is down, gives up after the last
attempt, and concurrent drainers never send one job twice."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import pytest
from tortoise import Tortoise

from splash.accounts import services
from splash.accounts.models import User
from splash.accounts.schemas import Register
from splash.forms.models import FormSubmission
from splash.shared import outbox
from splash.shared.outbox import queue
from splash.shared.outbox.drain import backoff
from splash.shared.outbox.models import JobStatus, OutboxJob
from tests.outbox.support import drainer, smtp_server
from tests.support import DATABASE, free_port

PASSWORD = "Zwemmen-2026"


async def _register(email: str, locale: str = "nl") -> User:
    body = Register.model_validate({"username": email, "email": email, "password": PASSWORD})
    return await services.register(body, locale)


async def _make_due() -> None:
    """Time passing: every pending job's next attempt is now (no test waits for a back-off)."""
    await OutboxJob.filter(status=JobStatus.PENDING).update(next_attempt_at=queue.now())


# --- committed with the change ------------------------------------------------------------------


async def test_a_registration_commits_the_account_and_its_confirmation_job_together(database):
    user = await _register("ouder@example.com", "de")

    [job] = await OutboxJob.all()
    assert (job.kind, job.payload) == (
        "account_confirmation",
        {"email": "ouder@example.com", "locale": "de"},
    )
    assert (job.status, job.attempts, job.last_error) == (JobStatus.PENDING, 0, None)
    assert await User.filter(id=user.id).exists()


async def test_a_rolled_back_change_takes_its_jobs_with_it(database):
    with pytest.raises(RuntimeError):
        async with outbox.transaction():
            await FormSubmission.create(form="contact", locale="nl", data={"name": "Anna"})
            await outbox.enqueue("form_submission", {"submission_id": 1})
            raise RuntimeError("the change fails after the enqueue")

    assert await OutboxJob.all().count() == 0
    assert await FormSubmission.all().count() == 0


async def test_a_taken_address_leaves_no_job(database):
    await _register("ouder@example.com")

    with pytest.raises(Exception, match="Email is already taken"):
        await _register("OUDER@example.com")

    assert await OutboxJob.all().count() == 1


# --- retries, back-off, dead ---------------------------------------------------------------------


def test_the_back_off_doubles_up_to_its_cap_and_ends_after_the_last_attempt(settings):
    settings = settings.model_copy(
        update={
            "outbox_backoff_seconds": 5,
            "outbox_backoff_max_seconds": 60,
            "outbox_max_attempts": 6,
        }
    )

    waits = [backoff(settings, attempts) for attempts in range(1, 7)]

    assert waits == [timedelta(seconds=s) for s in (5, 10, 20, 40, 60)] + [None]


async def test_a_mail_server_that_is_down_is_retried_with_back_off_until_it_answers(
    database, settings, caplog
):
    port = free_port()
    down = drainer(
        settings,
        f"smtp://127.0.0.1:{port}",
        outbox_backoff_seconds=30,
        outbox_backoff_max_seconds=600,
    )
    await _register("ouder@example.com")

    with caplog.at_level(logging.WARNING, logger="splash.shared.outbox.drain"):
        before = queue.now()
        assert await down.drain_due() == 1
        after = queue.now()
    job = await OutboxJob.get()
    assert (job.status, job.attempts, job.lease) == (JobStatus.PENDING, 1, None)
    assert job.last_error.startswith("SMTPConnectError")
    assert before + timedelta(seconds=30) <= job.next_attempt_at <= after + timedelta(seconds=30)
    assert await down.drain_due() == 0  # not due again before its back-off

    await _make_due()
    assert await down.drain_due() == 1
    job = await OutboxJob.get()
    assert job.attempts == 2
    assert job.next_attempt_at >= after + timedelta(seconds=60)  # the wait doubled
    assert [r.getMessage() for r in caplog.records] == ["outbox job failed, retried later"] * 2

    controller, inbox = smtp_server(port)  # the mail server is back
    try:
        await _make_due()
        assert await down.drain_due() == 1
        [mail] = inbox.messages
    finally:
        controller.stop()
    job = await OutboxJob.get()
    assert (job.status, job.attempts, job.last_error) == (JobStatus.DONE, 3, None)
    assert job.finished_at is not None
    assert mail["To"] == "ouder@example.com"
    assert mail["Message-ID"] == f"<{queue.as_job(job).key}@splash.localhost>"


async def test_a_job_that_keeps_failing_ends_dead_after_the_last_attempt(
    database, settings, caplog
):
    down = drainer(settings, f"smtp://127.0.0.1:{free_port()}", outbox_max_attempts=3)
    await _register("ouder@example.com")

    with caplog.at_level(logging.WARNING, logger="splash.shared.outbox.drain"):
        for _ in range(5):
            await _make_due()
            await down.drain_due()

    job = await OutboxJob.get()
    assert (job.status, job.attempts) == (JobStatus.DEAD, 3)
    assert job.last_error.startswith("SMTPConnectError")
    assert job.finished_at is not None
    assert [(r.levelname, r.getMessage()) for r in caplog.records] == [
        ("WARNING", "outbox job failed, retried later"),
        ("WARNING", "outbox job failed, retried later"),
        ("ERROR", "outbox job dead after its last attempt"),
    ]
    assert caplog.records[-1].job == job.id


async def test_a_job_of_an_unknown_kind_is_retried_not_lost(database, settings, inbox):
    await outbox.enqueue("refund_follow_up", {"order": 7})

    assert await drainer(settings, f"smtp://127.0.0.1:{inbox.port}").drain_due() == 1

    job = await OutboxJob.get()
    assert (job.status, job.attempts) == (JobStatus.PENDING, 1)
    assert job.last_error == "LookupError: no handler for the job kind 'refund_follow_up'"


# --- concurrent drainers -------------------------------------------------------------------------


async def test_concurrent_claims_never_take_one_job_twice(database):
    for number in range(30):
        await outbox.enqueue("form_submission", {"submission_id": number})

    taken: list[int] = []
    for _ in range(30):  # rounds of 12 drainers claiming at once, until nothing is left
        claims = await asyncio.gather(*(queue.claim(4, timedelta(seconds=60)) for _ in range(12)))
        rows = [row.id for _, found in claims for row in found]
        if not rows:
            break
        taken += rows

    assert len(taken) == len(set(taken)) == 30
    assert await OutboxJob.filter(lease=None).count() == 0


async def test_two_drainers_send_every_job_once(database, settings, inbox):
    for number in range(25):
        await _register(f"ouder{number}@example.com")
    url = f"smtp://127.0.0.1:{inbox.port}"

    sent = await asyncio.gather(
        drainer(settings, url).drain_due(), drainer(settings, url).drain_due()
    )

    assert sum(sent) == 25
    recipients = sorted(message["To"] for message in inbox.messages)
    assert recipients == sorted(f"ouder{number}@example.com" for number in range(25))
    assert await OutboxJob.filter(status=JobStatus.DONE).count() == 25


async def test_a_lost_lease_does_not_record_a_result(database):
    await outbox.enqueue("form_submission", {"submission_id": 1})
    first, [row] = await queue.claim(1, timedelta(seconds=-1))  # a lease that already ran out
    second, [again] = await queue.claim(1, timedelta(seconds=60))

    assert await queue.complete(row, first) is False
    assert await queue.complete(again, second) is True
    job = await OutboxJob.get()
    assert (job.status, job.attempts) == (JobStatus.DONE, 2)


async def test_a_claim_reads_the_waiting_jobs_from_their_own_index(database):
    """Done jobs pile up (30,000 in an hour's soak); the claim must not read past them."""
    if DATABASE != "postgres":
        pytest.skip("PostgreSQL's plan; SQLite has the same index")
    at = queue.now()
    done = [
        OutboxJob(kind="mail", payload={}, status=JobStatus.DONE, next_attempt_at=at)
        for _ in range(2000)
    ]
    await OutboxJob.bulk_create(done)
    await queue.enqueue("mail", {})
    connection = Tortoise.get_connection("default")
    await connection.execute_script("ANALYZE outbox_job")
    query = queue.due_jobs(at, 10).select_for_update(skip_locked=True).sql(params_inline=True)
    async with connection._in_transaction() as transaction:
        await transaction.execute_script("SET LOCAL enable_seqscan = off")
        plan = await transaction.execute_query_dict(f"EXPLAIN {query}")
    assert "outbox_job_due" in "\n".join(row["QUERY PLAN"] for row in plan)
