"""A freshly seeded Splash for end-to-end, contract and load tests.

``python -m testkit.server --port 8123`` creates a temporary database and var folder (or
uses ``--database-url``), migrates, seeds the fixtures, publishes, and then serves with
``SPLASH_ENV=test`` (so the test-only blueprint is mounted). The SPA must be built first. The
access log is off (end-to-end and Lighthouse runs read the server's output for its errors);
``--access-log`` keeps it on, as in production (``make bench``'s ceiling measures with it).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

from splash.core import db
from splash.core.config import load_settings
from splash.site import wiring
from splash.site.seed import seed_fixtures
from splash.site.web.publish import publish


def prepare_environment(
    port: int, database_url: str | None, access_log: bool = False
) -> dict[str, str]:
    folder = Path(tempfile.mkdtemp(prefix="splash-test-"))
    env = {
        "SPLASH_ENV": "test",
        "SPLASH_DATABASE_URL": database_url or f"sqlite://{folder / 'splash.sqlite3'}",
        "SPLASH_VAR_DIR": str(folder / "var"),
        "SPLASH_PUBLIC_PORT": str(port),
        "SPLASH_MAIL_URL": f"outbox://{folder / 'var' / 'outbox'}",
        "SPLASH_ACCESS_LOG": "true" if access_log else "false",
    }
    os.environ.update(env)
    return env


async def _prepare() -> None:
    settings = load_settings()
    await db.migrate(settings.database_url)
    await seed_fixtures(settings)
    await publish(settings)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m testkit.server")
    parser.add_argument("--port", type=int, default=8123)
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--database-url")
    parser.add_argument("--access-log", action="store_true", help="one JSON line per request")
    args = parser.parse_args(argv)
    prepare_environment(args.port, args.database_url, args.access_log)
    wiring.plug_in()
    asyncio.run(_prepare())
    os.execv(
        sys.executable,
        [
            sys.executable,
            "-m",
            "splash",
            "serve",
            "--host",
            args.host,
            "--port",
            str(args.port),
            "--workers",
            str(args.workers),
        ],
    )


if __name__ == "__main__":
    main()
