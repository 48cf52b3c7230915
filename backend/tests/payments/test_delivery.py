"""The paid order's confirmation is durable: with the mail server down during the webhook it is
sent later, once; with the server killed (SIGKILL) after the webhook's commit and before the
send, a restarted worker sends it, once. Real SMTP (aiosmtpd), real processes, the real
confirmation e-mail (``splash.orders.mails``)."""

from __future__ import annotations

import os
import signal

import httpx

from splash.orders.models import Order
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from splash.shared.outbox import queue
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.site.app import create_app
from tests.app_client import Client
from tests.outbox.support import (
    drainer,
    smtp_server,
    splash_environment,
    splash_process,
    until_healthy,
)
from tests.payments.support import PARENT, order_with_test_payment, provider_reports
from tests.support import free_port

FORM = {"content-type": "application/x-www-form-urlencoded"}


async def _make_due() -> None:
    """Time passing: every pending job's next attempt is now (no test waits for a back-off)."""
    await OutboxJob.filter(status=JobStatus.PENDING).update(next_attempt_at=queue.now())


async def _paid_order() -> Order:
    order, payment = await order_with_test_payment()
    await provider_reports(payment, status=PaymentStatus.PAID)
    return order


async def test_with_the_mail_server_down_the_confirmation_is_sent_later_once(seeded, settings):
    mail_port = free_port()  # nothing listens there yet
    settings = settings.model_copy(
        update={"mail_url": f"smtp://127.0.0.1:{mail_port}", "outbox_embedded": False}
    )
    order = await _paid_order()
    payment_id = (await order.payments.all())[0].provider_id
    mails = drainer(settings, settings.mail_url)

    response = await Client(create_app(settings)).post(
        "/api/payments/webhook", content=f"id={payment_id}", headers=FORM
    )
    await mails.drain_due()

    assert response.status == 200
    [job] = await OutboxJob.filter(kind="order_confirmation")
    assert (job.status, job.attempts) == (JobStatus.PENDING, 1)
    assert job.last_error is not None

    controller, inbox = smtp_server(mail_port)  # the mail server is back
    try:
        await _make_due()
        await mails.drain_due()
        await _make_due()
        await mails.drain_due()
    finally:
        controller.stop()
    [mail] = inbox.messages
    assert mail["To"] == PARENT and order.order_nr in mail["Subject"]
    job = await OutboxJob.get(id=job.id)
    assert (job.status, job.attempts) == (JobStatus.DONE, 2)


async def test_a_server_killed_between_the_commit_and_the_send_sends_after_a_restart(
    seeded, database_url, tmp_path
):
    port, mail_port = free_port(), free_port()  # nothing listens on mail_port yet
    env = splash_environment(database_url, mail_port, tmp_path / "var")
    order = await _paid_order()
    payment_id = (await order.payments.all())[0].provider_id
    base = f"http://127.0.0.1:{port}"
    serve = ["serve", "--single-process", "--host", "127.0.0.1", "--port", str(port)]

    with splash_process(serve, env) as server:
        await until_healthy(base, server)
        async with httpx.AsyncClient(base_url=base) as http:
            answered = await http.post(
                "/api/payments/webhook", content=f"id={payment_id}", headers=FORM
            )
        assert answered.status_code == 200
        os.killpg(server.pid, signal.SIGKILL)  # kill -9: no shutdown, nothing flushed
        server.wait(timeout=15)
    assert (await Order.get(id=order.id)).status is OrderStatus.PAID
    [job] = await OutboxJob.filter(kind="order_confirmation")
    assert job.status is JobStatus.PENDING  # committed with the payment, not sent

    controller, inbox = smtp_server(mail_port)  # the mail server is back
    try:
        with splash_process(["worker"], env) as worker:
            [mail] = await inbox.wait(1, seconds=30)
            worker.send_signal(signal.SIGTERM)  # a graceful stop: its last pass runs first
            worker.wait(timeout=30)
    finally:
        controller.stop()
    assert len(inbox.messages) == 1
    assert mail["To"] == PARENT and order.order_nr in mail["Subject"]
    assert (await OutboxJob.get(id=job.id)).status is JobStatus.DONE
