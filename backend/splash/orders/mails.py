"""The order e-mails, sent by the outbox drainer (``splash.shared.outbox``) in the order's language.

The checkout and the payment updates enqueue a job naming the order (and, for a new account,
the user) in the transaction that changes the order; the handler here loads what the mail says
when it is sent. A job whose order no longer exists, or whose news is stale by then, is dropped
(returning is "done"), never retried:

- ``order_confirmation`` ``{"order_id"}``: the order is paid — lines, VAT, totals, addresses,
  when it ships, the lessons it unlocked (bought, or free with a suit: the course page), the
  order page and the invoice. Dropped unless the order has an invoice.
- ``order_bank_transfer`` ``{"order_id"}``: where to transfer the money to. Dropped once the
  order no longer awaits its payment, when its latest payment holds no bank details, and when
  its address never confirmed anything (a guest's, or an unconfirmed account's): a typed
  address is never asked by e-mail to pay money — the bank details stay on the buyer's payment
  page and order page (issue 23).

Every order mail says how to report an order one did not place (write to ``shop_email``), and
shows the name typed at checkout as plain text, cut (``templates.person_name``).
- ``order_shipped`` ``{"order_id", "shipment_id"}``: a parcel left (``orders.shipments``) —
  what it holds, the carrier, the tracking number and link, and whether more parcels follow.
- ``order_account`` ``{"user_id", "order_id", "locale"}``: a guest's order made an account;
  a link sets its first password (``accounts.services.first_password_link``). Dropped when the
  account is gone or already has a password.
- ``order_refund`` ``{"refund_id"}``: money went back (``orders.refunds``) — how much, and the
  link to its credit note. Dropped when the refund is gone or failed at the provider.
- ``order_canceled`` ``{"order_id"}``: the studio cancelled the unpaid order and chose to tell
  the customer (``orders.cancels``). Dropped unless the order is still cancelled.
"""

from __future__ import annotations

from typing import Any

from splash.accounts import services as accounts
from splash.catalog.vocabulary import ProductType
from splash.core import formatting
from splash.orders import cancels, documents, fulfilment, order_detail, refunds, shipments, tracking
from splash.orders.credit_notes import credit_note_path
from splash.orders.documents import OrderDocument
from splash.orders.models import Order, Refund
from splash.orders.vocabulary import REFUND_VOID, OrderStatus
from splash.shared.mail import sent, templates
from splash.shared.outbox import Job
from splash.shared.outbox.drain import Resources

CONFIRMATION = "order_confirmation"
BANK_TRANSFER = "order_bank_transfer"
ACCOUNT = "order_account"
SHIPPED = shipments.ORDER_SHIPPED
REFUND = refunds.ORDER_REFUND
CANCELED = cancels.ORDER_CANCELED


def _page(
    resources: Resources, name: str, locale: str, params: dict[str, str] | None = None
) -> str:
    """The absolute URL of one of the SPA's routes on the locale's domain."""
    return resources.settings.origin(locale) + resources.routes.path_for(name, locale, params)


def _order_context(resources: Resources, order: OrderDocument) -> dict[str, Any]:
    return {
        "name": templates.person_name(order.firstname),
        "shop_email": resources.settings.shop_email,
        "order": order,
        "order_link": _page(resources, "order", order.locale, {"slug": order.slug}),
        "shop_url": resources.settings.origin(order.locale),
    }


async def _send(
    job: Job,
    resources: Resources,
    name: str,
    order: OrderDocument | Order,
    to: str,
    context: dict[str, Any],
    locale: str | None = None,
) -> None:
    """Sends an order's mail (in its language unless told) and logs it with the order."""
    locale = locale or order.locale
    mail = templates.compose(name, locale, context, to=to, key=job.key)
    order_id = order.id
    await sent.deliver(resources.mailer, mail, template=name, locale=locale, order_id=order_id)


async def send_confirmation(job: Job, resources: Resources) -> None:
    order = await documents.by_id(job.payload["order_id"])
    if order is None or not order.invoiced:
        return
    settings = resources.settings
    context = {
        **_order_context(resources, order),
        "invoice_link": settings.origin(order.locale)
        + documents.invoice_path(settings.api_prefix, order.slug),
        "lessons_link": await _lessons_link(resources, order),
    }
    await _send(job, resources, CONFIRMATION, order, order.email, context)


