"""A real Splash server in a subprocess (freshly seeded, SPLASH_ENV=test) for contract tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from testkit.google_stub import GoogleStub
from tests.support import live_server as running


@pytest.fixture(scope="session")
def live_server(database_url: str, spa_built) -> Iterator[str]:
    """The server, with Google sign-in pointed at a stub OAuth server in this process."""
    google = GoogleStub().start()
    try:
        with running(database_url, google.environment()) as url:
            yield url
    finally:
        google.stop()
