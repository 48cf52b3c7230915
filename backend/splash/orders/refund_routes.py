"""The studio's money routes of an order (issue 27 points 10 and 11): refunds with their credit
notes (owner only), cancelling an unpaid order and sending an order's e-mail again."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.core.errors import NotFoundError
from splash.orders import cancels, idempotency, refunds
from splash.orders.credit_notes import credit_note_page
from splash.orders.invoice import INVOICE_CSP
from splash.orders.models import Order, Refund
from splash.orders.refund_schemas import (
    CancelAsk,
    Canceled,
    CanceledAnswer,
    OrderMoney,
    RefundAnswer,
    RefundAsk,
    RefundLinePublic,
    RefundList,
    RefundMade,
    RefundPublic,
    ResendAsk,
    Resent,
    ResentAnswer,
    VatPartPublic,
)
from splash.shared import outbox
from splash.shared.collections import parse_id
from splash.shared.http.openapi import WHOLE_ID, Parameter, documented
from splash.shared.http.request import json_body
from splash.shared.http.response import public
from splash.staff.requests import actor, studio_route
from splash.staff.vocabulary import Permission

bp = Blueprint("studio_order_money", url_prefix="/studio")

ORDER_ID = Parameter("order_id", "path", "The order's id", schema=WHOLE_ID)
CREDIT_NOTE_NR = Parameter(
    "number", "path", "The credit note's number, e.g. CN-2026-00001", max_length=16
)
IDEMPOTENCY_KEY = Parameter(
    idempotency.HEADER,
    "header",
    "A fresh random key per refund, the same key when the same refund is sent again",
    required=True,
    schema={"pattern": idempotency.KEY_PATTERN},
)


def credit_note_url(request: Request, refund: Refund) -> str:
    prefix = request.app.ctx.settings.api_prefix
    order_id = refund.order_id  # type: ignore[attr-defined]
    return f"{prefix}/studio/orders/{order_id}/credit-notes/{refund.credit_note_nr}"


def refund_public(request: Request, refund: Refund) -> RefundPublic:
    return RefundPublic(
        id=refund.id,
        credit_note_nr=refund.credit_note_nr,
        status=refund.status,
        amount=refund.amount,
        shipping=refund.shipping,
        lines=[
            RefundLinePublic(
                line_id=part["lineId"],
                quantity=part["quantity"],
                amount=part["amount"],
                vat=part["vat"],
                vat_rate=part["vatRate"],
            )
            for part in refund.lines
        ],
        vat=[VatPartPublic(**share) for share in refund.vat],
        restock=refund.restock,
        revoke_lessons=refund.revoke_lessons,
        reason=refund.reason,
        created_by=refund.created_by,
        created_at=refund.created_at,
        credit_note_url=credit_note_url(request, refund),
    )


async def order_money(order: Order, found: list[Refund]) -> OrderMoney:
    return OrderMoney(
        id=order.id,
        status=order.status,
        total=order.total,
        amount_refunded=order.amount_refunded,
        refundable=await refunds.refundable(order, found),
    )


@bp.get("/orders/<order_id:str>/refunds")
@documented(
    "An order's refunds, oldest first, with their status at the provider, and what may still "
    "be refunded (cents)",
    tag="studio",
    response=RefundList,
    parameters=(ORDER_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.ORDERS)
async def list_refunds(request: Request, order_id: str) -> HTTPResponse:
    order = await Order.get_or_none(id=parse_id(order_id))
    if order is None:
        raise NotFoundError(f"No order with id {order_id}")
    found = list(await Refund.filter(order_id=order.id).order_by("created_at", "id"))
    return public(
        RefundList(
            data=[refund_public(request, refund) for refund in found],
            order=await order_money(order, found),
        )
    )


@bp.post("/orders/<order_id:str>/refunds")
@documented(
    "Refund money of a paid order through its payment provider: everything left (all), units "
    "of lines (with or without shipping) or an amount in cents; optionally back in stock and "
    "the lessons taken away. Never more than was paid minus refunded (a 400 naming the field). "
    "201 with the refund and its credit note; the same Idempotency-Key and body again answer "
    "200 with the same refund, the key with another body a 409",
    tag="studio",
    body=RefundAsk,
    response=RefundAnswer,
    parameters=(ORDER_ID, IDEMPOTENCY_KEY),
    errors=(401, 403, 404, 409, 503),
    status=201,
    also=(200,),
)
@studio_route(Permission.REFUND)
async def make_refund(request: Request, order_id: str) -> HTTPResponse:
    wanted = parse_id(order_id)
    key = idempotency.checked_key(request.headers.get(idempotency.HEADER))
    ask = json_body(request, RefundAsk)
    async with outbox.transaction():
        made = await refunds.make(wanted, ask, key, request.app.ctx.payments, actor(request))
    found = list(await Refund.filter(order_id=made.order.id))
    answer = RefundMade(
        refund=refund_public(request, made.refund), order=await order_money(made.order, found)
    )
    return public(RefundAnswer(data=answer), status=201 if made.created else 200)


@bp.get("/orders/<order_id:str>/credit-notes/<number:str>", ctx_csp=INVOICE_CSP)
@documented(
    "The printable credit note of one of the order's refunds, as the customer sees it (HTML)",
    tag="studio",
    response=str,
    media_type="text/html",
    parameters=(ORDER_ID, CREDIT_NOTE_NR),
    errors=(401, 403, 404),
)
@studio_route(Permission.ORDERS)
async def studio_credit_note(request: Request, order_id: str, number: str) -> HTTPResponse:
    page = await credit_note_page(request.app.ctx.settings, number, id=parse_id(order_id))
    headers = {"cache-control": "private, no-store", "x-robots-tag": "noindex"}
    return HTTPResponse(page, headers=headers, content_type="text/html; charset=utf-8")


@bp.post("/orders/<order_id:str>/cancel")
@documented(
    "Cancel an unpaid order: its open payment is cancelled at the provider, its stock goes "
    "back on sale, and the customer gets the cancellation e-mail only with notify. An order "
    "whose money arrived is a 409 (refund it instead)",
    tag="studio",
    body=CancelAsk,
    response=CanceledAnswer,
    parameters=(ORDER_ID,),
    errors=(401, 403, 404, 409, 503),
)
@studio_route(Permission.SHIP)
async def cancel_order(request: Request, order_id: str) -> HTTPResponse:
    wanted = parse_id(order_id)
    ask = json_body(request, CancelAsk)
    async with outbox.transaction():
        done = await cancels.cancel(wanted, ask.notify, request.app.ctx.payments, actor(request))
    order = done.order
    return public(
        CanceledAnswer(
            data=Canceled(
                id=order.id,
                status=order.status,
                payment_status=done.payment_status,
                stock_state=order.stock_state,
                notified=done.notified,
            )
        )
    )


@bp.post("/orders/<order_id:str>/emails")
@documented(
    "Send one of the order's e-mails again (confirmation, bank_transfer, account, refund: the "
    "latest refund's, canceled); 409 when the order never had such an e-mail",
    tag="studio",
    body=ResendAsk,
    response=ResentAnswer,
    parameters=(ORDER_ID,),
    errors=(401, 403, 404, 409),
    status=202,
)
@studio_route(Permission.SHIP)
async def resend_email(request: Request, order_id: str) -> HTTPResponse:
    wanted = parse_id(order_id)
    ask = json_body(request, ResendAsk)
    order = await cancels.resend(wanted, ask.kind, actor(request))
    return public(ResentAnswer(data=Resent(kind=ask.kind, to=order.email)), status=202)
