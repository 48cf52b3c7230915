"""Sending e-mail: SMTP (aiosmtplib) when ``SPLASH_MAIL_URL`` is ``smtp://…``, otherwise the
outbox folder (one ``.eml`` file per message), so development never needs a mail server.

Nothing sends from a request: mails are jobs of the outbox (``splash.shared.outbox``), sent by its
drainer with retries."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import make_msgid, parseaddr
from pathlib import Path
from typing import Protocol
from urllib.parse import parse_qs, unquote, urlsplit

import aiosmtplib

from splash.core.config import REPO_ROOT


@dataclass(frozen=True)
class Email:
    to: str
    subject: str
    text: str
    html: str
    reply_to: str | None = None
    # The same on every attempt to send this mail (an outbox job's key): its Message-ID, so a
    # receiver can drop the copy a retry after a lost acknowledgement sends.
    message_key: str | None = None


class Mailer(Protocol):
    async def send(self, email: Email) -> None: ...


def build_message(email: Email, sender: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = sender
    message["To"] = email.to
    message["Subject"] = email.subject
    domain = parseaddr(sender)[1].rpartition("@")[2] or "splash.localhost"
    key = email.message_key
    message["Message-ID"] = f"<{key}@{domain}>" if key else make_msgid(domain=domain)
    if email.reply_to:
        message["Reply-To"] = email.reply_to
    message.set_content(email.text)
    message.add_alternative(email.html, subtype="html")
    return message


class OutboxMailer:
    def __init__(self, folder: Path, sender: str) -> None:
        self.folder = folder
        self.sender = sender

    async def send(self, email: Email) -> None:
        """One ``<time>-<key>.eml`` per mail, oldest first by name. A mail with a key is
        written once: an outbox job retried after its mail was written (its drainer killed
        before marking it done) leaves one copy, as a receiver that drops a repeated
        Message-ID would keep. The key is looked up as an empty file in ``.keys/``, not by
        listing the folder, whose every mail would be read again on each send."""
        self.folder.mkdir(parents=True, exist_ok=True)
        key = email.message_key or secrets.token_hex(4)
        marker = self.folder / ".keys" / key
        if email.message_key and marker.exists():
            return
        stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%f")
        target = self.folder / f"{stamp}-{key}.eml"
        partial = target.with_suffix(f".{secrets.token_hex(4)}.tmp")
        partial.write_bytes(build_message(email, self.sender).as_bytes())
        partial.rename(target)  # readers never see half a message
        if email.message_key:
            marker.parent.mkdir(exist_ok=True)
            marker.touch()


class SmtpMailer:
    def __init__(
        self,
        host: str,
        port: int,
        sender: str,
        username: str | None = None,
        password: str | None = None,
        tls: bool = False,
        starttls: bool = False,
    ) -> None:
        self.host, self.port, self.sender = host, port, sender
        self.username, self.password = username, password
        self.tls, self.starttls = tls, starttls

    async def send(self, email: Email) -> None:
        await aiosmtplib.send(
            build_message(email, self.sender),
            hostname=self.host,
            port=self.port,
            username=self.username,
            password=self.password,
            use_tls=self.tls,
            start_tls=self.starttls,
            timeout=15,
        )


def create_mailer(mail_url: str, sender: str) -> Mailer:
    """``outbox://var/outbox`` (relative to the repository) or ``smtp(s)://user:pass@host:port``
    (``?starttls=1`` to upgrade a plain connection)."""
    parts = urlsplit(mail_url)
    if parts.scheme == "outbox":
        folder = Path(unquote(parts.netloc + parts.path))
        return OutboxMailer(folder if folder.is_absolute() else REPO_ROOT / folder, sender)
    if parts.scheme in ("smtp", "smtps"):
        options = parse_qs(parts.query)
        return SmtpMailer(
            parts.hostname or "localhost",
            parts.port or (465 if parts.scheme == "smtps" else 25),
            sender,
            unquote(parts.username) if parts.username else None,
            unquote(parts.password) if parts.password else None,
            tls=parts.scheme == "smtps",
            starttls=options.get("starttls", ["0"])[0] in ("1", "true"),
        )
    raise ValueError(f"SPLASH_MAIL_URL must start with outbox:// or smtp://, got {mail_url!r}")
