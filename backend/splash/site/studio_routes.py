"""The studio routes that compose several domains, so live above them: a customer's page (the
account, its orders, its lessons), the privacy requests (export, erasure) and the dashboard.

The accounts domain cannot read orders or the academy (both depend on accounts: the rings
forbid the cycle), so a customer's page is put together here from each domain's services, and
a privacy request's work by ``splash.site.privacy``.
The dashboard's figures are the orders domain's (``orders.dashboard``), served here beside
the other pages of the studio that sum up the whole shop.

Erasure needs ``Permission.CUSTOMERS``, like the export: the issue names privacy requests
among the customer work the shop role does, and keeps only refunds, staff and settings for
owners. What guards it is the typed confirmation (the customer's own e-mail address) and the
activity log."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated

from pydantic import StringConstraints
from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.academy import grants
from splash.academy.schemas import EntitlementStudio
from splash.accounts import studio as accounts
from splash.accounts.schemas import AddressPublic, CustomerPublic
from splash.accounts.studio_routes import CUSTOMER_ID
from splash.core.errors import ConflictError, ValidationError
from splash.core.schemas import PublicModel, RequestBody
from splash.orders import services as orders
from splash.orders.dashboard import Period
from splash.orders.schemas import OrderSummaryStudio
from splash.orders.studio_schemas import SentMailPublic
from splash.shared import outbox
from splash.shared.collections import parse_id
from splash.shared.http.openapi import Parameter, documented
from splash.shared.http.request import json_body, query_str
from splash.shared.http.response import public
from splash.site import privacy
from splash.site.privacy import CustomerExport, Erased
from splash.staff import activity
from splash.staff.requests import actor, studio_route
from splash.staff.vocabulary import Action, Permission, SubjectType

bp = Blueprint("studio_site", url_prefix="/studio")

CUSTOMER_MAILS_READ = 100  # the newest: older ones are in the customer's export


class CustomerDetail(PublicModel):
    customer: CustomerPublic
    addresses: list[AddressPublic]
    orders: list[OrderSummaryStudio]
    entitlements: list[EntitlementStudio]


class CustomerAnswer(PublicModel):
    data: CustomerDetail


class CustomerMailsAnswer(PublicModel):
    data: list[SentMailPublic]


class Erase(RequestBody):
    confirm: Annotated[str, StringConstraints(max_length=254)]  # the customer's e-mail address


class ErasedAnswer(PublicModel):
    data: Erased


class DayRevenue(PublicModel):
    day: date
    revenue_net: int


class Dashboard(PublicModel):
    period: Period
    since: datetime
    orders: int
    revenue_net: int  # cents, without VAT, less refunds
    lessons_sold: int
    to_ship: int
    problems: int
    low_stock: int
    revenue_per_day: list[DayRevenue]


class DashboardAnswer(PublicModel):
    data: Dashboard


@bp.get("/customers/<customer_id:str>")
@documented(
    "A customer: account, addresses, orders, and the lessons they own and why",
    tag="studio",
    response=CustomerAnswer,
    parameters=(CUSTOMER_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.CUSTOMERS)
async def customer(request: Request, customer_id: str) -> HTTPResponse:
    user = await accounts.customer(parse_id(customer_id))
    addresses = await accounts.addresses(user.id)
    detail = CustomerDetail(
        customer=CustomerPublic.model_validate(user, from_attributes=True),
        addresses=[AddressPublic.model_validate(a, from_attributes=True) for a in addresses],
        orders=await orders.customer_orders.summaries(user.id, user.email),
        entitlements=await grants.entitlements_of(user.id),
    )
    return public(CustomerAnswer(data=detail))


@bp.get("/customers/<customer_id:str>/emails")
@documented(
    "The e-mails sent to a customer, newest first (at most 100): their account's mails and "
    "their orders'",
    tag="studio",
    response=CustomerMailsAnswer,
    parameters=(CUSTOMER_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.CUSTOMERS)
async def customer_mails(request: Request, customer_id: str) -> HTTPResponse:
    user = await accounts.customer(parse_id(customer_id))
    mails = await privacy.sent_mails(user, CUSTOMER_MAILS_READ)
    answer = [SentMailPublic.model_validate(mail, from_attributes=True) for mail in mails]
    return public(CustomerMailsAnswer(data=answer))


@bp.get("/customers/<customer_id:str>/export")
@documented(
    "Everything stored about a customer, as one JSON file (a privacy request)",
    tag="studio",
    response=CustomerExport,
    parameters=(CUSTOMER_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.CUSTOMERS)
async def export(request: Request, customer_id: str) -> HTTPResponse:
    user = await accounts.customer(parse_id(customer_id))
    everything = await privacy.export(user)
    await activity.record(actor(request), Action.EXPORTED, (SubjectType.CUSTOMER, user.id))
    response = public(everything)
    name = f"splash-customer-{user.id}.json"
    response.headers["content-disposition"] = f'attachment; filename="{name}"'
    return response


@bp.post("/customers/<customer_id:str>/erase")
@documented(
    "Erase a customer (a privacy request): personal data anonymised everywhere, sessions"
    " ended; orders, invoices and credit notes keep what the law requires. ``confirm`` is"
    " their e-mail address",
    tag="studio",
    body=Erase,
    response=ErasedAnswer,
    parameters=(CUSTOMER_ID,),
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.CUSTOMERS)
async def erase(request: Request, customer_id: str) -> HTTPResponse:
    user = await accounts.customer(parse_id(customer_id))
    body = json_body(request, Erase)
    if user.email == accounts.erased_address(user.id):
        raise ConflictError("This customer is erased already")
    if body.confirm.strip().lower() != user.email:
        raise ValidationError.for_field(
            ["confirm"], "Type the customer's e-mail address to confirm"
        )
    async with outbox.transaction():
        erased = await privacy.erase(user)
        await activity.record(
            actor(request),
            Action.ERASED,
            (SubjectType.CUSTOMER, user.id),
            before={"erased": False},
            after={"erased": True, **erased.model_dump(mode="json", by_alias=True)},
        )
    return public(ErasedAnswer(data=erased))


@bp.get("/dashboard")
@documented(
    "The shop's figures for today, 7 or 30 days, and revenue per day",
    tag="studio",
    response=DashboardAnswer,
    parameters=(Parameter("period", "query", "today, 7d or 30d (default today)"),),
    errors=(401, 403),
)
@studio_route(Permission.DASHBOARD)
async def dashboard(request: Request) -> HTTPResponse:
    raw = query_str(request, "period") or Period.TODAY.value
    if raw not in Period.__members__.values():
        raise ValidationError.for_field(["query", "period"], "period must be today, 7d or 30d")
    period = Period(raw)
    found = await orders.dashboard.figures(period, outbox.now())
    answer = Dashboard(
        period=period,
        since=found.since,
        orders=found.orders,
        revenue_net=found.revenue_net,
        lessons_sold=found.lessons_sold,
        to_ship=found.to_ship,
        problems=found.problems,
        low_stock=found.low_stock,
        revenue_per_day=[DayRevenue(day=d, revenue_net=v) for d, v in found.per_day],
    )
    return public(DashboardAnswer(data=answer))
