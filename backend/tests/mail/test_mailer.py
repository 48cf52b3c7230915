"""Sending e-mail: SPLASH_MAIL_URL picks the mailer; the outbox folder gets one .eml per message
and SMTP delivers to a real server (aiosmtpd on 127.0.0.1)."""

from collections.abc import Iterator
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser

import aiosmtplib
import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword

from splash.core.config import REPO_ROOT
from splash.shared.mail.mailer import Email, OutboxMailer, SmtpMailer, create_mailer
from tests.support import free_port

SENDER = "Splash <hello@splash.localhost>"
EMAIL = Email(
    to="shop@splash.example",
    subject="Nieuw bericht van Zoë Åström via het contactformulier (#7)",
    text="Bericht:\nHallo, past het drijfpak een kind van 3?\n",
    html="<p>Hallo, past het <b>drijfpak</b> een kind van 3?</p>",
    reply_to="zoe@example.se",
)


def parse(raw: bytes) -> EmailMessage:
    return BytesParser(policy=policy.default).parsebytes(raw)


# --- SPLASH_MAIL_URL -----------------------------------------------------------------------------


def test_a_relative_outbox_lies_under_the_repository():
    mailer = create_mailer("outbox://var/outbox", SENDER)

    assert isinstance(mailer, OutboxMailer)
    assert mailer.folder == REPO_ROOT / "var" / "outbox"
    assert mailer.sender == SENDER


def test_an_absolute_outbox_path_is_kept(tmp_path):
    mailer = create_mailer(f"outbox://{tmp_path}/mail%20out", SENDER)

    assert isinstance(mailer, OutboxMailer)
    assert mailer.folder == tmp_path / "mail out"


@pytest.mark.parametrize(
    "url, expected",
    [
        ("smtp://mail.example.org:2525", ("mail.example.org", 2525, None, None, False, False)),
        ("smtp://mail.example.org", ("mail.example.org", 25, None, None, False, False)),
        ("smtps://mail.example.org", ("mail.example.org", 465, None, None, True, False)),
        ("smtps://mail.example.org:2465", ("mail.example.org", 2465, None, None, True, False)),
        (
            "smtp://user:pass@mail.example.org:587?starttls=1",
            ("mail.example.org", 587, "user", "pass", False, True),
        ),
        (
            "smtp://shop%40splash.nl:p%40ss%3Aword@mail.example.org:587?starttls=true",
            ("mail.example.org", 587, "shop@splash.nl", "p@ss:word", False, True),
        ),
        (
            "smtp://mail.example.org:587?starttls=0",
            ("mail.example.org", 587, None, None, False, False),
        ),
    ],
)
def test_smtp_urls_configure_host_port_credentials_and_tls(url, expected):
    mailer = create_mailer(url, SENDER)

    assert isinstance(mailer, SmtpMailer)
    assert (
        mailer.host,
        mailer.port,
        mailer.username,
        mailer.password,
        mailer.tls,
        mailer.starttls,
    ) == expected
    assert mailer.sender == SENDER


@pytest.mark.parametrize(
    "url", ["sendmail:///usr/sbin/sendmail", "http://mail.example.org", "var/outbox", ""]
)
def test_an_unknown_scheme_is_refused(url):
    with pytest.raises(ValueError, match="SPLASH_MAIL_URL must start with outbox:// or smtp://"):
        create_mailer(url, SENDER)


# --- the outbox ----------------------------------------------------------------------------------


async def test_the_outbox_gets_one_parseable_message_per_mail(tmp_path):
    folder = tmp_path / "outbox"

    await OutboxMailer(folder, SENDER).send(EMAIL)

    [path] = list(folder.iterdir())
    assert path.suffix == ".eml"
    message = parse(path.read_bytes())
    assert message["From"] == SENDER
    assert message["To"] == "shop@splash.example"
    assert message["Subject"] == "Nieuw bericht van Zoë Åström via het contactformulier (#7)"
    assert message["Reply-To"] == "zoe@example.se"
    assert message["Message-ID"].endswith("@splash.localhost>")
    assert message.get_content_type() == "multipart/alternative"
    parts = [part.get_content_type() for part in message.iter_parts()]
    assert parts == ["text/plain", "text/html"]
    assert message.get_body(("plain",)).get_content() == EMAIL.text
    assert message.get_body(("html",)).get_content() == EMAIL.html + "\n"


async def test_every_mail_is_its_own_file_and_no_partial_file_stays(tmp_path):
    mailer = OutboxMailer(tmp_path / "outbox", SENDER)

    await mailer.send(EMAIL)
    await mailer.send(Email(to="a@splash.example", subject="Tweede", text="t", html="<p>h</p>"))

    files = list((tmp_path / "outbox").iterdir())
    assert sorted(f.suffix for f in files) == [".eml", ".eml"]
    messages = {m["To"]: m for m in (parse(f.read_bytes()) for f in files)}
    assert messages["shop@splash.example"]["Reply-To"] == "zoe@example.se"
    assert messages["a@splash.example"]["Subject"] == "Tweede"
    assert messages["a@splash.example"]["Reply-To"] is None  # no Reply-To without a visitor


