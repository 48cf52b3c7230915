"""What the order e-mails and the invoice say about an order, built once from the order, its
lines and its latest payment: amounts written as money in the order's language, addresses as
address blocks, VAT grouped by rate. Templates only place these texts; they compute nothing.

VAT: every line carries its own rate (today all lines of an order share the destination's
rate, but an e-book or a lesson may one day have a reduced one); shipping carries the order's
rate. ``vat`` lists one share per rate with the net amount it is levied on, as an invoice must.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from splash.catalog.vocabulary import ProductType
from splash.core import formatting
from splash.orders.addresses import address_lines
from splash.orders.cart_pricing import vat_in
from splash.orders.models import Order, OrderLine, Payment
from splash.orders.vocabulary import MONEY_ARRIVED, OrderStatus


def has_invoice(status: OrderStatus) -> bool:
    return status in MONEY_ARRIVED


def invoice_path(api_prefix: str, slug: str) -> str:
    """Where an order's invoice is (``GET /api/orders/{slug}/invoice``, when it has one)."""
    return f"{api_prefix}/orders/{slug}/invoice"


@dataclass(frozen=True)
class DocumentLine:
    title: str
    variant_label: str
    options: tuple[tuple[str, str], ...]
    quantity: int
    unit_price: str
    unit_net: str  # the unit price without VAT, as an invoice must state it
    line_total: str
    vat_rate: int
    vat: str
    digital: bool = False  # a lesson: a digital service, delivered at once, not shipped


@dataclass(frozen=True)
class VatShare:
    rate: int  # percent
    net: str  # what the VAT is levied on
    amount: str


@dataclass(frozen=True)
class BankTransfer:
    """The account to transfer to, as the payment provider gave it."""

    amount: str
    bank_name: str
    bank_account: str
    bank_bic: str
    transfer_reference: str


@dataclass(frozen=True)
class OrderDocument:
    id: int
    order_nr: str
    # Drawn when the money arrived (``invoice_numbers``); an order paid before that series began
    # keeps the number its invoice was issued with, the order number: an issued invoice stays.
    invoice_nr: str
    slug: str
    locale: str
    status: OrderStatus
    invoiced: bool
    placed_on: str
    paid_on: str | None
    firstname: str
    customer: str  # first and last name
    email: str
    shipping_address: tuple[str, ...]
    billing_address: tuple[str, ...]  # the shipping address when none was given
    lines: tuple[DocumentLine, ...]
    mixed_rates: bool  # lines at different VAT rates: each line names its rate
    physical: bool  # something is shipped
    digital: bool  # something is a lesson
    subtotal: str
    free_shipping: bool
    shipping: str
    shipping_net: str
    shipping_vat_rate: int
    shipping_vat: str
    vat: tuple[VatShare, ...]
    vat_total: str
    net_total: str
    total: str
    refunded: str | None  # None when nothing was refunded
    charged_back: str | None
    bank_transfer: BankTransfer | None


def _vat_shares(order: Order, lines: Iterable[OrderLine], locale: str) -> tuple[VatShare, ...]:
    gross: dict[int, int] = {order.vat_rate: order.shipping_cost}
    vat: dict[int, int] = {order.vat_rate: order.shipping_vat}
    for line in lines:
        gross[line.vat_rate] = gross.get(line.vat_rate, 0) + line.line_total
        vat[line.vat_rate] = vat.get(line.vat_rate, 0) + line.vat
    return tuple(
        VatShare(
            rate=rate,
            net=formatting.money(gross[rate] - vat[rate], locale),
            amount=formatting.money(vat[rate], locale),
        )
        for rate in sorted(gross, reverse=True)
        if gross[rate]
    )


