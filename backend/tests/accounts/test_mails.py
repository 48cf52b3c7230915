"""The account e-mails as the outbox drainer sends them (``splash.accounts.mails``): a moment
they name is the shop's (Amsterdam's) day and time, with the zone named in the reader's
language (issue 24 point 16)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from splash.shared import outbox
from splash.shared.outbox.models import JobStatus, OutboxJob
from testkit.factories import create_test_user
from tests.outbox.support import drainer, smtp_server
from tests.support import free_port

# 23:30 UTC on 25 November is 00:30 on the 26th in Amsterdam: the mail names the 26th.
NEAR_MIDNIGHT = datetime(2026, 11, 25, 23, 30, tzinfo=UTC)
STATED = {
    "nl": "26 november 2026 om 00:30 (Nederlandse tijd)",
    "en": "26 November 2026 at 00:30 (Amsterdam time)",
    "de": "26. November 2026 um 00:30 Uhr (Amsterdamer Zeit)",
    "es": "26 de noviembre de 2026 a las 00:30 (hora de Ámsterdam)",
    "fr": "26 novembre 2026 à 00:30 (heure d'Amsterdam)",
    "sv": "26 november 2026 kl. 00:30 (Amsterdamtid)",
}


@pytest.fixture
def inbox():
    port = free_port()
    controller, handler = smtp_server(port)
    handler.port = port
    yield handler
    controller.stop()


def _parts(message) -> tuple[str, str]:
    text = message.get_body(preferencelist=("plain",)).get_content()
    html = message.get_body(preferencelist=("html",)).get_content()
    return text.replace("\r\n", "\n"), html


async def _send(settings, inbox, kind: str, payload: dict) -> tuple[str, str]:
    await outbox.enqueue(kind, payload)
    assert await drainer(settings, f"smtp://127.0.0.1:{inbox.port}").drain_due() == 1
    assert (await OutboxJob.get(kind=kind)).status == JobStatus.DONE
    [message] = await inbox.wait(1)
    return _parts(message)


@pytest.mark.parametrize("locale", list(STATED))
async def test_the_password_changed_mail_states_amsterdam_time_with_the_zone(
    settings, database, inbox, locale
):
    user = await create_test_user("ouder@example.com", "Zwemmen-2026")
    payload = {"user_id": user.id, "locale": locale, "when": NEAR_MIDNIGHT.isoformat()}

    text, html = await _send(settings, inbox, "password_changed", payload)

    assert STATED[locale] in text
    assert STATED[locale].replace("'", "&#39;") in html
    assert "UTC" not in text and "25" not in text


async def test_the_email_changed_mail_states_amsterdam_time_with_the_zone(
    settings, database, inbox
):
    user = await create_test_user("ouder@example.com", "Zwemmen-2026")
    payload = {
        "user_id": user.id,
        "locale": "nl",
        "when": NEAR_MIDNIGHT.isoformat(),
        "old_email": "ouder@example.com",
        "new_email": "nieuw@example.com",
    }

    text, html = await _send(settings, inbox, "email_changed", payload)

    assert STATED["nl"] in text and STATED["nl"] in html
    assert "UTC" not in text
