"""The cart quote's request body (unknown fields refused)."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, StringConstraints

from splash.orders.vocabulary import ShippingCountry
from splash.schemas import RequestBody

MAX_LINES = 50
OptionText = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class Option(RequestBody):
    key: OptionText
    value: OptionText


class CartLine(RequestBody):
    variant_id: int = Field(gt=0, lt=2**31)
    quantity: int = Field(ge=1, le=99)
    options: list[Option] = Field(default_factory=list, max_length=10)


class QuoteRequest(RequestBody):
    items: list[CartLine] = Field(max_length=MAX_LINES)
    country: ShippingCountry | None = None
