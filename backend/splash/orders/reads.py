"""What a customer reads about orders: one order by its slug (the guest's capability) or by its
number among the signed-in user's own, and the signed-in user's list.

An order whose latest payment is still unfinished is re-checked at the provider first
(``payment_updates.check``, at its pace: not when it was asked about lately): that read is the
customer's return from the payment page, which may come before the provider's webhook. A
provider that cannot be reached then is no error: the order is shown as stored, and the webhook
brings the news later.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from tortoise.expressions import RawSQL

from splash.accounts import services as accounts
from splash.core.errors import NotFoundError
from splash.core.route_table import RouteTable
from splash.orders import payment_updates
from splash.orders.documents import has_invoice, invoice_path, with_latest_payment
from splash.orders.fulfilment import naming_unlocked, unlocked_page_of
from splash.orders.models import Order, OrderLine, Payment
from splash.orders.payment_checks import CheckPace
from splash.orders.payment_start import UNFINISHED
from splash.orders.payments.provider import PaymentProvider, ProviderUnavailable
from splash.orders.schemas import (
    AddressPublic,
    BankTransferPublic,
    CustomerPublic,
    OptionPublic,
    OrderLinePublic,
    OrderPublic,
    OrderSummaryPublic,
    ParcelPublic,
)
from splash.orders.vocabulary import MONEY_ARRIVED, OrderStatus, PaymentStatus

log = logging.getLogger(__name__)

# The units an order holds, counted beside it (a correlated subquery, not its lines loaded).
LINE_COUNT = RawSQL(
    f'(SELECT COALESCE(SUM("quantity"), 0) FROM "{OrderLine._meta.db_table}" '
    f'WHERE "order_id" = "{Order._meta.db_table}"."id")'
)

# Pending and authorized payments have money on its way: no second payment meanwhile.
ON_ITS_WAY = frozenset({PaymentStatus.PENDING, PaymentStatus.AUTHORIZED})


@dataclass(frozen=True)
class OrderLinks:
    """Where an order's links point: the API (its invoice) and the asking domain's pages (the
    lessons it unlocked)."""

    api_prefix: str
    locale: str
    table: RouteTable


async def order_by_slug(
    slug: str, provider: PaymentProvider, pace: CheckPace, links: OrderLinks
) -> OrderPublic:
    return await _read(await with_latest_payment(slug=slug), provider, pace, links)


async def my_order(
    user: accounts.User,
    order_nr: str,
    provider: PaymentProvider,
    pace: CheckPace,
    links: OrderLinks,
) -> OrderPublic:
    """One of the user's own orders; another user's is as unknown as one that does not exist."""
    found = await with_latest_payment(order_nr=order_nr, user_id=user.id)
    return await _read(found, provider, pace, links)


async def my_orders(user: accounts.User) -> list[OrderSummaryPublic]:
    """The user's orders, newest first, each with its latest payment's status."""
    orders = await (
        Order.filter(user_id=user.id)
        .annotate(line_count=LINE_COUNT)
        .order_by("-created_at", "-id")
        .prefetch_related("payments")
    )
    return [
        OrderSummaryPublic(
            order_nr=order.order_nr,
            slug=order.slug,
            created_at=order.created_at,
            status=order.status,
            payment_status=_status(_latest(list(order.payments))),
            total=order.total,
            currency=order.currency,
            line_count=order.line_count,  # type: ignore[attr-defined]  # annotated
            **_parcels(order),
        )
        for order in orders
    ]


async def _read(
    found: tuple[Order | None, Payment | None],
    provider: PaymentProvider,
    pace: CheckPace,
    links: OrderLinks,
) -> OrderPublic:
    order, latest = found
    if order is None:
        raise NotFoundError("Order not found")
    if latest is not None and latest.status in UNFINISHED:
        try:
            await payment_updates.check(provider, latest.provider_id, pace)
        except ProviderUnavailable:
            log.warning("payment provider unavailable", extra={"order": order.order_nr})
        else:
            order = await Order.get(id=order.id)
            latest = await Payment.filter(order_id=order.id).order_by("-created_at", "-id").first()
    # The lines, each saying where the lessons the order unlocked wait: one statement.
    lines = await OrderLine.filter(order_id=order.id).annotate(
        **naming_unlocked(order.id, links.locale)
    )
    lessons = unlocked_page_of(lines[0], links.locale, links.table) if lines else None
    return _public(order, lines, latest, links.api_prefix, lessons)


def _latest(payments: list[Payment]) -> Payment | None:
    return max(payments, key=lambda p: (p.created_at, p.id), default=None)


def _status(payment: Payment | None) -> PaymentStatus | None:
    return payment.status if payment is not None else None


def can_pay(status: OrderStatus, latest: Payment | None) -> bool:
    """Pay now would give a payment page: not paid, and no payment with money on its way."""
    if status in MONEY_ARRIVED or (latest is not None and latest.status == PaymentStatus.PAID):
        return False
    return latest is None or latest.status not in ON_ITS_WAY


def _public(
    order: Order,
    lines: list[OrderLine],
    latest: Payment | None,
    api_prefix: str,
    lessons_path: str | None,
) -> OrderPublic:
    shipping_address = AddressPublic.model_validate(order.shipping_address)
    bank = latest.bank_details if latest is not None else None
    return OrderPublic(
        order_nr=order.order_nr,
        slug=order.slug,
        locale=order.locale,
        created_at=order.created_at,
        status=order.status,
        payment_status=_status(latest),
        customer=CustomerPublic(
            firstname=order.firstname, lastname=order.lastname, email=order.email
        ),
        shipping_address=shipping_address,
        billing_address=AddressPublic.model_validate(order.billing_address)
        if order.billing_address
        else shipping_address,
        lines=[_line(line) for line in lines],
        subtotal=order.subtotal,
        shipping=order.shipping_cost,
        vat_rate=order.vat_rate,
        vat_country=order.vat_country,
        shipping_vat=order.shipping_vat,
        vat=order.vat,
        total=order.total,
        currency=order.currency,
        amount_refunded=order.amount_refunded,
        amount_charged_back=order.amount_charged_back,
        flagged=order.flagged,
        bank_transfer=BankTransferPublic.model_validate(bank) if bank else None,
        can_pay=can_pay(order.status, latest),
        invoice_url=invoice_path(api_prefix, order.slug) if has_invoice(order.status) else None,
        lessons_path=lessons_path,
        **_parcels(order),
    )


def _parcels(order: Order) -> dict[str, list[ParcelPublic]]:
    """The order's parcels (the copy ``orders.shipments`` keeps on the order, so the reads
    cost no statement more); left out until the first one leaves."""
    if not order.parcels:
        return {}
    return {"shipments": [ParcelPublic.model_validate(parcel) for parcel in order.parcels]}


def _line(line: OrderLine) -> OrderLinePublic:
    return OrderLinePublic(
        variant_id=line.variant_id,
        sku=line.sku,
        product_type=line.product_type,
        title=line.title,
        variant_label=line.variant_label,
        options=[OptionPublic(**option) for option in line.options],
        quantity=line.quantity,
        unit_price=line.unit_price,
        line_total=line.line_total,
        vat_rate=line.vat_rate,
        vat=line.vat,
    )
