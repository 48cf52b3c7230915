"""The test provider's hosted page: in the payment's language, keyboard-usable, valid and
CSP-safe HTML; a choice updates the payment, promises the webhook call (an outbox job) and
sends the customer back; the job calls the webhook over real HTTP, as Mollie does."""

from __future__ import annotations

import asyncio
import re
from datetime import UTC, datetime, timedelta
from html.parser import HTMLParser

import pytest

from splash.core import locales
from splash.core.formatting import money
from splash.core.locales import LOCALES
from splash.orders.models import Order
from splash.orders.payments.models import SandboxPayment
from splash.orders.payments.sandbox import current
from splash.orders.payments.sandbox_page import PAGE_CSS_HASH, SandboxChoice, choices_from
from splash.orders.vocabulary import OrderStatus, PaymentStatus
from splash.shared import outbox
from splash.shared.outbox.models import OutboxJob
from tests.outbox.support import drainer
from tests.payments.support import order_with_test_payment, provider_reports
from tests.support import serving

FORM = {"content-type": "application/x-www-form-urlencoded"}
JSON = {"content-type": "application/json"}
VOID = {"meta", "link", "br", "input", "img", "hr"}
PAGE_TEXTS = {locale: locales.texts(locale, "payment_page") for locale in LOCALES}


