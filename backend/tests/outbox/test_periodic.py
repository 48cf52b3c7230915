"""Periodic work beside the jobs (``queue.PERIODIC``, plugged in by splash.site.wiring): a drainer
runs it when it starts, then once per interval; a failure is logged and does not keep the others
from running."""

from __future__ import annotations

import logging
from datetime import timedelta

import pytest

from splash.shared.outbox import PeriodicWork, queue
from splash.shared.outbox.drain import Drainer
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.site import wiring


@pytest.fixture
def registered():
    """Two pieces of work (one failing), removed again after the test; what ran."""
    ran: list[str] = []

    async def hourly(resources) -> None:
        ran.append("hourly")

    async def broken(resources) -> None:
        ran.append("broken")
        raise RuntimeError("the provider is away")

    queue.plug_in(
        wiring.JOBS,
        [
            *wiring.PERIODIC,
            PeriodicWork("test_hourly", lambda settings: 3600, hourly),
            PeriodicWork("test_broken", lambda settings: 0.000001, broken),
        ],
    )
    yield ran
    wiring.plug_in()


async def test_periodic_work_runs_at_start_then_once_per_interval(
    database, settings, registered, caplog
):
    drainer = Drainer(wiring.resources(settings))
    caplog.set_level(logging.ERROR, logger="splash.shared.outbox.drain")

    first = await drainer.run_periodic()
    second = await drainer.run_periodic()

    assert registered.count("hourly") == 1  # not due again within the hour
    assert registered.count("broken") == 2  # due again at once, and failing each time
    assert (first, second) == (len(queue.PERIODIC), 1)  # all at start, then the due one
    failures = [r for r in caplog.records if r.getMessage() == "periodic outbox work failed"]
    assert [record.work for record in failures] == ["test_broken", "test_broken"]


def test_the_reconciliation_of_open_payments_is_plugged_in(settings):
    wiring.plug_in()

    work = queue.PERIODIC["payment_reconciliation"]

    assert work.every(settings) == settings.payments_reconcile_every_seconds == 60


async def test_pruning_deletes_the_jobs_done_long_ago_and_keeps_the_rest(database, settings):
    """Every job a shop ran would stay for ever: a drainer deletes the ones done more than
    ``outbox_keep_done_days`` ago; dead ones wait for the studio, pending ones for their turn."""
    wiring.plug_in()
    at = queue.now()

    def job(status: JobStatus, days_ago: float) -> OutboxJob:
        finished = at - timedelta(days=days_ago)
        return OutboxJob(
            kind="order_confirmation",
            payload={"order_id": 1},
            status=status,
            next_attempt_at=finished,
            finished_at=finished if status != JobStatus.PENDING else None,
        )

    old = [job(JobStatus.DONE, 31) for _ in range(queue.PRUNE_BATCH + 5)]  # over one batch
    kept = [job(JobStatus.DONE, 29), job(JobStatus.DEAD, 400), job(JobStatus.PENDING, 60)]
    await OutboxJob.bulk_create(old + kept)
    work = queue.PERIODIC["outbox_pruning"]

    gone = await work.run(wiring.resources(settings))

    assert work.every(settings) == queue.PRUNE_EVERY_SECONDS
    assert gone == queue.PRUNE_BATCH + 5
    left = await OutboxJob.all().order_by("id").values_list("status", flat=True)
    assert left == [JobStatus.DONE, JobStatus.DEAD, JobStatus.PENDING]
