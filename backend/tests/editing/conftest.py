"""The editing tests' settings and the published build of the fixtures (the web tests' own)."""

import pytest

from splash.core.config import Settings


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """Without the app's embedded outbox drainer: a test runs the jobs itself (``run_jobs``),
    so a publish's republish happens when the test says, and only then."""
    return settings.model_copy(update={"outbox_embedded": False})