async def _lessons_link(resources: Resources, order: OrderDocument) -> str | None:
    """The course page of the lessons the order unlocked (bought, or free with a suit)."""
    path = await fulfilment.unlocked_page(order.id, order.locale, resources.routes)
    return resources.settings.origin(order.locale) + path if path else None


async def send_bank_transfer(job: Job, resources: Resources) -> None:
    order = await documents.by_id(job.payload["order_id"])
    if order is None or order.status != OrderStatus.AWAITING_PAYMENT or order.bank_transfer is None:
        return
    if not await accounts.confirmed_address(order.email):
        return
    context = {**_order_context(resources, order), "bank": order.bank_transfer}
    await _send(job, resources, BANK_TRANSFER, order, order.email, context)


async def send_account(job: Job, resources: Resources) -> None:
    locale = job.payload["locale"]
    order = await documents.by_id(job.payload["order_id"])
    if order is None:
        return
    link = await accounts.first_password_link(
        job.payload["user_id"], _page(resources, "reset", locale)
    )
    if link is None:
        return
    context = {
        "name": templates.person_name(link.name),
        "shop_email": resources.settings.shop_email,
        "email": link.email,
        "link": link.url,
        "valid_days": link.valid_days,
        "order_nr": order.order_nr,
        "forgot_link": _page(resources, "forgot-password", locale),
        "shop_url": resources.settings.origin(locale),
    }
    await _send(job, resources, ACCOUNT, order, link.email, context, locale)


async def send_shipped(job: Job, resources: Resources) -> None:
    loaded = await order_detail.load(job.payload["order_id"])
    shipment_id = job.payload["shipment_id"]
    if loaded is None or shipment_id not in loaded.shipments:
        return
    order = loaded.order
    parcel = next(s for s in order_detail.shipments_public(loaded) if s.id == shipment_id)
    context = {
        "name": templates.person_name(order.firstname),
        "shop_email": resources.settings.shop_email,
        "order_nr": order.order_nr,
        "parcel": {"lines": parcel.lines, "more_to_come": _more_to_come(loaded, shipment_id)},
        "carrier": tracking.carrier_name(parcel.carrier),
        "tracking_number": parcel.tracking_number,
        "tracking_link": parcel.tracking_url,
        "order_link": _page(resources, "order", order.locale, {"slug": order.slug}),
        "shop_url": resources.settings.origin(order.locale),
    }
    await _send(job, resources, SHIPPED, order, order.email, context)


def _more_to_come(loaded: order_detail.Loaded, shipment_id: int) -> bool:
    """Whether physical units were left to ship after this parcel (later ones may have gone
    since: the mail tells what was true when the parcel left)."""
    shipped: dict[int, int] = {}
    for sent_id, parts in loaded.parts.items():
        for part in parts if sent_id <= shipment_id else ():
            line_id = part.order_line_id  # type: ignore[attr-defined]
            shipped[line_id] = shipped.get(line_id, 0) + part.quantity
    return any(
        line.quantity > shipped.get(line.id, 0)
        for line in loaded.lines
        if line.product_type == ProductType.PHYSICAL
    )


async def send_refund(job: Job, resources: Resources) -> None:
    refund = await Refund.get_or_none(id=job.payload["refund_id"])
    if refund is None or refund.status in REFUND_VOID:
        return
    order = await documents.by_id(refund.order_id)  # type: ignore[attr-defined]
    if order is None:
        return
    settings = resources.settings
    context = {
        **_order_context(resources, order),
        "order_nr": order.order_nr,
        "amount": formatting.money(refund.amount, order.locale),
        "credit_note_nr": refund.credit_note_nr,
        "credit_note_link": settings.origin(order.locale)
        + credit_note_path(settings.api_prefix, order.slug, refund.credit_note_nr),
    }
    await _send(job, resources, REFUND, order, order.email, context)


async def send_canceled(job: Job, resources: Resources) -> None:
    order = await documents.by_id(job.payload["order_id"])
    if order is None or order.status != OrderStatus.CANCELED:
        return
    context = {**_order_context(resources, order), "order_nr": order.order_nr}
    await _send(job, resources, CANCELED, order, order.email, context)