def _line(line: OrderLine, locale: str) -> DocumentLine:
    return DocumentLine(
        title=line.title,
        variant_label=line.variant_label,
        options=tuple((option["key"], option["value"]) for option in line.options),
        quantity=line.quantity,
        unit_price=formatting.money(line.unit_price, locale),
        unit_net=formatting.money(line.unit_price - vat_in(line.unit_price, line.vat_rate), locale),
        line_total=formatting.money(line.line_total, locale),
        vat_rate=line.vat_rate,
        vat=formatting.money(line.vat, locale),
        digital=line.product_type == ProductType.DIGITAL,
    )


def _bank_transfer(payment: Payment | None, locale: str) -> BankTransfer | None:
    details = payment.bank_details if payment else None
    if payment is None or not details:
        return None
    return BankTransfer(
        amount=formatting.money(payment.amount, locale),
        bank_name=details["bankName"],
        bank_account=details["bankAccount"],
        bank_bic=details["bankBic"],
        transfer_reference=details["transferReference"],
    )


def _money_or_none(cents: int, locale: str) -> str | None:
    return formatting.money(cents, locale) if cents else None


def _date(moment: datetime | None, locale: str) -> str | None:
    return formatting.long_date(moment, locale) if moment else None


def document(order: Order, lines: list[OrderLine], payment: Payment | None) -> OrderDocument:
    """The order as its documents show it, in the order's language."""
    locale = order.locale
    customer = f"{order.firstname} {order.lastname}".strip()
    money = formatting.money
    return OrderDocument(
        id=order.id,
        order_nr=order.order_nr,
        invoice_nr=order.invoice_nr or order.order_nr,
        slug=order.slug,
        locale=locale,
        status=order.status,
        invoiced=has_invoice(order.status),
        placed_on=formatting.long_date(order.created_at, locale),
        paid_on=_date(order.paid_at, locale),
        firstname=order.firstname,
        customer=customer,
        email=order.email,
        shipping_address=address_lines(customer, order.shipping_address, locale),
        billing_address=address_lines(
            customer, order.billing_address or order.shipping_address, locale
        ),
        lines=tuple(_line(line, locale) for line in lines),
        mixed_rates=len({line.vat_rate for line in lines}) > 1,
        physical=any(line.product_type == ProductType.PHYSICAL for line in lines),
        digital=any(line.product_type == ProductType.DIGITAL for line in lines),
        subtotal=money(order.subtotal, locale),
        free_shipping=order.shipping_cost == 0,
        shipping=money(order.shipping_cost, locale),
        shipping_net=money(order.shipping_cost - order.shipping_vat, locale),
        shipping_vat_rate=order.vat_rate,
        shipping_vat=money(order.shipping_vat, locale),
        vat=_vat_shares(order, lines, locale),
        vat_total=money(order.vat, locale),
        net_total=money(order.total - order.vat, locale),
        total=money(order.total, locale),
        refunded=_money_or_none(order.amount_refunded, locale),
        charged_back=_money_or_none(order.amount_charged_back, locale),
        bank_transfer=_bank_transfer(payment, locale),
    )


async def with_latest_payment(**order_is: Any) -> tuple[Order | None, Payment | None]:
    """The order matching ``order_is`` (its fields: ``slug=…``) and its latest payment, in one
    query through the payment; an order without a payment needs a second."""
    latest = (
        await Payment.filter(**{f"order__{field}": value for field, value in order_is.items()})
        .select_related("order")
        .order_by("-created_at", "-id")
        .first()
    )
    if latest is not None:
        return latest.order, latest
    return await Order.get_or_none(**order_is), None


async def _loaded(**order_is: Any) -> OrderDocument | None:
    order, payment = await with_latest_payment(**order_is)
    if order is None:
        return None
    lines = await OrderLine.filter(order_id=order.id).order_by("position", "id")
    return document(order, list(lines), payment)


async def by_id(order_id: int) -> OrderDocument | None:
    """The document of an order; None when the order no longer exists."""
    return await _loaded(id=order_id)


async def by_slug(slug: str) -> OrderDocument | None:
    return await _loaded(slug=slug)
