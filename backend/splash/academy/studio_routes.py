"""The studio gives a customer lessons or takes them away, with a reason; both are logged with
what the customer could watch before and after."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.academy import grants
from splash.academy.schemas import EntitlementsAnswer, Grant, Revoke
from splash.accounts import services as accounts
from splash.core.errors import ConflictError, NotFoundError
from splash.shared import outbox
from splash.shared.collections import parse_id
from splash.shared.http.openapi import WHOLE_ID, Parameter, documented
from splash.shared.http.request import json_body
from splash.shared.http.response import public
from splash.staff import activity
from splash.staff.requests import actor, require_staff, studio_route
from splash.staff.vocabulary import Action, Permission, SubjectType

bp = Blueprint("studio_academy", url_prefix="/studio")

CUSTOMER_ID = Parameter("customer_id", "path", "The customer's account id", schema=WHOLE_ID)
ENTITLEMENT_ID = Parameter("entitlement_id", "path", "The entitlement's id", schema=WHOLE_ID)


async def _customer_id(raw: str) -> int:
    user_id = parse_id(raw)
    if not await accounts.customer_exists(user_id):
        raise NotFoundError("No such customer")
    return user_id


@bp.post("/customers/<customer_id:str>/entitlements")
@documented(
    "Give a customer a lesson, a level or a course (exactly one key) with a reason; answers"
    " every entitlement they hold now",
    tag="studio",
    body=Grant,
    response=EntitlementsAnswer,
    status=201,
    parameters=(CUSTOMER_ID,),
    errors=(400, 401, 403, 404, 409),
)
@studio_route(Permission.CUSTOMERS)
async def grant(request: Request, customer_id: str) -> HTTPResponse:
    user_id = await _customer_id(customer_id)
    body = json_body(request, Grant)
    member = await require_staff(request)
    lessons = await grants.lessons_named(body)
    async with outbox.transaction():
        before = await grants.owned_keys(user_id, lessons)
        created = await grants.grant(user_id, lessons, member.id, body.reason)
        if not created:
            raise ConflictError("Staff granted every one of those lessons already")
        await activity.record(
            actor(request),
            Action.LESSONS_GRANTED,
            (SubjectType.CUSTOMER, user_id),
            before={"owned": before},
            after={"owned": await grants.owned_keys(user_id, lessons), "entitlements": created},
            note=body.reason,
        )
    held = await grants.entitlements_of(user_id)
    return public(EntitlementsAnswer(data=held), status=201)


@bp.delete("/customers/<customer_id:str>/entitlements/<entitlement_id:str>")
@documented(
    "Take one entitlement away from a customer, with a reason; answers what they hold now",
    tag="studio",
    body=Revoke,
    response=EntitlementsAnswer,
    parameters=(CUSTOMER_ID, ENTITLEMENT_ID),
    errors=(400, 401, 403, 404),
)
@studio_route(Permission.CUSTOMERS)
async def revoke(request: Request, customer_id: str, entitlement_id: str) -> HTTPResponse:
    user_id = await _customer_id(customer_id)
    wanted = parse_id(entitlement_id)
    body = json_body(request, Revoke)
    async with outbox.transaction():
        entitlement = await grants.entitlement_of(user_id, wanted)
        await grants.revoke(entitlement.id)
        await activity.record(
            actor(request),
            Action.LESSON_REVOKED,
            (SubjectType.CUSTOMER, user_id),
            before=entitlement.model_dump(mode="json", by_alias=True),
            after=None,
            note=body.reason,
        )
    return public(EntitlementsAnswer(data=await grants.entitlements_of(user_id)))
