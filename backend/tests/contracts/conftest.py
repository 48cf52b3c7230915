"""A real Splash server in a subprocess (freshly seeded, SPLASH_ENV=test) for contract tests."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from urllib.error import URLError
from urllib.request import urlopen

import pytest

from splash.config import REPO_ROOT
from splash.testing.google_stub import GoogleStub
from tests.support import free_port


@pytest.fixture(scope="session")
def live_server(database_url: str, spa_built) -> Iterator[str]:
    """The server, with Google sign-in pointed at a stub OAuth server in this process."""
    google = GoogleStub().start()
    port = free_port()
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "splash.testing.server",
            "--port",
            str(port),
            "--database-url",
            database_url,
        ],
        cwd=REPO_ROOT / "backend",
        start_new_session=True,
        env={**os.environ, "SPLASH_LOG_LEVEL": "WARNING", **google.environment()},
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                pytest.fail(f"the test server exited with {process.returncode}")
            try:
                with urlopen(f"{url}/healthz", timeout=2) as response:
                    if response.status == 200:
                        break
            except (URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                pytest.fail("the test server did not become healthy within 90 s")
            time.sleep(0.3)
        yield url
    finally:
        google.stop()
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
