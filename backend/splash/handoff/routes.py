"""The language hand-off (contracts/handoff-api.md): made on one domain, redeemed on another."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.accounts.requests import current_user
from splash.core.config import Settings
from splash.core.errors import ValidationError
from splash.handoff import cookies, services
from splash.handoff.schemas import Handoff, HandoffAnswer, HandoffRedeem, HandoffRequest
from splash.shared.http.context import domain_locale
from splash.shared.http.cross_site import SHOP_ORIGINS
from splash.shared.http.openapi import documented
from splash.shared.http.ratelimit import rate_limited
from splash.shared.http.redirects import redirect_to, shop_target
from splash.shared.http.request import client_address, form_body, json_body
from splash.shared.http.response import public

bp = Blueprint("handoff")

# Per client address: a parent clicking through the languages, not a script filling the table.
CREATES, WINDOW = 30, 600
NO_STORE = {"cache-control": "no-store"}


def _browser(request: Request) -> str:
    """What ties a hand-off to the browser it was made for: its User-Agent and address."""
    address = client_address(request, request.app.ctx.settings.trusted_proxies)
    return f"{request.headers.get('user-agent', '')}\n{address}"


@bp.post("/language-handoffs")
@documented(
    "Take the cart, the checkout draft and the sign-in along to another language's domain: a "
    "single-use token (about a minute, this browser only) for the browser to post there",
    tag="handoff",
    body=HandoffRequest,
    response=HandoffAnswer,
    errors=(429,),
    status=201,
)
@rate_limited(CREATES, WINDOW)
async def create_handoff(request: Request) -> HTTPResponse:
    body = json_body(request, HandoffRequest)
    settings: Settings = request.app.ctx.settings
    target = shop_target(body.target, settings.hosts_by_locale, settings.origin)
    if target is None:
        raise ValidationError.for_field(["target"], "Must be a page on one of the shop's domains")
    user = await current_user(request)
    token = await services.create(body, *target, user, _browser(request))
    action = f"{settings.origin(target[0])}{settings.api_prefix}/language-handoffs/redeem"
    response = public(HandoffAnswer(data=Handoff(action=action, token=token)), status=201)
    response.headers.update(NO_STORE)
    return response


@bp.post("/language-handoffs/redeem", ctx_cross_site=SHOP_ORIGINS)
@documented(
    "The browser's form post on the target domain (only from the shop's own pages): the "
    "hand-off's cart, draft and a new session become this domain's cookies, and 303 to the page; "
    "a used, expired, foreign or unknown token carries nothing and lands on `next`",
    tag="handoff",
    body=HandoffRedeem,
    form=True,
    status=303,
    errors=(403, 415),
)
async def redeem_handoff(request: Request) -> HTTPResponse:
    form = form_body(request, HandoffRedeem)
    settings: Settings = request.app.ctx.settings
    carried = await services.redeem(form.token, domain_locale(request), _browser(request), settings)
    if carried is None:
        return redirect_to(request, form.next, status=303, headers=NO_STORE)
    response = redirect_to(request, carried.path, status=303, headers=NO_STORE)
    _hand_over(response, carried, settings)
    return response


def _hand_over(response: HTTPResponse, carried: services.Carried, settings: Settings) -> None:
    """The carried cart, country, session and draft as this domain's cookies, as the SPA sets
    them (readable by it, SameSite=Lax, the whole site). The cart and its country are the ones
    the visitor just saw, an empty cart too; a draft or a session only when there is one."""

    # Sanic marks cookies Secure by default (its delete_cookie always), which http drops.
    secure = settings.scheme == "https"

    def put(name: str, value: str | None, max_age: int) -> None:
        response.add_cookie(
            name, value or "", path="/", max_age=max_age if value else 0, secure=secure
        )

    put(
        cookies.CART,
        cookies.uri_json(carried.lines) if carried.lines else None,
        cookies.CART_MAX_AGE,
    )
    put(cookies.CART_COUNTRY, carried.country, cookies.CART_MAX_AGE)
    if carried.session is not None:
        put(cookies.SESSION, carried.session, settings.session_days * 24 * 3600)
    if carried.draft is not None:
        put(cookies.DRAFT, cookies.uri_json(carried.draft), cookies.DRAFT_MAX_AGE)
