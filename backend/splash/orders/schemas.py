"""The cart quote's request body (unknown fields refused) and the answers of the orders API."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from splash.catalog.schemas import Image
from splash.orders.vocabulary import ShippingCountry
from splash.schemas import PublicModel, RequestBody

MAX_LINES = 50
OptionText = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class Option(RequestBody):
    key: OptionText
    value: OptionText


class OptionPublic(PublicModel):
    key: str
    value: str


class CartLine(RequestBody):
    variant_id: int = Field(gt=0, lt=2**31)
    quantity: int = Field(ge=1, le=99)
    options: list[Option] = Field(default_factory=list, max_length=10)


class QuoteRequest(RequestBody):
    items: list[CartLine] = Field(max_length=MAX_LINES)
    country: ShippingCountry | None = None


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
    stock: int


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
