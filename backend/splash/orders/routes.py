"""Shipping countries and the cart quote (contracts/catalog-api.md); the checkout, Pay now and
the order reads (contracts/orders-api.md)."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.accounts.requests import current_user, require_user
from splash.orders import (
    checkout,
    checkout_limits,
    device_passes,
    idempotency,
    pay_now,
    payment_start,
    reads,
    services,
)
from splash.orders import quote as cart_quote
from splash.orders.credit_notes import credit_note_page
from splash.orders.invoice import INVOICE_CSP, invoice_page
from splash.orders.payment_checks import CheckPace
from splash.orders.schemas import (
    OrderAnswer,
    OrderCreatedAnswer,
    OrderDraft,
    OrderSummaryList,
    PaymentStart,
    PaymentStarted,
    PaymentStartedAnswer,
    QuoteAnswer,
    QuoteRequest,
    ShippingCountryList,
)
from splash.shared.http.context import domain_locale
from splash.shared.http.openapi import Parameter, documented
from splash.shared.http.request import client_address, json_body
from splash.shared.http.response import public

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
    answer = await cart_quote.quote(
        cart, await current_user(request), domain_locale(request), request.app.ctx.routes
    )
    return public(QuoteAnswer(data=answer))


# --- the checkout, Pay now and the order reads (contracts/orders-api.md) ------------------------

IDEMPOTENCY_KEY = Parameter(
    idempotency.HEADER,
    "header",
    "A fresh random key per order attempt, the same key when retrying it",
    required=True,
    schema={"pattern": idempotency.KEY_PATTERN},
)
SLUG = Parameter("slug", "path", "The order's slug (its capability)")
ORDER_NR = Parameter("order_nr", "path", "The order number, e.g. SPL-7K3M-9QX2", max_length=16)


def _links(request: Request) -> payment_start.ShopLinks:
    """The order-payment page on each shop domain, and the webhook on the request's domain
    (or where SPLASH_PAYMENTS_WEBHOOK_ORIGIN says the provider reaches it)."""
    settings, table = request.app.ctx.settings, request.app.ctx.routes
    pages = (settings.origin(loc) + table.path_for("order-payment", loc) for loc in table.locales)
    origin = settings.webhook_origin(domain_locale(request))
    webhook = f"{origin}{settings.api_prefix}/payments/webhook"
    return payment_start.ShopLinks(return_urls=frozenset(pages), webhook_url=webhook)


def _order_links(request: Request) -> reads.OrderLinks:
    ctx = request.app.ctx
    return reads.OrderLinks(ctx.settings.api_prefix, domain_locale(request), ctx.routes)


def _buyer(request: Request, address: str) -> checkout_limits.Buyer:
    """Who places an order, for the checkout's limits: the client address (keyed) and the
    shop's one rate limiter."""
    ctx = request.app.ctx
    return checkout_limits.Buyer(
        client_key=checkout_limits.client_key(address, ctx.settings.secret_key),
        counter=ctx.rate_limiter,
        limits=checkout_limits.CheckoutLimits.from_settings(ctx.settings),
    )


@bp.post("/orders")
@documented(
    "Place an order (the server prices it) and start its payment: 201 with the provider's "
    "checkout URL; the same Idempotency-Key and body again answer 200 with the same order. "
    "While the captcha is on, a missing or refused captchaToken is a 400 and nothing is stored. "
    "A signed-in buyer's order goes to their account's e-mail address. Too many orders from "
    "one client or for one e-mail address, or too many of them unpaid, are a 429 "
    "too_many_orders with Retry-After",
    tag="orders",
    body=OrderDraft,
    response=OrderCreatedAnswer,
    parameters=(IDEMPOTENCY_KEY,),
    errors=(409, 429, 503),
    status=201,
    also=(200,),
)
async def place_order(request: Request) -> HTTPResponse:
    key = idempotency.checked_key(request.headers.get(idempotency.HEADER))
    draft = json_body(request, OrderDraft)
    ctx = request.app.ctx
    address = client_address(request, ctx.settings.trusted_proxies)
    await ctx.captcha.verify(draft.captcha_token, address)
    buyer, customer = _buyer(request, address), await current_user(request)
    placed = await checkout.place_order(
        draft, key, customer, buyer, ctx.payments, _links(request), ctx.routes
    )
    response = public(OrderCreatedAnswer(data=placed.answer), status=201 if placed.created else 200)
    _device_pass(request, response, placed.device_pass)
    return response


