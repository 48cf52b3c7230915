"""The real crash: a server process whose mail server is down takes a registration and is
killed with SIGKILL; restarted with a working mail server, it sends the confirmation mail.
Also: `python -m splash worker` processes drain beside a server's embedded drainer."""

from __future__ import annotations

import asyncio
import os
import signal
from urllib.parse import urlsplit

import httpx

from splash.accounts.models import User
from splash.shared.outbox.models import JobStatus, OutboxJob
from tests.outbox.support import smtp_server, splash_environment, splash_process, until_healthy
from tests.support import free_port

PASSWORD = "Zwemmen-2026"


def _serve(port: int) -> list[str]:
    return ["serve", "--host", "127.0.0.1", "--port", str(port)]


async def test_a_registration_killed_before_its_mail_gets_the_mail_after_a_restart(
    database, database_url, tmp_path
):
    port, mail_port = free_port(), free_port()  # nothing listens on mail_port yet
    env = splash_environment(database_url, mail_port, tmp_path / "var")
    base = f"http://127.0.0.1:{port}"
    body = {"username": "ouder@example.com", "email": "ouder@example.com", "password": PASSWORD}

    with splash_process(_serve(port), env) as server:
        await until_healthy(base, server)
        async with httpx.AsyncClient(base_url=base) as client:
            registered = await client.post("/api/auth/local/register", json=body)
        assert registered.status_code == 200
        os.killpg(server.pid, signal.SIGKILL)  # kill -9: no shutdown, nothing flushed
        server.wait(timeout=15)
    [job] = await OutboxJob.all()
    assert job.status is JobStatus.PENDING  # promised, not sent

    controller, inbox = smtp_server(mail_port)  # the mail server is back
    try:
        with splash_process(_serve(port), env) as server:
            await until_healthy(base, server)
            [mail] = await inbox.wait(1, seconds=30)
            link = next(
                word
                for word in mail.get_body(("plain",)).get_content().split()
                if "/api/auth/email-confirmation?" in word
            )
            async with httpx.AsyncClient(base_url=base) as client:
                target = urlsplit(link)
                confirmed = await client.get(f"{target.path}?{target.query}")
            assert confirmed.status_code == 302
            assert confirmed.headers["location"] == "/email-confirmed"
    finally:
        controller.stop()
    assert mail["To"] == "ouder@example.com"
    assert (await User.get(email="ouder@example.com")).confirmed is True
    job = await OutboxJob.get()
    assert job.status is JobStatus.DONE


async def test_worker_processes_and_a_server_drain_together_sending_each_mail_once(
    database, database_url, tmp_path
):
    controller, inbox = smtp_server(mail_port := free_port())
    port = free_port()
    env = splash_environment(database_url, mail_port, tmp_path / "var")
    env["SPLASH_TRUSTED_PROXIES"] = "127.0.0.1"  # one client address per registration
    base = f"http://127.0.0.1:{port}"
    try:
        with (
            splash_process(["worker"], env),
            splash_process(["worker"], env),
            splash_process(_serve(port), env) as server,
        ):
            await until_healthy(base, server)
            async with httpx.AsyncClient(base_url=base) as client:
                for number in range(20):
                    email = f"ouder{number}@example.com"
                    body = {"username": email, "email": email, "password": PASSWORD}
                    response = await client.post(
                        "/api/auth/local/register",
                        json=body,
                        headers={"x-forwarded-for": f"10.0.0.{number}"},
                    )
                    assert response.status_code == 200, response.text
            await inbox.wait(20, seconds=30)
            await asyncio.sleep(1)  # a second copy would arrive by now
    finally:
        controller.stop()
    recipients = sorted(message["To"] for message in inbox.messages)
    assert recipients == sorted(f"ouder{number}@example.com" for number in range(20))
    assert await OutboxJob.filter(status=JobStatus.DONE).count() == 20
