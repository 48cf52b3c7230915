"""The studio's customer list and the password-set link: what the accounts domain answers on
its own. A customer's page, export and erasure compose several domains, so they live in the
site (``splash.site.studio_routes``); granting lessons is the academy's."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.accounts import studio
from splash.accounts.schemas import (
    CustomerList,
    CustomerMeta,
    CustomerPublic,
    PasswordLinkAnswer,
    PasswordLinkSent,
)
from splash.core.errors import ConflictError, ValidationError
from splash.shared import outbox
from splash.shared.collections import parse_id
from splash.shared.http.openapi import PAGE, PAGE_SIZE, WHOLE_ID, Parameter, documented
from splash.shared.http.request import query_str, query_whole
from splash.shared.http.response import public
from splash.staff import activity
from splash.staff.requests import actor, studio_route
from splash.staff.vocabulary import Action, Permission, SubjectType

bp = Blueprint("studio_accounts", url_prefix="/studio")

CUSTOMER_ID = Parameter("customer_id", "path", "The customer's account id", schema=WHOLE_ID)
SORTS = sorted(f"{d}{key}" for key in studio.SORTS for d in ("", "-"))


@bp.get("/customers")
@documented(
    "Customers: search by e-mail, name or postal code; sorted and paginated",
    tag="studio",
    response=CustomerList,
    errors=(400, 401, 403),
    parameters=(
        Parameter("q", "query", "part of an e-mail or name, or a postal code"),
        Parameter("sort", "query", ", ".join(SORTS) + " (default -created)"),
        Parameter("page", "query", "1, 2, …", schema=PAGE),
        Parameter("pageSize", "query", "1 to 100 (default 50)", schema=PAGE_SIZE),
    ),
)
@studio_route(Permission.CUSTOMERS)
async def list_customers(request: Request) -> HTTPResponse:
    sort = query_str(request, "sort") or "-created"
    if sort not in SORTS:
        raise ValidationError.for_field(["query", "sort"], f"sort must be one of {SORTS}")
    page = query_whole(request, "page", 1, 10_000)
    size = query_whole(request, "pageSize", 50, 100)
    text = (query_str(request, "q") or "").strip()[:254] or None
    found, total = await studio.customers(
        studio.CustomerSearch(text, sort, (page - 1) * size, size)
    )
    meta = CustomerMeta(page=page, page_size=size, total=total)
    return public(
        CustomerList(
            data=[CustomerPublic.model_validate(u, from_attributes=True) for u in found], meta=meta
        )
    )


@bp.post("/customers/<customer_id:str>/password-link")
@documented(
    "Send the customer a link to set a new password (the reset e-mail, in their language)",
    tag="studio",
    response=PasswordLinkAnswer,
    status=202,
    parameters=(CUSTOMER_ID,),
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.CUSTOMERS)
async def send_password_link(request: Request, customer_id: str) -> HTTPResponse:
    user = await studio.customer(parse_id(customer_id))
    if user.blocked:  # blocked or erased: the drainer would drop the mail unsent
        raise ConflictError("The account is blocked: no password link is sent")
    async with outbox.transaction():
        await studio.enqueue_password_link(user)
        await activity.record(
            actor(request), Action.PASSWORD_LINK_SENT, (SubjectType.CUSTOMER, user.id)
        )
    sent = PasswordLinkSent(queued=True, email=user.email, locale=user.locale)
    return public(PasswordLinkAnswer(data=sent), status=202)
