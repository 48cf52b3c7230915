"""The payment provider's side of the shop: Mollie's (and the test provider's) webhook, and the
test provider's hosted payment page (contracts/orders-api.md)."""

from __future__ import annotations

from sanic import Blueprint, Request, html
from sanic.response import HTTPResponse

from splash.orders import payment_updates
from splash.orders.payment_checks import CheckPace
from splash.orders.payments import sandbox_page
from splash.orders.payments.schemas import PaymentWebhook, SandboxPaymentChoice, WebhookReceived
from splash.shared.http.openapi import Parameter, documented
from splash.shared.http.redirects import redirect_to, safe_location
from splash.shared.http.request import form_body
from splash.shared.http.response import public

bp = Blueprint("payments")

PAYMENT_ID = Parameter("payment_id", "path", "The test payment's id (tr_test_…)")


@bp.post("/payments/webhook", ctx_cross_site=True)
@documented(
    "The payment provider's webhook (Mollie posts the payment id when its status changes): "
    "the payment is fetched from the provider and the order moves on; the body claims nothing",
    tag="payments",
    body=PaymentWebhook,
    form=True,
    response=WebhookReceived,
    errors=(415, 503),
)
async def webhook(request: Request) -> HTTPResponse:
    received = form_body(request, PaymentWebhook)
    pace = CheckPace.of(request.app.ctx.settings)
    await payment_updates.check(request.app.ctx.payments, received.id, pace, news=True)
    return public(WebhookReceived(received=True))


@bp.get("/payments/test/<payment_id:str>", ctx_csp=(("style-src", (sandbox_page.PAGE_CSS_HASH,)),))
@documented(
    "The test provider's hosted payment page, in the payment's language: choose how it ends",
    tag="payments",
    parameters=(PAYMENT_ID,),
    response=str,
    media_type="text/html",
    errors=(404,),
)
async def hosted_page(request: Request, payment_id: str) -> HTTPResponse:
    origins = request.app.ctx.settings.origins
    page = await sandbox_page.render_page(payment_id, lambda url: safe_location(url, origins))
    return html(page, headers={"cache-control": "no-store"})


@bp.post("/payments/test/<payment_id:str>")
@documented(
    "End the test payment as chosen: the provider calls the webhook and the customer goes back "
    "to the shop (303 to the payment's redirect URL)",
    tag="payments",
    parameters=(PAYMENT_ID,),
    body=SandboxPaymentChoice,
    form=True,
    status=303,
    errors=(404, 409, 415),
)
async def hosted_page_choice(request: Request, payment_id: str) -> HTTPResponse:
    choice = form_body(request, SandboxPaymentChoice)
    back = await sandbox_page.choose(payment_id, choice.status)
    return redirect_to(request, back, status=303)
