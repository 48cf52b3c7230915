"""Periodic work beside the jobs (``queue.PERIODIC``, plugged in by splash.site.wiring): a drainer
runs it when it starts, then once per interval; a failure is logged and does not keep the others
from running."""

from __future__ import annotations

import logging

import pytest

from splash.shared.outbox import PeriodicWork, queue
from splash.shared.outbox.drain import Drainer
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
