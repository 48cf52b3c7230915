"""The invoice of a paid order: one printable HTML page in the order's language
(``templates/invoice.html``, its words the catalogues' ``invoice.*``), built from the same order
document as the e-mails.

What the EU VAT directive (art. 226) asks of it: the seller's name, postal address (written as
the buyer's, in the invoice's language), chamber-of-commerce (KvK) and VAT numbers, from the site
settings (content, ``fixtures/settings.yaml``: the footer shows the same); the buyer's name and
address; a number of one sequential series (``invoice_numbers``); the date it was issued, the
day it was paid; each line's quantity, unit price without VAT, rate and VAT; the taxable amount
and the VAT per rate. It fits a phone (its lines one card each below 600 px) and an A4 page
(the print stylesheet). Only orders whose money arrived have one
(``vocabulary.MONEY_ARRIVED``); any other order, like an unknown slug, is "not found", so the
slug-holder learns nothing more than the order page tells.

The page carries no script. Its stylesheet is inline, allowed by the Content-Security-Policy
through its SHA-256 (``INVOICE_CSP``, the route's ``ctx_csp``) rather than by 'unsafe-inline': the
style is a fixed file, so its hash is known when the route is declared.
"""

from __future__ import annotations

import hashlib
from base64 import b64encode
from importlib.resources import files

from markupsafe import Markup

from splash.content import services as content
from splash.core.config import Settings
from splash.core.errors import NotFoundError
from splash.core.locales import texts
from splash.core.templating import template_environment
from splash.orders import documents
from splash.orders.addresses import address_lines

STYLESHEET = files("splash.orders").joinpath("templates/invoice.css").read_text(encoding="utf-8")
_STYLE_HASH = b64encode(hashlib.sha256(STYLESHEET.encode("utf-8")).digest()).decode("ascii")
INVOICE_CSP = (("style-src", (f"'sha256-{_STYLE_HASH}'",)),)


async def invoice_page(slug: str, settings: Settings) -> str:
    """The invoice's HTML; NotFoundError for an unknown slug or an order not paid."""
    order = await documents.by_slug(slug)
    if order is None or not order.invoiced:
        raise NotFoundError("No invoice for this order")
    seller = await content.site_settings()
    address = seller.address.model_dump(by_alias=True) if seller.address else None
    return (
        template_environment("splash.orders")
        .get_template("invoice.html")
        .render(
            order=order,
            seller=seller,
            seller_address=(
                address_lines(seller.company_name, address, order.locale)
                if address
                else (seller.company_name,)
            ),
            t=texts(order.locale, "invoice"),
            shop_url=settings.origin(order.locale),
            stylesheet=Markup(STYLESHEET),  # our own file: its hash is in the CSP
        )
    )
