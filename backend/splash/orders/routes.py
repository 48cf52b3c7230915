"""Shipping countries and the cart quote (contracts/catalog-api.md)."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.http.context import current_user, domain_locale
from splash.http.openapi import documented
from splash.http.request import json_body
from splash.http.response import public
from splash.orders import services
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
