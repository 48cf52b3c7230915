"""The ``mollie`` provider: Mollie's Payments API v2 through Mollie's own SDK (``mollie-api-py``,
async over httpx), pointed at ``SPLASH_MOLLIE_BASE_URL`` (tests: ``testkit.mollie_stub``).

Cents become Mollie's ``{"currency": "EUR", "value": "12.50"}`` here and nowhere else. The
SDK's own retries are off: a webhook that cannot ask Mollie answers 503 and Mollie calls it
again, and a checkout retries with the same idempotency key. An unknown payment (404) is None;
anything else that keeps Mollie from answering — no connection, a timeout, a 5xx, a refused API
key, an answer the SDK cannot read — is :class:`ProviderUnavailable`.
"""

from __future__ import annotations

import json
import logging
from decimal import Decimal
from typing import Any

import httpx
import mollie
from mollie import models
from mollie.types.basemodel import Unset
from pydantic import ValidationError as PydanticValidationError

from splash.orders.payments.provider import (
    BankTransfer,
    PaymentRequest,
    ProviderPayment,
    ProviderRefund,
    ProviderRefused,
    ProviderUnavailable,
    RefundRequest,
    WebhookRefused,
)
from splash.orders.vocabulary import PaymentStatus, RefundStatus

log = logging.getLogger(__name__)
NOT_FOUND = 404
UNPROCESSABLE = 422
BANK_FIELDS = ("bank_name", "bank_account", "bank_bic", "transfer_reference")


def as_value(cents: int) -> str:
    """1250 → "12.50" (Mollie's amounts are strings with two decimals)."""
    return f"{Decimal(cents) / 100:.2f}"


def as_cents(value: str) -> int:
    """ "12.50" → 1250."""
    return int(Decimal(value) * 100)


class MollieProvider:
    name = "mollie"

    def __init__(self, api_key: str, base_url: str, timeout_seconds: float) -> None:
        self.client = mollie.ClientSDK(
            security=mollie.Security(api_key=api_key),
            server_url=base_url.rstrip("/"),
            retry_config=None,
            timeout_ms=int(timeout_seconds * 1000),
        )

    async def create(self, request: PaymentRequest) -> ProviderPayment:
        body = models.PaymentRequest(
            description=request.description,
            amount=models.Amount(currency=request.currency, value=as_value(request.amount)),
            redirect_url=request.redirect_url,
            webhook_url=request.webhook_url,
            locale=models.Locale2(request.locale),
            metadata=dict(request.metadata),
        )
        try:
            created = await self.client.payments.create_async(
                payment_request=body, idempotency_key=request.idempotency_key
            )
        except models.ClientError as exc:
            if _refused_field(exc) == "webhookUrl":
                log.error(
                    "Mollie refused the webhook URL: it must be reachable from the internet "
                    "(set SPLASH_PAYMENTS_WEBHOOK_ORIGIN to a public https origin)",
                    extra={"webhook_url": request.webhook_url, "detail": _detail(exc)},
                )
                raise WebhookRefused(f"Mollie refused webhook URL {request.webhook_url}") from exc
            raise _unavailable("create", exc) from exc
        except Exception as exc:
            raise _unavailable("create", exc) from exc
        return as_payment(created)

    async def fetch(self, payment_id: str) -> ProviderPayment | None:
        try:
            found = await self.client.payments.get_async(payment_id=payment_id)
        except models.ClientError as exc:
            if exc.status_code == NOT_FOUND:
                return None
            raise _unavailable("fetch", exc) from exc
        except Exception as exc:
            raise _unavailable("fetch", exc) from exc
        return as_payment(found)

    async def refund(self, request: RefundRequest) -> ProviderRefund:
        """``POST /v2/payments/{id}/refunds``; Mollie's 422 (more than the payment holds, a
        payment that cannot be refunded) is ``ProviderRefused``."""
        body = models.RefundRequest(
            amount=models.Amount(currency=request.currency, value=as_value(request.amount)),
            description=request.description,
        )
        try:
            created = await self.client.refunds.create_async(
                payment_id=request.payment_id,
                refund_request=body,
                idempotency_key=request.idempotency_key,
            )
        except models.ClientError as exc:
            if exc.status_code == UNPROCESSABLE:
                raise ProviderRefused(_detail(exc) or "Mollie refused the refund") from exc
            raise _unavailable("refund", exc) from exc
        except Exception as exc:
            raise _unavailable("refund", exc) from exc
        return as_refund(created)

    async def fetch_refund(self, payment_id: str, refund_id: str) -> ProviderRefund | None:
        try:
            found = await self.client.refunds.get_async(payment_id=payment_id, refund_id=refund_id)
        except models.ClientError as exc:
            if exc.status_code == NOT_FOUND:
                return None
            raise _unavailable("fetch refund", exc) from exc
        except Exception as exc:
            raise _unavailable("fetch refund", exc) from exc
        return as_refund(found)

    async def cancel(self, payment_id: str) -> ProviderPayment:
        """``DELETE /v2/payments/{id}``; a payment that is no longer open is a 422 there."""
        try:
            canceled = await self.client.payments.cancel_async(payment_id=payment_id)
        except models.ClientError as exc:
            if exc.status_code in (NOT_FOUND, UNPROCESSABLE):
                raise ProviderRefused(_detail(exc) or "Mollie refused the cancel") from exc
            raise _unavailable("cancel", exc) from exc
        except Exception as exc:
            raise _unavailable("cancel", exc) from exc
        return as_payment(canceled)