# --- SMTP ----------------------------------------------------------------------------------------


class Inbox:
    """An aiosmtpd handler keeping every delivered envelope."""

    def __init__(self) -> None:
        self.envelopes: list = []
        self.logins: list = []

    async def handle_DATA(self, server, session, envelope) -> str:
        self.envelopes.append(envelope)
        self.logins.append(session.auth_data.login if session.authenticated else None)
        return "250 Message accepted for delivery"


def authenticate(server, session, envelope, mechanism, auth_data) -> AuthResult:
    ok = isinstance(auth_data, LoginPassword) and (auth_data.login, auth_data.password) == (
        b"shop@splash.nl",
        b"p@ss:word",
    )
    return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)


@pytest.fixture
def smtp_server() -> Iterator[tuple[Controller, Inbox]]:
    inbox = Inbox()
    controller = Controller(
        inbox,
        hostname="127.0.0.1",
        port=free_port(),
        authenticator=authenticate,
        auth_require_tls=False,  # a local test server without certificates
    )
    controller.start()
    yield controller, inbox
    controller.stop()


async def test_a_mail_whose_key_is_in_the_outbox_is_not_written_again(tmp_path):
    mailer = OutboxMailer(tmp_path / "outbox", SENDER)
    keyed = Email(
        to="a@splash.example", subject="Eén", text="t", html="<p>h</p>", message_key="job-9-x"
    )

    await mailer.send(keyed)
    await mailer.send(keyed)  # its job again, after a drainer died before marking it done
    await mailer.send(Email(to="a@splash.example", subject="Twee", text="t", html="<p>h</p>"))

    files = sorted((tmp_path / "outbox").glob("*.eml"))
    assert len(files) == 2
    assert files[0].name.endswith("-job-9-x.eml")
    assert [p.name for p in (tmp_path / "outbox" / ".keys").iterdir()] == ["job-9-x"]
    assert parse(files[0].read_bytes())["Message-ID"] == "<job-9-x@splash.localhost>"
    assert parse(files[1].read_bytes())["Subject"] == "Twee"


async def test_smtp_delivers_the_message_with_its_envelope(smtp_server):
    controller, inbox = smtp_server
    mailer = create_mailer(f"smtp://127.0.0.1:{controller.port}", SENDER)

    await mailer.send(EMAIL)

    [envelope] = inbox.envelopes
    assert inbox.logins == [None]  # no credentials in the URL: no login
    assert envelope.mail_from == "hello@splash.localhost"
    assert envelope.rcpt_tos == ["shop@splash.example"]
    message = parse(envelope.original_content)
    assert message["From"] == SENDER
    assert message["To"] == "shop@splash.example"
    assert message["Reply-To"] == "zoe@example.se"
    assert message["Subject"] == "Nieuw bericht van Zoë Åström via het contactformulier (#7)"
    text = message.get_body(("plain",)).get_content()
    assert text.replace("\r\n", "\n") == EMAIL.text  # SMTP carries CRLF line ends
    assert "<b>drijfpak</b>" in message.get_body(("html",)).get_content()


async def test_smtp_logs_in_with_the_credentials_of_the_url(smtp_server):
    controller, inbox = smtp_server
    url = f"smtp://shop%40splash.nl:p%40ss%3Aword@127.0.0.1:{controller.port}"

    await create_mailer(url, SENDER).send(EMAIL)

    [envelope] = inbox.envelopes
    assert envelope.rcpt_tos == ["shop@splash.example"]
    assert inbox.logins == [b"shop@splash.nl"]


async def test_smtp_with_a_wrong_password_raises_and_delivers_nothing(smtp_server):
    controller, inbox = smtp_server
    url = f"smtp://shop%40splash.nl:wrong@127.0.0.1:{controller.port}"

    with pytest.raises(aiosmtplib.SMTPAuthenticationError):
        await create_mailer(url, SENDER).send(EMAIL)
    assert inbox.envelopes == []


async def test_smtp_to_a_closed_port_raises():
    mailer = create_mailer(f"smtp://127.0.0.1:{free_port()}", SENDER)

    with pytest.raises(aiosmtplib.SMTPConnectError):
        await mailer.send(EMAIL)


def test_the_outbox_of_the_test_settings_is_a_temporary_folder(settings, tmp_path):
    mailer = create_mailer(settings.mail_url, settings.mail_from)

    assert isinstance(mailer, OutboxMailer)
    assert mailer.folder == tmp_path / "outbox"
