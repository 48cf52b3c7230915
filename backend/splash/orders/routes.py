"""Shipping countries and the cart quote (contracts/catalog-api.md)."""

from __future__ import annotations

from sanic import Blueprint, Request, json
from sanic.response import HTTPResponse

from splash.http.context import current_user
from splash.http.openapi import documented
from splash.http.request import json_body
from splash.orders import services
from splash.orders.schemas import QuoteRequest

bp = Blueprint("orders")


@bp.get("/shipping-countries")
@documented("The countries Splash ships to, with the shipping cost in cents", tag="orders")
async def shipping_countries(request: Request) -> HTTPResponse:
    return json({"data": await services.shipping_countries()})


@bp.post("/cart/quote")
@documented(
    "Price a cart: lines, dropped lines, subtotal, shipping and total (all in cents)",
    tag="orders",
    body=QuoteRequest,
)
async def quote(request: Request) -> HTTPResponse:
    cart = json_body(request, QuoteRequest)
    answer = await services.quote(cart, await current_user(request))
    return json({"data": answer})