def as_refund(found: models.RefundResponse) -> ProviderRefund:
    return ProviderRefund(
        id=found.id,
        status=RefundStatus(str(_value(found.status))),
        amount=as_cents(found.amount.value),
    )


def _error_body(exc: models.ClientError) -> dict[str, Any]:
    try:
        body = json.loads(exc.body)
    except ValueError:
        return {}
    return body if isinstance(body, dict) else {}


def _refused_field(exc: models.ClientError) -> str | None:
    """The request field a 422 names (Mollie's ``field``), if any."""
    if exc.status_code != UNPROCESSABLE:
        return None
    field = _error_body(exc).get("field")
    return field if isinstance(field, str) else None


def _detail(exc: models.ClientError) -> str:
    return str(_error_body(exc).get("detail", ""))


_UNAVAILABLE = (
    httpx.TransportError,  # refused, dropped, timed out
    models.ClientError,  # 4xx but 404, 5xx
    models.NoResponseError,
    models.ResponseValidationError,  # an answer the SDK cannot read
    PydanticValidationError,
)


def _unavailable(action: str, exc: Exception) -> Exception:
    """What the caller sees of an SDK failure: ProviderUnavailable for anything that keeps
    Mollie from answering; an error of ours (a bug) stays what it is."""
    if not isinstance(exc, _UNAVAILABLE):
        return exc
    status = getattr(exc, "status_code", None)
    reason = f"Mollie {action}: {type(exc).__name__}" + (f" {status}" if status else "")
    log.warning("payment provider unavailable", extra={"reason": reason})
    return ProviderUnavailable(reason)


def as_payment(found: models.PaymentResponse) -> ProviderPayment:
    """Mollie's payment object as the provider interface reports it (cents, our statuses)."""
    links = found.links
    return ProviderPayment(
        id=found.id,
        status=PaymentStatus(str(_value(found.status))),
        amount=as_cents(found.amount.value),
        currency=found.amount.currency,
        method=_text(found.method),
        checkout_url=links.checkout.href if links.checkout else None,
        amount_refunded=as_cents(found.amount_refunded.value) if found.amount_refunded else 0,
        amount_charged_back=(
            as_cents(found.amount_charged_back.value) if found.amount_charged_back else 0
        ),
        bank_transfer=_bank_transfer(found.details),
    )


def _value(member: Any) -> Any:
    """An enum member's value, or the plain string an open enum keeps for a value it does not
    know (Mollie adds payment methods over time)."""
    return getattr(member, "value", member)


def _text(value: Any) -> str | None:
    """An optional field: None for unset, null or empty."""
    if value is None or isinstance(value, Unset) or value == "":
        return None
    return str(_value(value))


def _bank_transfer(details: Any) -> BankTransfer | None:
    """The bank account to pay to, when every part of it is in the payment's details."""
    if details is None or isinstance(details, Unset):
        return None
    parts = [_text(getattr(details, name, None)) for name in BANK_FIELDS]
    if not all(parts):
        return None
    bank_name, bank_account, bank_bic, reference = (str(part) for part in parts)
    return BankTransfer(bank_name, bank_account, bank_bic, reference)
