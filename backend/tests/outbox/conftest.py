"""Outbox tests: a real SMTP server (aiosmtpd on 127.0.0.1) and drainers pointed at it."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

import pytest
from aiosmtpd.controller import Controller

from splash import wiring
from splash.config import Settings
from splash.outbox.drain import Drainer


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
    from tests.support import free_port

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
