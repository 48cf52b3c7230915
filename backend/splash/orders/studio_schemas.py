"""Request bodies (unknown fields refused) and answers of the studio's order endpoints: the
inbox, an order's detail, notes and shipments. Amounts are cents."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import Field, StrictInt, StringConstraints, field_validator

from splash.catalog.vocabulary import ProductType
from splash.core.schemas import PublicModel, RequestBody
from splash.orders.schemas import AddressPublic, OptionPublic
from splash.orders.vocabulary import Carrier, OrderFlag, OrderStatus, PaymentStatus

# --- the inbox -----------------------------------------------------------------------------------


class InboxCounts(PublicModel):
    to_ship: int
    awaiting_payment: int
    problems: int
    shipped: int
    refunded: int
    all: int


class InboxMeta(PublicModel):
    page: int
    page_size: int
    total: int = Field(description="Orders of the box that match the search")
    counts: InboxCounts = Field(description="Every box's count (the search does not narrow it)")


class InboxOrder(PublicModel):
    id: int
    order_nr: str
    created_at: datetime
    status: OrderStatus
    firstname: str
    lastname: str
    email: str
    country: str = Field(description="The shipping address's country")
    total: int
    currency: str
    amount_refunded: int
    flagged: OrderFlag | None
    to_ship: bool = Field(description="Paid, with physical units not shipped yet")


class InboxList(PublicModel):
    data: list[InboxOrder]
    meta: InboxMeta


# --- an order ------------------------------------------------------------------------------------


class StudioLine(PublicModel):
    id: int
    sku: str
    product_type: ProductType
    title: str
    variant_label: str
    options: list[OptionPublic]
    quantity: int
    shipped: int = Field(description="Units in shipments so far (physical lines)")
    unit_price: int
    line_total: int
    vat_rate: int
    vat: int


class PaymentStatusAt(PublicModel):
    status: PaymentStatus
    at: datetime


class StudioPayment(PublicModel):
    id: int
    provider: str
    provider_id: str
    method: str | None
    amount: int
    status: PaymentStatus
    amount_refunded: int
    amount_charged_back: int
    created_at: datetime
    history: list[PaymentStatusAt] = Field(description="Each status it took, oldest first")


class ShipmentLinePublic(PublicModel):
    line_id: int = Field(description="The order line's id (the studio's)")
    sku: str
    title: str
    variant_label: str
    quantity: int


class ShipmentPublic(PublicModel):
    id: int
    created_at: datetime
    carrier: Carrier
    tracking_number: str
    tracking_url: str | None
    lines: list[ShipmentLinePublic]


class SentMailPublic(PublicModel):
    id: int
    sent_at: datetime
    to: str
    subject: str
    template: str
    locale: str


class NotePublic(PublicModel):
    id: int = Field(description="The activity entry holding it")
    at: datetime
    author: str
    text: str


class TimelineEntry(PublicModel):
    at: datetime
    kind: Literal["placed", "payment", "shipment", "refund", "mail", "note", "activity"]
    summary: str = Field(
        description="What happened, in the studio's words: a payment's status, a carrier and "
        "tracking number, a mail's subject, a note's text, an activity's action"
    )
    ref: int | None = Field(description="The payment's, shipment's, mail's or entry's id")
    by: str | None = Field(description="Who did it (staff), when a person did")


class StudioOrder(PublicModel):
    id: int
    order_nr: str
    invoice_nr: str | None
    slug: str
    locale: str
    status: OrderStatus
    flagged: OrderFlag | None
    created_at: datetime
    paid_at: datetime | None
    user_id: int | None
    firstname: str
    lastname: str
    email: str
    shipping_address: AddressPublic
    billing_address: AddressPublic = Field(description="The shipping address when none was given")
    lines: list[StudioLine]
    subtotal: int
    shipping: int
    vat: int
    total: int
    currency: str
    amount_refunded: int
    amount_charged_back: int
    payments: list[StudioPayment]
    shipments: list[ShipmentPublic]
    refunds: list[dict[str, Any]] = Field(
        description="The order's refunds (filled by the refunds part of the studio)"
    )
    mails: list[SentMailPublic]
    notes: list[NotePublic]
    timeline: list[TimelineEntry] = Field(description="All of the above by time, oldest first")


class StudioOrderAnswer(PublicModel):
    data: StudioOrder


NoteText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]


class NoteCreate(RequestBody):
    text: NoteText


class NoteAnswer(PublicModel):
    data: NotePublic


# --- shipping ------------------------------------------------------------------------------------

TrackingNumber = Annotated[
    str,
    StringConstraints(
        strip_whitespace=True, min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9 \-]*$"
    ),
]


class ShipmentLineRequest(RequestBody):
    line_id: StrictInt = Field(gt=0, lt=2**31)
    quantity: StrictInt = Field(ge=1, le=999)


class ShipmentCreate(RequestBody):
    lines: list[ShipmentLineRequest] = Field(min_length=1, max_length=50)
    carrier: Carrier
    tracking_number: TrackingNumber
    tracking_url: str | None = Field(
        default=None,
        max_length=500,
        description="Only for carrier other: an https link typed by the owner (or none)",
    )

    @field_validator("tracking_url")
    @classmethod
    def _https(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith("https://"):
            raise ValueError("trackingUrl must be an https:// link")
        return value


class ShipmentAnswer(PublicModel):
    data: ShipmentPublic
