"""A customer's orders for the studio: the summary on their page, everything in a privacy
export, and the erasure of the person from them.

A customer's orders are those of their account and those placed with their e-mail address (a
guest's order gets the account only once paid). Erasing keeps what bookkeeping and tax law
require of an order, its invoice and credit notes — number, dates, status, lines, amounts, VAT
country and rates, payments — and removes who placed it: name, e-mail, street, house number,
postal code, city (the country stays: it decided the VAT), the client key, the device pass and
the checkout's stored answer (docs/privacy.md)."""

from __future__ import annotations

from typing import Any

from pydantic.alias_generators import to_camel
from tortoise.expressions import Q, Subquery

from splash.orders.cancels import ORDER_CANCELED
from splash.orders.fulfilment import ORDER_ACCOUNT, ORDER_BANK_TRANSFER, ORDER_CONFIRMATION
from splash.orders.models import CheckoutRequest, DevicePass, Order, OrderLine, Payment
from splash.orders.schemas import OrderSummaryStudio
from splash.orders.shipments import ORDER_SHIPPED
from splash.shared import outbox
from splash.shared.mail import sent

ERASED_NAME = "—"


ORDER_MAILS = (
    ORDER_CONFIRMATION,
    ORDER_ACCOUNT,
    ORDER_BANK_TRANSFER,
    ORDER_SHIPPED,
    ORDER_CANCELED,
)


def _of(user_id: int, email: str) -> Q:
    return Q(user_id=user_id) | Q(email=email)


def ids_of(user_id: int, email: str) -> Subquery:
    """The ids of a customer's orders (their account's and those placed with their address),
    as a subquery for another table's filter."""
    return Subquery(Order.filter(_of(user_id, email)).values("id"))


async def summaries(user_id: int, email: str) -> list[OrderSummaryStudio]:
    """Newest first, one statement."""
    rows = (
        await Order.filter(_of(user_id, email))
        .order_by("-created_at", "-id")
        .values("id", "order_nr", "created_at", "status", "total", "amount_refunded")
    )
    return [
        OrderSummaryStudio(
            id=row["id"],
            number=row["order_nr"],
            created_at=row["created_at"],
            status=row["status"],
            total=row["total"],
            refunded=row["amount_refunded"],
        )
        for row in rows
    ]


_ORDER_FIELDS = (
    "order_nr", "invoice_nr", "locale", "status", "email", "firstname", "lastname",
    "shipping_address", "billing_address", "currency", "subtotal", "shipping_cost", "vat_country",
    "vat_rate", "shipping_vat", "vat", "total", "amount_refunded", "amount_charged_back",
    "consent_version", "consented_at", "withdrawal_waived_at", "created_at", "paid_at",
)  # fmt: skip
_LINE_FIELDS = (
    "sku", "product_type", "title", "variant_label", "options", "quantity", "unit_price",
    "line_total", "vat_rate", "vat",
)  # fmt: skip
_PAYMENT_FIELDS = (
    "provider", "provider_id", "status", "amount", "method", "amount_refunded",
    "amount_charged_back", "created_at", "updated_at",
)  # fmt: skip


def _plain(row: Any, names: tuple[str, ...]) -> dict[str, Any]:
    """The fields as the API spells them (camelCase), moments as ISO 8601."""
    values = {name: getattr(row, name) for name in names}
    return {
        to_camel(name): value.isoformat() if hasattr(value, "isoformat") else value
        for name, value in values.items()
    }


async def export(user_id: int, email: str) -> list[dict[str, Any]]:
    """Every order of the customer with its lines and payments (three statements)."""
    orders = await Order.filter(_of(user_id, email)).order_by("created_at", "id")
    ids = [order.id for order in orders]
    lines = await OrderLine.filter(order_id__in=ids).order_by("position", "id")
    payments = await Payment.filter(order_id__in=ids).order_by("created_at", "id")
    return [
        {
            **_plain(order, _ORDER_FIELDS),
            "lines": [
                _plain(line, _LINE_FIELDS)
                for line in lines
                if line.order_id == order.id  # type: ignore[attr-defined]
            ],
            "payments": [
                _plain(payment, _PAYMENT_FIELDS)
                for payment in payments
                if payment.order_id == order.id  # type: ignore[attr-defined]
            ],
        }
        for order in orders
    ]


def _without_person(address: dict[str, Any] | None) -> dict[str, Any] | None:
    if address is None:
        return None
    return {
        "street": ERASED_NAME,
        "housenumber": ERASED_NAME,
        "addition": None,
        "additionalInfo": None,
        "postalCode": ERASED_NAME,
        "city": ERASED_NAME,
        "country": address.get("country"),
    }


async def erase(user_id: int, email: str, replacement: str) -> int:
    """Inside the caller's transaction: the person gone from their orders, every amount kept;
    how many orders."""
    orders = await Order.filter(_of(user_id, email))
    for order in orders:
        await Order.filter(id=order.id).update(
            email=replacement,
            firstname=ERASED_NAME,
            lastname=ERASED_NAME,
            shipping_address=_without_person(order.shipping_address),
            billing_address=_without_person(order.billing_address),
            client_key=None,
        )
    ids = [order.id for order in orders]
    await DevicePass.filter(order_id__in=ids).delete()
    await CheckoutRequest.filter(order_id__in=ids).update(answer=None)
    await sent.forget_recipient(replacement, order_ids=ids)
    # A mail still waiting would go to the erased address (a refund's names its refund, and a
    # refund is only made with the owner's eyes on the order: none waits here).
    await outbox.forget(ORDER_MAILS, lambda payload: payload.get("order_id") in ids)
    return len(orders)
