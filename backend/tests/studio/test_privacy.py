"""Privacy requests: the export holds everything stored about a customer (and no secret); the
erasure, confirmed with the customer's e-mail address, leaves nothing that names them while
their orders keep every amount, number, date and VAT figure, and ends their sessions."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from splash.academy.models import Entitlement, LessonProgress
from splash.accounts import services as accounts
from splash.accounts.models import AccountToken, Address, User
from splash.accounts.vocabulary import CONFIRMATION_JOB, PASSWORD_CHANGED_JOB, PASSWORD_RESET_JOB
from splash.forms.models import FormSubmission
from splash.orders.fulfilment import ORDER_CONFIRMATION
from splash.orders.models import DevicePass, Order
from splash.shared import outbox
from splash.shared.mail.models import SentMail
from splash.shared.outbox.models import JobStatus, OutboxJob
from splash.staff.models import ActivityEntry
from testkit.factories import reset_code_for, watch
from tests.studio.support import a_customer, headers_of

pytestmark = pytest.mark.usefixtures("seeded")

AMOUNTS = (
    "order_nr", "invoice_nr", "status", "subtotal", "shipping_cost", "vat_country", "vat_rate",
    "shipping_vat", "vat", "total", "amount_refunded", "created_at", "paid_at", "locale",
)  # fmt: skip


async def _contact_form(email: str) -> FormSubmission:
    return await FormSubmission.create(
        form="contact",
        locale="nl",
        data={"name": "Anna Jansen", "email": email, "message": "Welke maat voor 4 jaar?"},
    )


async def test_the_export_is_one_json_file_with_everything(client, settings):
    anna = await a_customer()
    await watch(anna.user, "level-1-lesson-2", 30_000)
    await reset_code_for(anna.user)  # a token: its metadata, never its hash
    await _contact_form("Anna@Example.com")
    await _contact_form("someone-else@example.com")
    await SentMail.create(
        to="anna@example.com", subject="Je bestelling", template="order_confirmation",
        locale="de", order_id=anna.paid.id, message_key="m-export",
    )  # fmt: skip

    response = await client.get(
        f"/api/studio/customers/{anna.user.id}/export", headers=await headers_of(settings)
    )

    assert response.status == 200
    assert response.headers["content-disposition"] == (
        f'attachment; filename="splash-customer-{anna.user.id}.json"'
    )
    data = json.loads(response.text)
    assert data["account"]["email"] == "anna@example.com"
    assert data["account"]["lastname"] == "Jansen"
    assert [a["postalCode"] for a in data["addresses"]] == ["1016 GV"]
    assert {o["orderNr"] for o in data["orders"]} == {anna.paid.order_nr, anna.unpaid.order_nr}
    paid = next(o for o in data["orders"] if o["orderNr"] == anna.paid.order_nr)
    assert [line["sku"] for line in paid["lines"]] == ["SPL-FS-BLUE-M"]
    assert [p["status"] for p in paid["payments"]] == ["paid"]
    assert len(data["entitlements"]) == 4
    assert data["lessonProgress"][0]["lesson"] == "level-1-lesson-2"
    assert [s["data"]["message"] for s in data["formSubmissions"]] == ["Welke maat voor 4 jaar?"]
    assert [t["kind"] for t in data["tokens"]] == ["reset"]
    assert [(m["subject"], m["template"]) for m in data["emails"]] == [
        ("Je bestelling", "order_confirmation")
    ]
    token_hash = (await AccountToken.get(user_id=anna.user.id)).token_hash
    assert token_hash not in response.text
    assert anna.user.password_hash not in response.text
    assert await ActivityEntry.exists(action="customers.exported", subject_id=str(anna.user.id))


async def test_erasing_needs_the_customers_e_mail_typed(client, settings):
    anna = await a_customer()
    headers = await headers_of(settings)
    path = f"/api/studio/customers/{anna.user.id}/erase"

    wrong = await client.post(path, json={"confirm": "someone@example.com"}, headers=headers)
    empty = await client.post(path, json={}, headers=headers)
    missing = await client.post(
        "/api/studio/customers/424242/erase", json={"confirm": "x@y.nl"}, headers=headers
    )

    assert wrong.status == empty.status == 400
    assert wrong.json["error"]["details"]["errors"][0]["path"] == ["confirm"]
    assert missing.status == 404
    assert (await User.get(id=anna.user.id)).email == "anna@example.com"


async def test_erasing_anonymises_everywhere_and_keeps_the_amounts(client, settings):
    anna = await a_customer()
    guest = await Order.get(id=anna.unpaid.id)
    await DevicePass.create(order=guest, token_hash="f" * 64, expires_at=guest.created_at)
    await watch(anna.user, "level-1-lesson-2", 30_000)
    await reset_code_for(anna.user)
    form = await _contact_form("anna@example.com")
    session = accounts.session_token(anna.user, settings)
    kept = {o.id: {f: getattr(o, f) for f in AMOUNTS} for o in await Order.all()}
    headers = await headers_of(settings)

    response = await client.post(
        f"/api/studio/customers/{anna.user.id}/erase",
        json={"confirm": " Anna@Example.com "},
        headers=headers,
    )
    again = await client.post(
        f"/api/studio/customers/{anna.user.id}/erase",
        json={"confirm": f"erased-{anna.user.id}@erased.invalid"},
        headers=headers,
    )

    assert response.status == 200, response.json
    assert response.json["data"] == {
        "customerId": anna.user.id,
        "orders": 2,
        "formSubmissions": 1,
    }
    assert again.status == 409
    user = await User.get(id=anna.user.id)
    assert user.email == f"erased-{anna.user.id}@erased.invalid"
    assert (user.firstname, user.lastname, user.password_hash, user.google_sub) == (None,) * 4
    assert user.blocked and user.token_version == anna.user.token_version + 1
    assert await accounts.user_for_token(session, settings) is None  # signed out everywhere
    assert not await Address.exists(user_id=user.id)
    assert not await AccountToken.exists(user_id=user.id)
    assert not await LessonProgress.exists(user_id=user.id)
    assert not await DevicePass.exists(order_id=guest.id)
    assert (await FormSubmission.get(id=form.id)).data == {"erased": True}
    for order in await Order.all():
        assert {f: getattr(order, f) for f in AMOUNTS} == kept[order.id]
        assert (order.email, order.firstname, order.lastname) == (user.email, "—", "—")
        assert order.shipping_address["country"] == "nl"
        assert "Keizersgracht" not in json.dumps(order.shipping_address)
    assert await Entitlement.filter(user_id=user.id).count() == 4  # the paid order's lessons
    entry = await ActivityEntry.get(action="customers.erased")
    assert "anna" not in json.dumps([entry.before, entry.after, entry.note]).lower()


async def test_erasing_leaves_no_mail_naming_the_customer(client, settings):
    """The sent-mail log keeps which mail went out and when, not to whom; mails still waiting
    are never sent; someone else's mails and jobs are untouched."""
    anna = await a_customer()
    mails = {
        "account": await SentMail.create(
            to="Anna@Example.com", subject="Reset", template="password_reset", locale="nl",
            user_id=None, message_key="m-account",
        ),
        "order": await SentMail.create(
            to="anna.oud@example.com", subject="Order", template="order_confirmation",
            locale="nl", order_id=anna.paid.id, message_key="m-order",
        ),
        "other": await SentMail.create(
            to="bram@example.com", subject="Order", template="order_confirmation", locale="nl",
            message_key="m-other",
        ),
    }  # fmt: skip
    later = outbox.now() + timedelta(hours=1)  # waiting: the test app's drainer leaves them
    await outbox.enqueue(PASSWORD_RESET_JOB, {"email": "ANNA@example.com", "locale": "nl"}, later)
    await outbox.enqueue(CONFIRMATION_JOB, {"email": "bram@example.com", "locale": "nl"}, later)
    await outbox.enqueue(ORDER_CONFIRMATION, {"order_id": anna.unpaid.id}, later)
    done = await OutboxJob.create(
        kind=PASSWORD_CHANGED_JOB, payload={"user_id": anna.user.id, "locale": "nl"},
        status=JobStatus.DONE, next_attempt_at=outbox.now(),
    )  # fmt: skip

    response = await client.post(
        f"/api/studio/customers/{anna.user.id}/erase",
        json={"confirm": "anna@example.com"},
        headers=await headers_of(settings),
    )

    assert response.status == 200, response.json
    erased = f"erased-{anna.user.id}@erased.invalid"
    assert [(await SentMail.get(id=mails[name].id)).to for name in mails] == [
        erased,
        erased,
        "bram@example.com",
    ]
    assert (await SentMail.get(id=mails["order"].id)).template == "order_confirmation"
    jobs = {job.kind: job for job in await OutboxJob.all()}
    for kind in (PASSWORD_RESET_JOB, ORDER_CONFIRMATION, PASSWORD_CHANGED_JOB):
        assert (jobs[kind].payload, jobs[kind].status) == ({"erased": True}, JobStatus.DONE)
    assert jobs[PASSWORD_RESET_JOB].last_error.startswith("Not run")
    assert (await OutboxJob.get(id=done.id)).finished_at is None  # it had run: left as it was
    assert jobs[CONFIRMATION_JOB].payload == {"email": "bram@example.com", "locale": "nl"}
    assert jobs[CONFIRMATION_JOB].status == JobStatus.PENDING
