"""Helpers shared by the accounts tests: registering and confirming a parent, a bearer header,
mail read from the outbox, the paths of a validation error."""

from __future__ import annotations

import asyncio
import re
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

from splash.core.config import Settings
from tests.app_client import Client

PASSWORD = "Zwemmen-2026"


class Outbox:
    """The messages in the outbox folder (mail goes out in the background: wait for it)."""

    def __init__(self, settings: Settings) -> None:
        self.folder = Path(settings.mail_url.removeprefix("outbox://"))

    def messages(self) -> list[EmailMessage]:
        if not self.folder.is_dir():
            return []
        return [
            BytesParser(policy=policy.default).parsebytes(path.read_bytes())
            for path in sorted(self.folder.glob("*.eml"))
        ]

    async def wait(self, count: int = 1) -> list[EmailMessage]:
        for _ in range(200):
            found = self.messages()
            if len(found) >= count:
                return found
            await asyncio.sleep(0.02)
        raise AssertionError(f"expected {count} e-mails, the outbox has {len(self.messages())}")

    async def settled(self) -> list[EmailMessage]:
        """Every message, after giving background sends a moment to finish."""
        await asyncio.sleep(0.2)
        return self.messages()


def text_of(message: EmailMessage) -> str:
    part = message.get_body(preferencelist=("plain",))
    assert part is not None
    return part.get_content()


def link_in(message: EmailMessage, pattern: str) -> str:
    found = re.search(pattern + r"[^\s<>\"]*", text_of(message))
    assert found, f"no link matching {pattern} in {text_of(message)!r}"
    return found.group(0)


def bearer(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def register(
    client: Client, email: str = "ouder@example.com", password: str = PASSWORD, **kwargs: Any
) -> Any:
    body = {"username": email, "email": email, "password": password}
    return await client.post("/api/auth/local/register", json=body, **kwargs)


async def confirmed_user(client: Client, email: str = "ouder@example.com") -> dict[str, Any]:
    """A registered and confirmed parent; answers the registration's body."""
    from splash.accounts.models import User

    response = await register(client, email)
    assert response.status == 200, response.text
    await User.filter(email=email).update(confirmed=True)
    return response.json


def error_paths(response: Any) -> list[list[str]]:
    return [error["path"] for error in response.json["error"]["details"].get("errors", [])]
