"""Request bodies (unknown fields refused) and answers of the orders API: the cart quote
(contracts/catalog-api.md), the checkout, Pay now and the order reads (contracts/orders-api.md).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StringConstraints

from splash.accounts.schemas import AddressFields, Name
from splash.catalog.schemas import Image
from splash.catalog.vocabulary import ProductType
from splash.core.countries import Country
from splash.core.schemas import CaptchaToken, Email, PublicModel, RequestBody
from splash.orders.vocabulary import (
    Carrier,
    LineRefusal,
    OrderFlag,
    OrderStatus,
    PaymentStatus,
)

MAX_LINES = 50
OptionText = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class Option(RequestBody):
    key: OptionText
    value: OptionText


class OptionPublic(PublicModel):
    key: str
    value: str


class CartLine(RequestBody):
    # Strict: JSON's true is not a quantity of 1 (lax mode would read it so; found by fuzzing).
    variant_id: StrictInt = Field(gt=0, lt=2**31)
    quantity: StrictInt = Field(ge=1, le=99)
    options: list[Option] = Field(default_factory=list, max_length=10)


class QuoteRequest(RequestBody):
    items: list[CartLine] = Field(max_length=MAX_LINES)
    country: Country | None = None


class ShippingCountryPublic(PublicModel):
    iso: str = Field(examples=["nl"])
    shipping_cost: int = Field(description="Cents")


class ShippingCountryList(PublicModel):
    data: list[ShippingCountryPublic]


class QuoteLinePublic(PublicModel):
    """A priced line with what the cart shows of it."""

    variant_id: int
    quantity: int
    options: list[OptionPublic]
    title: str = Field(description="The product's title", examples=["Splash-drijfpak"])
    variant_label: str = Field(examples=["Blauw, M"])
    image: Image | None
    product_path: str | None = Field(examples=["/shop/splash-drijfpak"])
    unit_price: int = Field(description="Cents, VAT included")
    line_total: int = Field(description="Cents, VAT included")
    vat: int = Field(description="Cents of VAT contained in lineTotal")
    available: bool = Field(description="Sellable in this quantity now")
    stock: int = Field(description="How many may be bought (1 for lessons: bought once)")
    product_type: ProductType = Field(description="digital lines (lessons) are not shipped")
    refusal: LineRefusal | None = Field(
        description="Lessons only: owned (the buyer owns all it unlocks) or in_cart (another "
        "line unlocks it too); null when it may be bought"
    )


class DroppedLinePublic(PublicModel):
    variant_id: int
    reason: Literal["unknown"]


class ShippingPublic(PublicModel):
    status: Literal["cost", "free", "tbd"]
    cost: int | None = Field(description="Cents; null while to be announced")
    country: str | None


class VatPublic(PublicModel):
    country: str = Field(description="Whose rate applies: the destination, else the shop's home")
    rate: int = Field(description="Percent")
    shipping: int = Field(description="Cents of VAT contained in the shipping cost")
    total: int = Field(description="Cents of VAT contained in the total: line VATs + shipping's")


class QuotePublic(PublicModel):
    items: list[QuoteLinePublic]
    dropped: list[DroppedLinePublic] = Field(description="Lines naming no sellable variant")
    physical: bool
    subtotal: int
    shipping: ShippingPublic
    vat: VatPublic
    total: int = Field(description="subtotal + shipping cost when known")
    countries: list[ShippingCountryPublic] = Field(
        description="Where Splash ships to, with the cost: the cart's country choice needs no "
        "second request"
    )


class QuoteAnswer(PublicModel):
    data: QuotePublic


# --- the checkout: POST /orders ------------------------------------------------------------------

Locale = Literal["nl", "en", "de", "es", "fr", "sv"]
# Where the provider sends the customer back: a shop origin + the order-payment route's path.
ReturnUrl = Annotated[str, StringConstraints(min_length=1, max_length=500)]


class Customer(RequestBody):
    """The personal details of the order (spec §3); a guest's account is made from them."""

    firstname: Name
    lastname: Name
    email: Email


class OrderCart(RequestBody):
    items: list[CartLine] = Field(min_length=1, max_length=MAX_LINES)


class ShippingDetails(RequestBody):
    country: Country  # the same as the address's: shipping and VAT follow it
    address: AddressFields


class BillingDetails(RequestBody):
    address: AddressFields


class OrderDraftData(RequestBody):
    """What the customer chose. Prices, totals, currency, VAT, status and owner are not part of
    it: a body naming them is refused as naming unknown fields."""

    user: Customer
    locale: Locale = "nl"
    cart: OrderCart
    shipping: ShippingDetails
    billing: BillingDetails | None = Field(
        default=None, description="null or absent: bill to the shipping address"
    )
    consent: Literal[True] = Field(
        description="Placing the order consents to the privacy policy and the terms (spec §5)"
    )
    withdrawal_waived: StrictBool | None = Field(
        default=None,
        description="Required true when the cart holds lessons: the buyer wants them right away "
        "and knows that they then lose the 14-day right of withdrawal for them",
    )


