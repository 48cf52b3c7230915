"""The media tests' settings: the library in a folder of the test's own, and no drainer inside
the app (each test runs the variants job when it wants to, through ``make_variants``)."""

from __future__ import annotations

import pytest

from splash.shared.outbox.drain import Drainer
from splash.site import wiring
from tests.media.support import SESSIONS


@pytest.fixture
def settings(settings, tmp_path):
    return settings.model_copy(
        update={"media_storage": f"file://{tmp_path / 'library'}", "outbox_embedded": False}
    )


@pytest.fixture
def drain(settings):
    """Runs every due outbox job (the variants job among them) as the worker does; how many."""

    async def run() -> int:
        return await Drainer(wiring.resources(settings)).drain_due()

    return run


@pytest.fixture(autouse=True)
def _sessions_of_this_test():
    SESSIONS.clear()
    yield
    SESSIONS.clear()