def _device_pass(request: Request, response: HTTPResponse, raw: str | None) -> None:
    """The guest's browser gets its order's pass (``device_passes``): the secret HttpOnly, only
    to the API; beside it a readable hint, so the SPA asks for the device's view only then."""
    if raw is None:
        return
    settings = request.app.ctx.settings
    life = int(device_passes.PASS_VALID.total_seconds())
    secure = settings.scheme == "https"
    response.add_cookie(
        device_passes.COOKIE,
        raw,
        path=settings.api_prefix,
        max_age=life,
        httponly=True,
        samesite="Lax",
        secure=secure,
    )
    response.add_cookie(
        device_passes.HINT_COOKIE, "1", path="/", max_age=life, samesite="Lax", secure=secure
    )


@bp.post("/orders/<slug:str>/payments")
@documented(
    "Pay now: the open payment's page, or a new payment when the last one ended without money",
    tag="orders",
    body=PaymentStart,
    response=PaymentStartedAnswer,
    parameters=(SLUG,),
    errors=(404, 409, 503),
)
async def start_payment(request: Request, slug: str) -> HTTPResponse:
    body = json_body(request, PaymentStart)
    ctx = request.app.ctx
    reservation = checkout_limits.CheckoutLimits.from_settings(ctx.settings).reservation
    pace = CheckPace.of(ctx.settings)
    url = await pay_now.pay_again(
        slug, body.return_url, ctx.payments, _links(request), reservation, pace
    )
    return public(PaymentStartedAnswer(data=PaymentStarted(checkout_url=url)))


@bp.get("/orders/<slug:str>")
@documented(
    "An order by its slug: lines, VAT, totals, addresses, status, bank details and refunds",
    tag="orders",
    response=OrderAnswer,
    parameters=(SLUG,),
    errors=(404,),
)
async def order(request: Request, slug: str) -> HTTPResponse:
    ctx = request.app.ctx
    pace = CheckPace.of(ctx.settings)
    found = await reads.order_by_slug(slug, ctx.payments, pace, _order_links(request))
    return public(OrderAnswer(data=found))


@bp.get("/users/me/orders")
@documented(
    "The signed-in user's orders, newest first, with their payment status",
    tag="orders",
    response=OrderSummaryList,
    errors=(401,),
)
async def my_orders(request: Request) -> HTTPResponse:
    return public(OrderSummaryList(data=await reads.my_orders(await require_user(request))))


@bp.get("/users/me/orders/<order_nr:str>")
@documented(
    "One of the signed-in user's orders by its number (another user's is a 404)",
    tag="orders",
    response=OrderAnswer,
    parameters=(ORDER_NR,),
    errors=(401, 404),
)
async def my_order(request: Request, order_nr: str) -> HTTPResponse:
    ctx = request.app.ctx
    user = await require_user(request)
    pace = CheckPace.of(ctx.settings)
    found = await reads.my_order(user, order_nr, ctx.payments, pace, _order_links(request))
    return public(OrderAnswer(data=found))


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


@bp.get("/orders/<slug>/credit-notes/<number>", ctx_csp=INVOICE_CSP)
@documented(
    "The printable credit note of one of the order's refunds (issue 27), as an HTML page in "
    "the order's language; whoever may see the invoice may see it, anything else is a 404",
    tag="orders",
    response=str,
    media_type="text/html",
    parameters=(
        Parameter("slug", "path", "The order's slug (the capability to see it)"),
        Parameter("number", "path", "The credit note's number, e.g. CN-2026-00001", max_length=16),
    ),
    errors=(404,),
)
async def order_credit_note(request: Request, slug: str, number: str) -> HTTPResponse:
    page = await credit_note_page(request.app.ctx.settings, number, slug=slug)
    headers = {"cache-control": "private, no-store", "x-robots-tag": "noindex"}
    return HTTPResponse(page, headers=headers, content_type="text/html; charset=utf-8")
