"""The credit note of a refund: one printable HTML page in the order's language
(``templates/credit_note.html``, its words the catalogues' ``credit_note.*``), beside the invoice.

What EU invoicing rules ask of it (VAT directive art. 219 and 226: a document that amends an
invoice is an invoice itself): the seller's and buyer's details as on the invoice, a number of
its own sequential series (``CN-2026-00001``, ``invoice_numbers.draw_credit_note``), the date it
was issued, an unambiguous reference to the invoice it corrects (its number and date), and what
is given back — each line's quantity, unit price without VAT, rate and VAT, the shipping, or an
amount — with the taxable amount and the VAT per rate and the total, all as negative amounts.
Those figures were fixed when the refund was made (``orders.refunds``); this only writes them.

Whoever may see the order's invoice may see its credit notes (the slug is the capability); any
other number, like an unknown slug, is "not found". The page carries no script and shares the
invoice's stylesheet and Content-Security-Policy (``invoice.INVOICE_CSP``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from splash.catalog.vocabulary import ProductType
from splash.content import services as content
from splash.core import formatting
from splash.core.config import Settings
from splash.core.errors import NotFoundError
from splash.core.locales import texts
from splash.core.templating import template_environment
from splash.orders import documents
from splash.orders.addresses import address_lines
from splash.orders.cart_pricing import vat_in
from splash.orders.invoice import STYLESHEET
from splash.orders.models import Order, OrderLine, Refund
from splash.orders.vocabulary import REFUND_VOID


def credit_note_path(api_prefix: str, slug: str, number: str) -> str:
    """Where the customer reads a credit note (``GET /api/orders/{slug}/credit-notes/{nr}``)."""
    return f"{api_prefix}/orders/{slug}/credit-notes/{number}"


@dataclass(frozen=True)
class CreditLine:
    title: str
    variant_label: str
    options: tuple[tuple[str, str], ...]
    quantity: int
    unit_net: str  # negative
    vat_rate: int
    vat: str  # negative
    amount: str  # negative, VAT included
    digital: bool


@dataclass(frozen=True)
class CreditShare:
    """A rate's part: its taxable amount, its VAT, and both together (all negative)."""

    rate: int
    net: str
    vat: str
    amount: str


@dataclass(frozen=True)
class CreditNote:
    number: str
    issued_on: str
    failed: bool  # the provider could not pay it back: nothing was refunded
    reason: str | None
    lines: tuple[CreditLine, ...]
    shipping: CreditShare | None  # the shipping given back, at the order's rate
    amounts: tuple[CreditShare, ...]  # a refund of an amount: one row per VAT rate
    vat: tuple[CreditShare, ...]
    net_total: str
    vat_total: str
    total: str


def credit_note(order: Order, lines: list[OrderLine], refund: Refund) -> CreditNote:
    locale = order.locale

    def minus(cents: int) -> str:
        return formatting.money(-cents, locale)

    by_id = {line.id: line for line in lines}
    credited = []
    for part in refund.lines:
        line = by_id[part["lineId"]]
        credited.append(
            CreditLine(
                title=line.title,
                variant_label=line.variant_label,
                options=tuple((option["key"], option["value"]) for option in line.options),
                quantity=part["quantity"],
                unit_net=minus(line.unit_price - vat_in(line.unit_price, line.vat_rate)),
                vat_rate=part["vatRate"],
                vat=minus(part["vat"]),
                amount=minus(part["amount"]),
                digital=line.product_type == ProductType.DIGITAL,
            )
        )
    shipping = None
    if refund.shipping:
        shipping = CreditShare(
            order.vat_rate,
            minus(refund.shipping - order.shipping_vat),
            minus(order.shipping_vat),
            minus(refund.shipping),
        )
    amounts: tuple[CreditShare, ...] = ()
    if not refund.lines and not refund.shipping:
        amounts = _shares(refund, minus)
    vat_total = sum(share["vat"] for share in refund.vat)
    return CreditNote(
        number=refund.credit_note_nr,
        issued_on=formatting.long_date(refund.created_at, locale),
        failed=refund.status in REFUND_VOID,
        reason=refund.reason,
        lines=tuple(credited),
        shipping=shipping,
        amounts=amounts,
        vat=_shares(refund, minus),
        net_total=minus(refund.amount - vat_total),
        vat_total=minus(vat_total),
        total=minus(refund.amount),
    )


def _shares(refund: Refund, minus: Callable[[int], str]) -> tuple[CreditShare, ...]:
    return tuple(
        CreditShare(
            share["rate"],
            minus(share["net"]),
            minus(share["vat"]),
            minus(share["net"] + share["vat"]),
        )
        for share in refund.vat
    )


async def credit_note_page(settings: Settings, number: str, **order_is: Any) -> str:
    """The credit note's HTML for the order matching ``order_is`` (``slug=…`` or ``id=…``);
    NotFoundError when the order has no invoice or no credit note of that number."""
    order, payment = await documents.with_latest_payment(**order_is)
    if order is None or not documents.has_invoice(order.status):
        raise NotFoundError("No such credit note")
    refund = await Refund.get_or_none(order_id=order.id, credit_note_nr=number[:16])
    if refund is None:
        raise NotFoundError("No such credit note")
    lines = list(await OrderLine.filter(order_id=order.id).order_by("position", "id"))
    seller = await content.site_settings()
    address = seller.address.model_dump(by_alias=True) if seller.address else None
    return (
        template_environment("splash.orders")
        .get_template("credit_note.html")
        .render(
            order=documents.document(order, lines, payment),
            note=credit_note(order, lines, refund),
            seller=seller,
            seller_address=(
                address_lines(seller.company_name, address, order.locale)
                if address
                else (seller.company_name,)
            ),
            t=texts(order.locale, "credit_note"),
            shop_url=settings.origin(order.locale),
            stylesheet=Markup(STYLESHEET),  # the invoice's own file: its hash is in the CSP
        )
    )
