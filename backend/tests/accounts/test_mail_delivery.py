"""Account e-mails through a real SMTP server (aiosmtpd on 127.0.0.1): they arrive in the
domain's language, as text and HTML, and the links in them work."""

import asyncio
from email import policy
from email.parser import BytesParser
from urllib.parse import urlsplit

import pytest
from aiosmtpd.controller import Controller

from splash.site.app import create_app
from tests.accounts.support import PASSWORD, link_in
from tests.support import free_port, serving


class Inbox:
    def __init__(self) -> None:
        self.messages: list = []

    async def handle_DATA(self, server, session, envelope) -> str:
        message = BytesParser(policy=policy.default).parsebytes(envelope.content)
        self.messages.append((envelope.rcpt_tos, message))
        return "250 Message accepted for delivery"

    async def wait(self, count: int) -> list:
        for _ in range(250):
            if len(self.messages) >= count:
                return [message for _, message in self.messages]
            await asyncio.sleep(0.02)
        raise AssertionError(f"expected {count} e-mails, got {len(self.messages)}")


@pytest.fixture
def inbox():
    handler = Inbox()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    handler.port = controller.port
    yield handler
    controller.stop()


async def test_register_confirm_forget_and_reset_through_smtp(settings, database, inbox):
    app = create_app(settings.model_copy(update={"mail_url": f"smtp://127.0.0.1:{inbox.port}"}))
    host = "es.localhost:8000"
    async with serving(app, host) as http:
        registered = await http.post(
            "/api/auth/local/register",
            json={
                "username": "madre@example.es",
                "email": "madre@example.es",
                "password": PASSWORD,
            },
        )
        assert registered.status_code == 200
        [confirmation] = await inbox.wait(1)
        assert inbox.messages[0][0] == ["madre@example.es"]
        assert confirmation.get_body(preferencelist=("html",)) is not None
        assert "correo" in confirmation["Subject"].lower()  # Spanish, from the es domain
        link = link_in(confirmation, r"http://es\.localhost:8000/api/auth/email-confirmation")

        confirmed = await http.get(urlsplit(link).path + "?" + urlsplit(link).query)
        assert (confirmed.status_code, confirmed.headers["location"]) == (302, "/email-confirmed")
        login = await http.post(
            "/api/auth/local", json={"identifier": "madre@example.es", "password": PASSWORD}
        )
        assert login.status_code == 200

        assert (
            await http.post("/api/auth/forgot-password", json={"email": "madre@example.es"})
        ).status_code == 200
        reset_mail = (await inbox.wait(2))[1]
        reset_link = link_in(reset_mail, r"http://es\.localhost:8000/reset\?code=")
        code = urlsplit(reset_link).query.removeprefix("code=")
        assert urlsplit(reset_link).path == "/reset"  # the SPA's reset screen (end-to-end tests)
        reset = await http.post(
            "/api/auth/reset-password",
            json={
                "code": code,
                "password": "Nueva-Clave-2026",
                "passwordConfirmation": "Nueva-Clave-2026",
            },
        )
        assert reset.status_code == 200
        notice = (await inbox.wait(3))[2]
        link_in(notice, r"http://es\.localhost:8000/olvide-mi-contrasena")