class Page(HTMLParser):
    """The page's structure, failing on what a validator would refuse: unclosed or misnested
    elements, inline scripts, inline styles or event handlers."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.open: list[str] = []
        self.doctype: str | None = None
        self.lang: str | None = None
        self.buttons: list[tuple[str, str, str]] = []  # (value, text, enclosing elements)
        self.texts: list[str] = []
        self._button: dict[str, str] | None = None
        self.feed(html)
        self.close()
        assert self.open == [], f"unclosed: {self.open}"

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        assert tag != "script" and "style" not in attributes
        assert not [name for name in attributes if name.startswith("on")]
        if tag == "html":
            self.lang = attributes.get("lang")
        if tag == "button":
            assert attributes["type"] == "submit" and attributes["name"] == "status"
            self._button = {"value": attributes["value"] or "", "text": ""}
        if tag not in VOID:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        assert self.open and self.open[-1] == tag, f"</{tag}> closes {self.open}"
        self.open.pop()
        if tag == "button" and self._button is not None:
            inside = ">".join(self.open)
            self.buttons.append((self._button["value"], self._button["text"].strip(), inside))
            self._button = None

    def handle_data(self, data: str) -> None:
        if self._button is not None:
            self._button["text"] += data
        if data.strip():
            self.texts.append(data.strip())


async def _page(client, payment_id: str):
    response = await client.get(f"/api/payments/test/{payment_id}")
    assert response.status == 200, response.text
    return response, Page(response.text)


# --- the page -----------------------------------------------------------------------------------


@pytest.mark.parametrize("locale", ["nl", "en", "de", "es", "fr", "sv"])
async def test_the_page_speaks_the_payments_language(seeded, client, locale):
    order, payment = await order_with_test_payment(locale=locale)
    texts = PAGE_TEXTS[locale]

    response, page = await _page(client, payment.id)

    assert page.doctype == "doctype html" and page.lang == locale
    assert texts["title"] in page.texts and texts["choose"] in page.texts
    assert money(order.total, locale) in page.texts
    assert f"Splash {order.order_nr}" in page.texts
    assert [(value, text) for value, text, _ in page.buttons] == [
        (choice.value, texts[choice.value]) for choice in SandboxChoice
    ]
    assert {inside for _, _, inside in page.buttons} == {"html>body>main>form>fieldset"}
    assert response.headers["cache-control"] == "no-store"


async def test_the_page_is_csp_safe_its_styles_allowed_by_their_hash(seeded, client):
    _, payment = await order_with_test_payment()

    response, _ = await _page(client, payment.id)

    policy = dict(
        part.strip().split(" ", 1)
        for part in response.headers["content-security-policy"].split(";")
    )
    assert policy["style-src"] == f"'self' {PAGE_CSS_HASH}"
    assert policy["script-src"] == "'self'"
    assert "unsafe-inline" not in response.headers["content-security-policy"]
    assert len(re.findall(r"<style>", response.text)) == 1


async def test_the_page_has_the_shops_icon_which_its_policy_allows(seeded, client, spa_built):
    # Issue 24, point 20: without one the browser asks for /favicon.ico, a 404 in its console.
    _, payment = await order_with_test_payment()

    response, _ = await _page(client, payment.id)

    icons = re.findall(r'<link rel="icon" href="([^"]+)" type="image/svg\+xml">', response.text)
    assert icons == ["/favicon.svg"]
    icon = await client.get(icons[0])
    assert icon.status == 200
    assert icon.headers["content-type"].startswith("image/svg+xml")
    policy = dict(
        part.strip().split(" ", 1)
        for part in response.headers["content-security-policy"].split(";")
    )
    assert "'self'" in policy["img-src"].split()


async def test_a_pending_payment_offers_only_the_moves_the_table_allows(seeded, client):
    _, payment = await order_with_test_payment()
    await provider_reports(payment, status=PaymentStatus.PENDING)

    _, page = await _page(client, payment.id)

    assert [value for value, _, _ in page.buttons] == [
        "paid",
        "pending",
        "failed",
        "canceled",
        "expired",
    ]
    assert choices_from(PaymentStatus.PENDING) == [
        SandboxChoice.PAID,
        SandboxChoice.PENDING,
        SandboxChoice.FAILED,
        SandboxChoice.CANCELED,
        SandboxChoice.EXPIRED,
    ]


@pytest.mark.parametrize("locale", ["nl", "en", "de", "es", "fr", "sv"])
async def test_an_ended_payment_says_so_and_offers_no_choice(seeded, client, locale):
    _, payment = await order_with_test_payment(locale=locale)
    await provider_reports(payment, status=PaymentStatus.CANCELED)
    texts = PAGE_TEXTS[locale]

    response, page = await _page(client, payment.id)

    assert page.buttons == []
    assert texts["final"].format(status=texts["status_canceled"]) in page.texts
    assert f'href="{payment.redirect_url.replace("&", "&amp;")}"' in response.text


async def test_an_unknown_payment_is_a_404(database, client):
    response = await client.get("/api/payments/test/tr_test_unknown")

    assert response.status == 404
    assert response.json["error"]["name"] == "NotFoundError"


def test_every_language_has_every_text():
    keys = set(PAGE_TEXTS["en"])
    assert set(PAGE_TEXTS) == {"nl", "en", "de", "es", "fr", "sv"}
    for locale, texts in PAGE_TEXTS.items():
        assert set(texts) == keys, locale
        assert all(text.strip() for text in texts.values()), locale
    assert {f"status_{status}" for status in ("paid", "canceled", "expired", "failed")} < keys
    assert {choice.value for choice in SandboxChoice} < keys


# --- the choice ---------------------------------------------------------------------------------


@pytest.mark.parametrize("choice", ["paid", "failed", "canceled", "expired", "pending", "open"])
async def test_a_choice_updates_the_payment_promises_the_webhook_and_goes_back(
    seeded, client, choice
):
    _, payment = await order_with_test_payment()

    response = await client.post(
        f"/api/payments/test/{payment.id}", content=f"status={choice}", headers=FORM
    )

    assert response.status == 303
    assert response.headers["location"] == payment.redirect_url
    chosen = await SandboxPayment.get(id=payment.id)
    assert (chosen.status, chosen.method, chosen.bank_details) == (choice, None, None)
    [job] = await OutboxJob.all()
    assert (job.kind, job.payload) == ("test_provider_webhook", {"payment_id": payment.id})


async def test_bank_transfer_keeps_the_payment_open_with_the_account_to_pay_to(seeded, client):
    _, payment = await order_with_test_payment()

    response = await client.post(
        f"/api/payments/test/{payment.id}", content="status=banktransfer", headers=FORM
    )

    assert response.status == 303
    chosen = await SandboxPayment.get(id=payment.id)
    assert (chosen.status, chosen.method) == (PaymentStatus.OPEN, "banktransfer")
    assert chosen.bank_details is not None
    assert set(chosen.bank_details) == {"bankName", "bankAccount", "bankBic", "transferReference"}
    assert re.fullmatch(r"TEST-\d{4}-\d{4}-\d{4}", chosen.bank_details["transferReference"])


async def test_an_ended_payment_cannot_be_changed_again(seeded, client):
    _, payment = await order_with_test_payment()
    first = await client.post(
        f"/api/payments/test/{payment.id}", content="status=paid", headers=FORM
    )

    again = await client.post(
        f"/api/payments/test/{payment.id}", content="status=failed", headers=FORM
    )

    assert first.status == 303
    assert again.status == 409
    assert again.json["error"]["details"] == {"code": "payment_final", "status": "paid"}
    assert (await SandboxPayment.get(id=payment.id)).status is PaymentStatus.PAID
    assert await OutboxJob.all().count() == 1


async def test_a_payment_past_its_expiry_cannot_be_paid_any_more(seeded, client):
    """Open for more than 15 minutes: expired, as at Mollie — the tester's late "paid" is a
    409 and nothing is promised."""
    _, payment = await order_with_test_payment()
    await provider_reports(payment, created_at=datetime.now(UTC) - timedelta(minutes=16))

    late = await client.post(
        f"/api/payments/test/{payment.id}", content="status=paid", headers=FORM
    )

    assert late.status == 409
    assert late.json["error"]["details"] == {"code": "payment_final", "status": "expired"}
    assert (await current(payment.id)).status is PaymentStatus.EXPIRED
    assert await OutboxJob.all().count() == 0


async def test_a_move_the_table_refuses_is_a_409(seeded, client):
    _, payment = await order_with_test_payment()
    await provider_reports(payment, status=PaymentStatus.PENDING)

    response = await client.post(
        f"/api/payments/test/{payment.id}", content="status=open", headers=FORM
    )

    assert response.status == 409
    assert response.json["error"]["details"]["code"] == "illegal_transition"
    assert await OutboxJob.all().count() == 0


@pytest.mark.parametrize(
    ("body", "headers", "status", "path"),
    [
        ("status=refunded", FORM, 400, ["status"]),
        ("", FORM, 400, ["status"]),
        ("status=paid&status=failed", FORM, 400, ["status"]),
        (
            '{"status": "paid"}',
            {"content-type": "application/json"},
            415,
            ["header", "content-type"],
        ),
        (b"status=\xff", FORM, 400, ["body"]),
        ("status=%FF", FORM, 400, ["body"]),
    ],
)
async def test_a_bad_choice_is_a_4xx_naming_the_field(seeded, client, body, headers, status, path):
    _, payment = await order_with_test_payment()

    response = await client.post(f"/api/payments/test/{payment.id}", content=body, headers=headers)

    assert response.status == status
    assert response.json["error"]["details"]["errors"][0]["path"] == path
    assert (await SandboxPayment.get(id=payment.id)).status is PaymentStatus.OPEN


async def test_a_choice_for_an_unknown_payment_is_a_404(database, client):
    response = await client.post(
        "/api/payments/test/tr_test_unknown", content="status=paid", headers=FORM
    )

    assert response.status == 404
    assert await OutboxJob.all().count() == 0


async def test_the_way_back_never_leaves_the_shop(seeded, client):
    _, payment = await order_with_test_payment()
    await SandboxPayment.filter(id=payment.id).update(redirect_url="https://evil.example/steal")

    response = await client.post(
        f"/api/payments/test/{payment.id}", content="status=paid", headers=FORM
    )

    assert (response.status, response.headers["location"]) == (303, "/")


# --- the webhook call, over real HTTP -----------------------------------------------------------


async def test_the_provider_calls_the_webhook_and_the_order_is_paid(seeded, app):
    async with serving(app) as http:
        webhook = f"{http.base_url}/api/payments/webhook"
        order, payment = await order_with_test_payment(webhook_url=webhook)

        chosen = await http.post(
            f"/api/payments/test/{payment.id}", content="status=paid", headers=FORM
        )
        assert chosen.status_code == 303

        for _ in range(250):  # the embedded drainer calls the webhook
            if (await Order.get(id=order.id)).status is OrderStatus.PAID:
                break
            await asyncio.sleep(0.02)
    assert (await Order.get(id=order.id)).status is OrderStatus.PAID
    webhook_job = await OutboxJob.get(kind="test_provider_webhook")
    assert (webhook_job.status, webhook_job.attempts) == ("done", 1)


async def test_a_webhook_that_cannot_be_reached_is_called_again_later(seeded, settings):
    _, payment = await order_with_test_payment()  # its webhook URL: a closed port
    await provider_reports(payment, status=PaymentStatus.PAID)
    await outbox.enqueue("test_provider_webhook", {"payment_id": payment.id})

    await drainer(settings, settings.mail_url).drain_due()

    job = await OutboxJob.get()
    assert (job.status, job.attempts) == ("pending", 1)
    assert job.last_error is not None and "ConnectError" in job.last_error