class OrderDraft(RequestBody):
    data: OrderDraftData
    return_url: ReturnUrl = Field(
        description="A shop origin + the order-payment path, e.g. http://localhost:8000/order-payment"
    )
    captcha_token: CaptchaToken | None = Field(
        default=None,
        description="A fresh reCAPTCHA v3 token (action submit); required while the shop's "
        "captcha is on. Not part of the request the Idempotency-Key stands for",
    )


class OrderCreated(PublicModel):
    order_nr: str = Field(examples=["SPL-7K3M-9QX2"])
    slug: str = Field(description="The order's capability: who knows it may see the order")
    checkout_url: str = Field(description="The payment provider's page for this order")


class OrderCreatedAnswer(PublicModel):
    data: OrderCreated


# --- Pay now: POST /orders/{slug}/payments -------------------------------------------------------


class PaymentStart(RequestBody):
    return_url: ReturnUrl


class PaymentStarted(PublicModel):
    checkout_url: str


class PaymentStartedAnswer(PublicModel):
    data: PaymentStarted


# --- the reads -----------------------------------------------------------------------------------


class AddressPublic(PublicModel):
    street: str
    housenumber: str
    addition: str | None
    additional_info: str | None
    postal_code: str
    city: str
    country: str


class CustomerPublic(PublicModel):
    firstname: str
    lastname: str
    email: str


class OrderLinePublic(PublicModel):
    variant_id: int
    sku: str
    product_type: ProductType
    title: str = Field(examples=["Splash-drijfpak"])
    variant_label: str = Field(examples=["Blauw, M"])
    options: list[OptionPublic]
    quantity: int
    unit_price: int = Field(description="Cents, VAT included")
    line_total: int = Field(description="Cents, VAT included")
    vat_rate: int = Field(description="Percent")
    vat: int = Field(description="Cents of VAT contained in lineTotal")


class BankTransferPublic(PublicModel):
    bank_name: str
    bank_account: str
    bank_bic: str
    transfer_reference: str


class ParcelLinePublic(PublicModel):
    title: str
    variant_label: str
    quantity: int


class ParcelPublic(PublicModel):
    """A shipment as its customer sees it."""

    shipped_at: datetime
    carrier: Carrier
    tracking_number: str
    tracking_url: str | None = Field(description="The carrier's tracking page (none for other)")
    lines: list[ParcelLinePublic] = Field(description="What it held")


class OrderPublic(PublicModel):
    order_nr: str
    slug: str
    locale: str
    created_at: datetime
    status: OrderStatus
    payment_status: PaymentStatus | None = Field(description="The latest payment's status")
    customer: CustomerPublic
    shipping_address: AddressPublic
    billing_address: AddressPublic = Field(description="The shipping address when none was given")
    lines: list[OrderLinePublic]
    subtotal: int
    shipping: int = Field(description="Cents, VAT included")
    vat_rate: int = Field(description="Percent, the destination's")
    vat_country: str
    shipping_vat: int
    vat: int = Field(description="Cents of VAT contained in the total")
    total: int
    currency: str
    amount_refunded: int
    amount_charged_back: int
    flagged: OrderFlag | None
    bank_transfer: BankTransferPublic | None
    can_pay: bool = Field(
        description="Pay now gives a payment page: not paid, and no payment pending or authorized"
    )
    invoice_url: str | None = Field(description="Set once the order is paid")
    lessons_path: str | None = Field(
        description="The page (on the asking domain) where the lessons the order unlocked wait; "
        "set once it is paid and unlocked some"
    )
    shipments: list[ParcelPublic] = Field(
        default_factory=list,
        description="The parcels sent so far, oldest first (left out while there are none)",
    )


class OrderAnswer(PublicModel):
    data: OrderPublic


class OrderSummaryPublic(PublicModel):
    order_nr: str
    slug: str
    created_at: datetime
    status: OrderStatus
    payment_status: PaymentStatus | None
    total: int
    currency: str
    line_count: int = Field(description="How many items: the sum of the lines' quantities")
    shipments: list[ParcelPublic] = Field(
        default_factory=list,
        description="The parcels sent so far, oldest first (left out while there are none)",
    )


class OrderSummaryList(PublicModel):
    data: list[OrderSummaryPublic]


class OrderSummaryStudio(PublicModel):
    """An order on the studio's customer page."""

    id: int
    number: str
    created_at: datetime
    status: OrderStatus
    total: int  # cents, VAT included
    refunded: int  # cents
