"""The test provider's hosted payment page, as Mollie's test mode offers one.

The page shows the amount and description in the payment's language and lets a tester choose
how the payment ends. A choice updates the ``SandboxPayment`` and, in the same transaction, commits
an outbox job that calls the payment's webhook as Mollie does (an HTTP POST of ``id=<id>`` to
its ``webhookUrl``, retried with back-off until it answers 2xx); the customer is then sent to
the payment's ``redirectUrl``. A payment that has ended (paid, canceled, expired, failed)
cannot be changed again; an open payment can be left open and chosen for again later (bank
transfer first, then paid: the transfer arrived).
"""

from __future__ import annotations

import base64
import hashlib
import secrets
from collections.abc import Callable
from enum import StrEnum
from typing import Any

import httpx
from markupsafe import Markup

from splash.core import locales, tls
from splash.core.errors import ConflictError, NotFoundError
from splash.core.formatting import money
from splash.core.templating import template_environment
from splash.orders.payment_status import PAYMENT_MOVES, IllegalTransition
from splash.orders.payments.models import SandboxPayment
from splash.orders.payments.sandbox import BANK_TRANSFER_METHOD, SHOP_LOCALES, current
from splash.orders.vocabulary import PaymentStatus
from splash.shared import outbox

WEBHOOK_JOB = "test_provider_webhook"
WEBHOOK_TIMEOUT_SECONDS = 10
FINAL = frozenset(status for status, moves in PAYMENT_MOVES.items() if not moves)
# The page's only styles; allowed by their hash (no 'unsafe-inline', no nonce needed).
PAGE_CSS = (
    "body{font-family:system-ui,sans-serif;margin:0;background:#f4f7fb;color:#1b2733}"
    "main{max-width:34rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.5rem}"
    ".notice{background:#fff6d6;padding:.75rem;border-radius:.25rem}"
    "dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}"
    "dd{margin:0}fieldset{border:0;padding:0;display:grid;gap:.5rem}"
    "legend{font-weight:600;margin-bottom:.5rem}"
    "button{font:inherit;padding:.6rem;border:1px solid #1b4f8a;border-radius:.25rem;"
    "background:#fff;color:#1b4f8a;text-align:left;cursor:pointer}"
    "button:focus-visible,a:focus-visible{outline:3px solid #f0a500;outline-offset:2px}"
    "button:hover{background:#e8f0fa}"
)
PAGE_CSS_HASH = f"'sha256-{base64.b64encode(hashlib.sha256(PAGE_CSS.encode()).digest()).decode()}'"


class SandboxChoice(StrEnum):
    """What a tester can choose on the page (bank transfer: open, awaiting the transfer)."""

    PAID = "paid"
    OPEN = "open"
    PENDING = "pending"
    FAILED = "failed"
    CANCELED = "canceled"
    EXPIRED = "expired"
    BANK_TRANSFER = "banktransfer"

    @property
    def status(self) -> PaymentStatus:
        return PaymentStatus.OPEN if self is SandboxChoice.BANK_TRANSFER else PaymentStatus(self)


def choices_from(status: PaymentStatus) -> list[SandboxChoice]:
    """The choices the transition table allows from ``status`` (staying is allowed)."""
    return [
        choice
        for choice in SandboxChoice
        if choice.status == status or choice.status in PAYMENT_MOVES[status]
    ]


def page_locale(payment: SandboxPayment) -> str:
    return SHOP_LOCALES.get(payment.locale, "en")


async def render_page(payment_id: str, safe_url: Callable[[str], str]) -> str:
    """The page of a payment: its choices while it is open, else that it has ended, with a
    link back to the shop (the payment's redirect URL as ``safe_url`` makes it safe)."""
    payment = await _payment(payment_id)
    locale = page_locale(payment)
    texts = locales.texts(locale, "payment_page")
    final = payment.status in FINAL
    context: dict[str, Any] = {
        "lang": locale,
        "t": texts,
        "css": Markup(PAGE_CSS),  # a constant of this module, hashed for the CSP
        "amount": money(payment.amount, locale),
        "description": payment.description,
        "final": texts["final"].format(status=texts[f"status_{payment.status}"]) if final else None,
        "choices": []
        if final
        else [(c.value, texts[c.value]) for c in choices_from(payment.status)],
        "back_url": safe_url(payment.redirect_url),
    }
    return (
        template_environment("splash.orders.payments")
        .get_template("sandbox_page.html")
        .render(context)
    )


async def choose(payment_id: str, choice: SandboxChoice) -> str:
    """Ends (or keeps open) the payment as the tester chose and promises its webhook call, in
    one transaction; answers where the customer goes back to. A compare-and-set on the status
    read: of two concurrent choices only one lands (the other is a 409)."""
    async with outbox.transaction():
        payment = await _payment(payment_id)
        if payment.status in FINAL:
            raise ConflictError(
                f"This test payment has already ended ({payment.status})",
                {"code": "payment_final", "status": str(payment.status)},
            )
        if choice not in choices_from(payment.status):
            raise IllegalTransition(payment.status, choice.status)
        changes: dict[str, Any] = {"status": choice.status}
        if choice is SandboxChoice.BANK_TRANSFER:
            changes.update(method=BANK_TRANSFER_METHOD, bank_details=bank_details())
        moved = await SandboxPayment.filter(id=payment.id, status=payment.status).update(**changes)
        if moved != 1:
            raise ConflictError("This test payment changed meanwhile", {"code": "payment_changed"})
        await outbox.enqueue(WEBHOOK_JOB, {"payment_id": payment.id})
    return payment.redirect_url


def bank_details() -> dict[str, str]:
    """The account a customer would transfer to, as Mollie's ``details`` give it."""
    digits = f"{secrets.randbelow(10**12):012d}"
    return {
        "bankName": "Splash Test Bank",
        "bankAccount": "NL02ABNA0123456789",
        "bankBic": "ABNANL2A",
        "transferReference": f"TEST-{digits[:4]}-{digits[4:8]}-{digits[8:]}",
    }


async def _payment(payment_id: str) -> SandboxPayment:
    payment = await current(payment_id)
    if payment is None:
        raise NotFoundError(f"No test payment {payment_id!r}")
    return payment


async def call_webhook(job: outbox.Job, resources: Any) -> None:
    """Mollie's webhook call: ``id=<payment id>`` posted to the payment's webhook URL; any
    answer but a 2xx is tried again later (as Mollie retries)."""
    payment = await SandboxPayment.get_or_none(id=job.payload["payment_id"])
    if payment is None:
        return
    async with httpx.AsyncClient(timeout=WEBHOOK_TIMEOUT_SECONDS, verify=tls.context()) as client:
        response = await client.post(payment.webhook_url, data={"id": payment.id})
    if not response.is_success:
        raise RuntimeError(f"the webhook answered {response.status_code}")
