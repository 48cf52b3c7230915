"""The studio's refund, cancel and resend bodies and answers (issue 27 points 10 and 11)."""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Annotated

from pydantic import Field, StrictBool, StrictInt

from splash.core.schemas import PublicModel, RequestBody
from splash.orders.vocabulary import OrderStatus, PaymentStatus, RefundStatus, StockState


class RefundLineAsk(RequestBody):
    line_id: Annotated[StrictInt, Field(ge=1, lt=2**31)]
    quantity: Annotated[StrictInt, Field(ge=1, le=10_000)]


class RefundAsk(RequestBody):
    """One of three: ``all`` (everything not refunded yet), ``lines`` (units of lines, with or
    without ``shipping``), or ``amount`` in cents. The server computes the money."""

    all: StrictBool = False
    lines: Annotated[tuple[RefundLineAsk, ...], Field(max_length=200)] = ()
    shipping: StrictBool = False
    amount: Annotated[StrictInt | None, Field(ge=1, le=100_000_000)] = None
    restock: StrictBool = False  # returned units of physical lines back in stock
    revoke_lessons: StrictBool = False  # what the refunded lessons unlocked taken away
    reason: Annotated[str | None, Field(max_length=500)] = None


class RefundLinePublic(PublicModel):
    line_id: int
    quantity: int
    amount: int
    vat: int
    vat_rate: int


class VatPartPublic(PublicModel):
    rate: int
    net: int
    vat: int


class RefundPublic(PublicModel):
    id: int
    credit_note_nr: str
    status: RefundStatus
    amount: int
    shipping: int
    lines: list[RefundLinePublic]
    vat: list[VatPartPublic]
    restock: bool
    revoke_lessons: bool
    reason: str | None
    created_by: str
    created_at: datetime
    credit_note_url: str  # the studio's copy of the credit note


class OrderMoney(PublicModel):
    """Where the order's money stands after the change."""

    id: int
    status: OrderStatus
    total: int
    amount_refunded: int
    refundable: int  # what may still be refunded, in cents


class RefundMade(PublicModel):
    refund: RefundPublic
    order: OrderMoney


class RefundAnswer(PublicModel):
    data: RefundMade


class RefundList(PublicModel):
    data: list[RefundPublic]
    order: OrderMoney


class CancelAsk(RequestBody):
    notify: StrictBool = False  # send the customer the cancellation e-mail


class Canceled(PublicModel):
    id: int
    status: OrderStatus
    payment_status: PaymentStatus | None
    stock_state: StockState
    notified: bool


class CanceledAnswer(PublicModel):
    data: Canceled


class EmailKind(StrEnum):
    """The order e-mails the studio sends again."""

    CONFIRMATION = "confirmation"
    BANK_TRANSFER = "bank_transfer"
    ACCOUNT = "account"
    REFUND = "refund"  # the latest refund's
    CANCELED = "canceled"
    SHIPPED = "shipped"  # the latest parcel's


class ResendAsk(RequestBody):
    kind: EmailKind


class Resent(PublicModel):
    kind: EmailKind
    to: str  # the order's e-mail address


class ResentAnswer(PublicModel):
    data: Resent
