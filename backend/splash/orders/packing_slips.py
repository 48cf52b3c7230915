"""Packing slips: one print-ready A4 page per order (``templates/packing_slip.html``): the
order number as text and as a QR code (inline SVG, ``segno``), the delivery address, and the
physical units still to ship with their item numbers, to tick off while packing.

Each slip is in the order's language, not the studio user's: the slip travels in the parcel,
and the customer is who reads it (the packer needs the quantities and item numbers, which read
the same in every language); the lines' titles are stored in the order's language anyway. The
page's stylesheet is inline, allowed by the Content-Security-Policy through its SHA-256
(``PACKING_SLIP_CSP``), as the invoice's is. All orders come from one statement."""

from __future__ import annotations

import hashlib
from base64 import b64encode
from dataclasses import dataclass
from importlib.resources import files
from typing import Any

import segno
from markupsafe import Markup

from splash.catalog.vocabulary import ProductType
from splash.core import formatting
from splash.core.errors import NotFoundError, ValidationError
from splash.core.locales import texts
from splash.core.templating import template_environment
from splash.orders import order_detail
from splash.orders.addresses import address_lines
from splash.shared.collections import MAX_ID

STYLESHEET = files("splash.orders").joinpath("templates/packing_slip.css").read_text("utf-8")
_STYLE_HASH = b64encode(hashlib.sha256(STYLESHEET.encode("utf-8")).digest()).decode("ascii")
PACKING_SLIP_CSP = (("style-src", (f"'sha256-{_STYLE_HASH}'",)),)
MOST_ORDERS = 100  # a print run


@dataclass(frozen=True)
class SlipLine:
    quantity: int
    title: str
    variant_label: str
    sku: str


@dataclass(frozen=True)
class Slip:
    order_nr: str
    locale: str
    placed_on: str
    address: tuple[str, ...]
    lines: list[SlipLine]
    qr: Markup
    t: Any


def order_ids(raw: str | None) -> list[int]:
    """``1,2,3`` as ids (each once, in the order given); a 400 naming ``orders`` otherwise."""
    parts = (raw or "").split(",")
    if not raw or len(parts) > MOST_ORDERS or not all(p.isdigit() and len(p) <= 10 for p in parts):
        message = f"orders must be 1 to {MOST_ORDERS} order ids, separated by commas"
        raise ValidationError.for_field(["query", "orders"], message)
    ids = list(dict.fromkeys(int(part) for part in parts))
    if any(order_id > MAX_ID for order_id in ids):
        raise ValidationError.for_field(["query", "orders"], "orders holds an id too large")
    return ids


def qr_svg(text: str) -> Markup:
    """``text`` as a QR code: an inline SVG element (our own markup, no script)."""
    code = segno.make(text, error="m", micro=False)
    return Markup(code.svg_inline(scale=4, border=2, omitsize=True, title=text))


async def packing_slips(ids: list[int], studio_locale: str) -> str:
    """The HTML of the slips, one page per order; NotFoundError naming ids that do not exist."""
    found = await order_detail.load_many(ids)
    missing = sorted(set(ids) - {loaded.order.id for loaded in found})
    if missing:
        raise NotFoundError(f"No order with id {', '.join(map(str, missing))}")
    return (
        template_environment("splash.orders")
        .get_template("packing_slip.html")
        .render(
            slips=[_slip(loaded) for loaded in found],
            studio_locale=studio_locale,
            title=texts(studio_locale, "packing_slip")["title"],
            stylesheet=Markup(STYLESHEET),  # our own file: its hash is in the CSP
        )
    )


def _slip(loaded: order_detail.Loaded) -> Slip:
    order = loaded.order
    shipped = order_detail.shipped_per_line(loaded)
    name = f"{order.firstname} {order.lastname}".strip()
    return Slip(
        order_nr=order.order_nr,
        locale=order.locale,
        placed_on=formatting.long_date(order.created_at, order.locale),
        address=address_lines(name, order.shipping_address, order.locale),
        lines=[
            SlipLine(
                line.quantity - shipped.get(line.id, 0), line.title, line.variant_label, line.sku
            )
            for line in loaded.lines
            if line.product_type == ProductType.PHYSICAL and line.quantity > shipped.get(line.id, 0)
        ],
        qr=qr_svg(order.order_nr),
        t=texts(order.locale, "packing_slip"),
    )
