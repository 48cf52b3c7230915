"""The log of sent e-mails: one row per mail that left, naming its order or account; a retry of
the same job sends and logs nothing once its row exists, and a dropped job logs nothing."""

from __future__ import annotations

from splash.accounts import vocabulary as accounts
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from splash.shared.mail import sent
from splash.shared.mail.mailer import Email
from splash.shared.mail.models import SentMail
from testkit.factories import create_order, create_test_user
from tests.outbox.support import sent_mails


class Keeping:
    def __init__(self) -> None:
        self.mails: list[Email] = []

    async def send(self, email: Email) -> None:
        self.mails.append(email)


async def test_an_order_mail_is_logged_with_its_order(settings, seeded, inbox):
    user = await create_test_user("eva@example.com", "Zwemmen-2026!")
    order = await create_order(
        user,
        [("SPL-FS-BLUE-M", 1)],
        locale="de",
        country="de",
        status=OrderStatus.PAID,
        payment_status=PaymentStatus.PAID,
    )

    [mail] = await sent_mails(settings, inbox, "order_confirmation", {"order_id": order.id})

    [row] = await SentMail.all()
    assert (row.to, row.subject, row.template, row.locale) == (
        "eva@example.com",
        mail["Subject"],
        "order_confirmation",
        "de",
    )
    assert (row.order_id, row.user_id) == (order.id, None)
    assert mail["Message-ID"] == f"<{row.message_key}@{mail['Message-ID'].split('@')[1][:-1]}>"


async def test_an_account_mail_is_logged_with_its_account(settings, seeded, inbox):
    user = await create_test_user("jan@example.com", "Zwemmen-2026!")
    payload = {"email": user.email, "locale": "nl"}

    await sent_mails(settings, inbox, accounts.PASSWORD_RESET_JOB, payload)

    [row] = await SentMail.all()
    assert (row.template, row.user_id, row.order_id, row.locale) == (
        "password_reset",
        user.id,
        None,
        "nl",
    )


async def test_a_dropped_job_logs_nothing(settings, seeded, inbox):
    assert await sent_mails(settings, inbox, "order_confirmation", {"order_id": 987654}) == []
    assert await SentMail.all().count() == 0


async def test_a_job_retried_after_its_mail_was_logged_sends_and_logs_it_once(database):
    mailer = Keeping()
    mail = Email("a@example.com", "Onderwerp", "tekst", "<p>tekst</p>", message_key="job-1-x")

    for _ in range(2):
        await sent.deliver(mailer, mail, template="order_shipped", locale="nl", order_id=7)

    assert mailer.mails == [mail]
    assert await SentMail.filter(message_key="job-1-x").count() == 1


async def test_mails_without_a_key_are_each_sent(database):
    mailer = Keeping()
    mail = Email("a@example.com", "Onderwerp", "tekst", "<p>tekst</p>")

    for _ in range(2):
        await sent.deliver(mailer, mail, template="order_shipped", locale="nl", order_id=7)

    assert mailer.mails == [mail, mail]
    assert await SentMail.all().count() == 2
