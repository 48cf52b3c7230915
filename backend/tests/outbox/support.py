"""Mail for the tests: a real SMTP server (aiosmtpd on 127.0.0.1) and its inbox, drainers pointed
at it, the parts of a mail a test reads, and a whole Splash process (``python -m splash``) for the
tests that kill or restart one."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from splash.core.config import REPO_ROOT, Settings
from splash.shared import outbox
from splash.shared.outbox.drain import Drainer
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.site import wiring
from tests.support import free_port


class Inbox:
    """An aiosmtpd handler keeping every message it accepted."""

    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []

    async def handle_DATA(self, server, session, envelope) -> str:
        self.messages.append(BytesParser(policy=policy.default).parsebytes(envelope.content))
        return "250 Message accepted for delivery"

    async def wait(self, count: int, seconds: float = 5) -> list[EmailMessage]:
        for _ in range(int(seconds / 0.02)):
            if len(self.messages) >= count:
                return self.messages
            await asyncio.sleep(0.02)
        raise AssertionError(f"expected {count} e-mails, got {len(self.messages)}")


def smtp_server(port: int) -> tuple[Controller, Inbox]:
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    return controller, inbox


@pytest.fixture
def inbox() -> Iterator[Inbox]:
    """A running SMTP server's inbox; its port is ``inbox.port``. A conftest shares this fixture
    by importing it."""
    port = free_port()
    controller, handler = smtp_server(port)
    handler.port = port  # type: ignore[attr-defined]
    yield handler
    controller.stop()


def drainer(settings: Settings, mail_url: str, **changes: object) -> Drainer:
    """A drainer as the server runs one, with quick back-off unless ``changes`` say else."""
    quick = {"outbox_backoff_seconds": 0.05, "outbox_backoff_max_seconds": 0.05, **changes}
    settings = settings.model_copy(update={"mail_url": mail_url, **quick})
    return Drainer(wiring.resources(settings))


async def sent_mails(
    settings: Settings, inbox: Any, kind: str, payload: dict[str, Any]
) -> list[EmailMessage]:
    """Enqueues one job, drains it through SMTP, and answers the mails that arrived."""
    await outbox.enqueue(kind, payload)
    assert await drainer(settings, f"smtp://127.0.0.1:{inbox.port}").drain_due() == 1
    job = await OutboxJob.get(kind=kind)
    assert (job.status, job.attempts) == (JobStatus.DONE, 1)  # done: sent, or dropped for good
    return inbox.messages


def plain_text(message: EmailMessage) -> str:
    """A mail's plain-text part, with plain line ends and spaces (no non-breaking ones)."""
    return _body(message, "plain")


def html_text(message: EmailMessage) -> str:
    """A mail's HTML part, with plain line ends and spaces (no non-breaking ones)."""
    return _body(message, "html")


def _body(message: EmailMessage, subtype: str) -> str:
    part = message.get_body(preferencelist=(subtype,))
    assert part is not None
    return str(part.get_content()).replace("\r\n", "\n").replace("\u00a0", " ")


def splash_environment(database_url: str, mail_port: int, var: Path) -> dict[str, str]:
    """The environment of a Splash process on ``database_url`` sending mail to ``mail_port``."""
    return {
        **os.environ,
        "SPLASH_ENV": "test",
        "SPLASH_DATABASE_URL": database_url,
        "SPLASH_MAIL_URL": f"smtp://127.0.0.1:{mail_port}",
        "SPLASH_VAR_DIR": str(var),
        "SPLASH_PUBLIC_PORT": "8000",
        "SPLASH_ACCESS_LOG": "false",
        "SPLASH_LOG_LEVEL": "ERROR",
        # Quick retries and a short lease, so the test waits seconds, not minutes.
        "SPLASH_OUTBOX_BACKOFF_SECONDS": "0.2",
        "SPLASH_OUTBOX_BACKOFF_MAX_SECONDS": "1",
        "SPLASH_OUTBOX_LEASE_SECONDS": "2",
        "SPLASH_OUTBOX_POLL_SECONDS": "0.2",
    }


@contextmanager
def splash_process(args: list[str], env: dict[str, str]) -> Iterator[subprocess.Popen]:
    """A Splash process in its own group; SIGKILLed at the end unless already gone."""
    child = subprocess.Popen(
        [sys.executable, "-m", "splash", *args],
        cwd=REPO_ROOT / "backend",
        env=env,
        start_new_session=True,
    )
    try:
        yield child
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait(timeout=15)


async def until_healthy(base: str, child: subprocess.Popen) -> None:
    """Until the server at ``base`` answers /healthz; fails if ``child`` exits first."""
    deadline = time.monotonic() + 60
    async with httpx.AsyncClient(base_url=base) as client:
        while time.monotonic() < deadline:
            assert child.poll() is None, f"the server exited with {child.returncode}"
            try:
                if (await client.get("/healthz", timeout=2)).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            await asyncio.sleep(0.2)
    raise AssertionError("the server did not become healthy within 60 s")
