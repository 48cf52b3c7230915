"""Shipping countries and the cart quote (contracts/catalog-api.md)."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.http.context import current_user, domain_locale
from splash.http.openapi import Parameter, documented
from splash.http.request import json_body
from splash.http.response import public
from splash.orders import services
from splash.orders.invoice import INVOICE_CSP, invoice_page
from splash.orders.schemas import QuoteAnswer, QuoteRequest, ShippingCountryList

bp = Blueprint("orders")


@bp.get("/shipping-countries")
@documented(
    "The countries Splash ships to, with the shipping cost in cents",
    tag="orders",
    response=ShippingCountryList,
)
async def shipping_countries(request: Request) -> HTTPResponse:
    return public(ShippingCountryList(data=await services.shipping_countries()))


@bp.post("/cart/quote")
@documented(
    "Price a cart: lines with what the cart shows of them, dropped lines, subtotal, shipping, "
    "the VAT the prices include and the total (all in cents)",
    tag="orders",
    body=QuoteRequest,
    response=QuoteAnswer,
)
async def quote(request: Request) -> HTTPResponse:
    cart = json_body(request, QuoteRequest)
    answer = await services.quote(
        cart, await current_user(request), domain_locale(request), request.app.ctx.routes
    )
    return public(QuoteAnswer(data=answer))


# --- the invoice (issue 13 point 5) ---------------------------------------------------------


@bp.get("/orders/<slug>/invoice", ctx_csp=INVOICE_CSP)
@documented(
    "The printable invoice of a paid, shipped, completed or refunded order, as an HTML page in "
    "the order's language; 404 for any other order and an unknown slug",
    tag="orders",
    response=str,
    media_type="text/html",
    parameters=(Parameter("slug", "path", "The order's slug (the capability to see it)"),),
    errors=(404,),
)
async def order_invoice(request: Request, slug: str) -> HTTPResponse:
    page = await invoice_page(slug, request.app.ctx.settings)
    headers = {"cache-control": "private, no-store", "x-robots-tag": "noindex"}
    return HTTPResponse(page, headers=headers, content_type="text/html; charset=utf-8")
