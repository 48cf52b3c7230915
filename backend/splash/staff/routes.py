"""The studio's own endpoints: signing in and out, setting up an account, the staff, and the
activity log. Every route declares what it needs with ``studio_route``."""

from __future__ import annotations

from datetime import datetime

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.core import one_time
from splash.core.errors import ValidationError
from splash.shared.collections import parse_id
from splash.shared.http.openapi import PAGE, PAGE_SIZE, WHOLE_ID, Parameter, documented
from splash.shared.http.ratelimit import hit
from splash.shared.http.request import client_address, json_body, query_str, query_whole
from splash.shared.http.response import public
from splash.shared.outbox import queue
from splash.staff import activity, factors, mails, services
from splash.staff.models import ActivityEntry, StaffMember, StaffSession
from splash.staff.requests import (
    actor,
    current_session,
    require_staff,
    set_session_cookie,
    studio_route,
)
from splash.staff.schemas import (
    ActivityList,
    ActivityMeta,
    ActivityPublic,
    Invite,
    Me,
    MeAnswer,
    RoleChange,
    SetupDone,
    SetupDoneAnswer,
    SetupFinish,
    SetupOpen,
    SetupOpened,
    SetupOpenedAnswer,
    SignedOut,
    SignIn,
    StaffAnswer,
    StaffList,
    StaffPublic,
)
from splash.staff.vocabulary import (
    ROLE_PERMISSIONS,
    SIGNED_IN,
    SIGNED_OUT,
    Permission,
    Role,
    SubjectType,
)

bp = Blueprint("studio_staff", url_prefix="/studio")

# Sign-in attempts: per client address, and per account (the address typed, whoever types it).
PER_ADDRESS, PER_ACCOUNT, WINDOW = 10, 5, 900


def staff_public(member: StaffMember) -> StaffPublic:
    return StaffPublic(
        id=member.id,
        email=member.email,
        name=member.name,
        role=Role(member.role),
        locale=member.locale,  # type: ignore[arg-type]  # a Locale: written only from one
        set_up=member.password_hash is not None,
        created_at=member.created_at,
    )


def me(session: StaffSession | services.Signed) -> Me:
    member = session.staff if isinstance(session, StaffSession) else session.member
    return Me(
        staff=staff_public(member),
        permissions=sorted(ROLE_PERMISSIONS[Role(member.role)]),
        session_expires_at=session.expires_at,
    )


def _address(request: Request) -> str:
    return client_address(request, request.app.ctx.settings.trusted_proxies)


@bp.post("/session")
@documented(
    "Sign in to the studio: e-mail, password and a code (authenticator or recovery code)",
    tag="studio",
    body=SignIn,
    response=MeAnswer,
    errors=(401, 429),
)
@studio_route(SIGNED_OUT)
async def sign_in(request: Request) -> HTTPResponse:
    body = json_body(request, SignIn)
    await hit(request, f"studio-sign-in|{_address(request)}", PER_ADDRESS, WINDOW)
    account = one_time.digest(body.email.strip().lower())
    await hit(request, f"studio-sign-in-account|{account}", PER_ACCOUNT, WINDOW)
    settings = request.app.ctx.settings
    signed = await services.sign_in(
        body.email,
        body.password,
        body.code,
        _address(request),
        request.headers.get("user-agent"),
        settings,
    )
    response = public(MeAnswer(data=me(signed)))
    set_session_cookie(response, signed, settings)
    return response


@bp.delete("/session")
@documented(
    "Sign out of the studio (the session ends on the server)", tag="studio", response=SignedOut
)
@studio_route(SIGNED_OUT)
async def sign_out(request: Request) -> HTTPResponse:
    session = await current_session(request)
    if session is not None:
        await services.sign_out(session, actor(request))
    response = public(SignedOut(signed_out=True))
    set_session_cookie(response, None, request.app.ctx.settings)
    return response


@bp.get("/me")
@documented(
    "Who is signed in to the studio, and what they may do",
    tag="studio",
    response=MeAnswer,
    errors=(401,),
)
@studio_route(SIGNED_IN)
async def who_am_i(request: Request) -> HTTPResponse:
    session = await current_session(request)
    assert session is not None  # studio_route(SIGNED_IN) answered 401 otherwise
    return public(MeAnswer(data=me(session)))


@bp.post("/setup/open")
@documented(
    "Open a set-up link: who it is for, and a new authenticator secret",
    tag="studio",
    body=SetupOpen,
    response=SetupOpenedAnswer,
    errors=(429,),
)
@studio_route(SIGNED_OUT)
async def open_setup(request: Request) -> HTTPResponse:
    body = json_body(request, SetupOpen)
    await hit(request, f"studio-setup|{_address(request)}", PER_ADDRESS, WINDOW)
    member, secret = await services.open_setup(body.token, request.app.ctx.settings)
    opened = SetupOpened(
        email=member.email,
        name=member.name,
        totp_secret=secret,
        totp_uri=factors.provisioning_uri(secret, member.email),
    )
    return public(SetupOpenedAnswer(data=opened))


@bp.post("/setup")
@documented(
    "Finish setting up: a password and the authenticator's first code; signs in and shows the"
    " recovery codes once",
    tag="studio",
    body=SetupFinish,
    response=SetupDoneAnswer,
    errors=(429,),
)
@studio_route(SIGNED_OUT)
async def finish_setup(request: Request) -> HTTPResponse:
    body = json_body(request, SetupFinish)
    await hit(request, f"studio-setup|{_address(request)}", PER_ADDRESS, WINDOW)
    settings = request.app.ctx.settings
    signed, codes = await services.finish_setup(
        body.token,
        body.password,
        body.code,
        _address(request),
        request.headers.get("user-agent"),
        settings,
    )
    response = public(SetupDoneAnswer(data=SetupDone(me=me(signed), recovery_codes=codes)))
    set_session_cookie(response, signed, settings)
    return response


@bp.get("/staff")
@documented("The shop's staff", tag="studio", response=StaffList, errors=(401, 403))
@studio_route(Permission.STAFF)
async def list_staff(request: Request) -> HTTPResponse:
    return public(StaffList(data=[staff_public(m) for m in await services.members()]))


@bp.post("/staff")
@documented(
    "Invite someone: a staff account with a role; the set-up link is e-mailed to them",
    tag="studio",
    body=Invite,
    response=StaffAnswer,
    status=201,
    errors=(401, 403, 409),
)
@studio_route(Permission.STAFF)
async def invite(request: Request) -> HTTPResponse:
    body = json_body(request, Invite)
    inviter = await require_staff(request)
    async with queue.transaction():
        member = await services.invite(
            actor(request), body.email, body.name, body.role, body.locale
        )
        await mails.invite(member, inviter)
    return public(StaffAnswer(data=staff_public(member)), status=201)


STAFF_ID = Parameter("staff_id", "path", "The staff member's id", schema=WHOLE_ID)


@bp.patch("/staff/<staff_id:str>")
@documented(
    "Change a staff member's role (the shop always keeps an owner)",
    tag="studio",
    body=RoleChange,
    response=StaffAnswer,
    parameters=(STAFF_ID,),
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.STAFF)
async def change_role(request: Request, staff_id: str) -> HTTPResponse:
    body = json_body(request, RoleChange)
    member = await services.change_role(actor(request), parse_id(staff_id), body.role)
    return public(StaffAnswer(data=staff_public(member)))


@bp.delete("/staff/<staff_id:str>")
@documented(
    "Remove a staff member: their sessions end at once",
    tag="studio",
    response=StaffAnswer,
    parameters=(STAFF_ID,),
    errors=(401, 403, 404, 409),
)
@studio_route(Permission.STAFF)
async def remove(request: Request, staff_id: str) -> HTTPResponse:
    member = await services.remove(actor(request), parse_id(staff_id))
    return public(StaffAnswer(data=staff_public(member)))


@bp.post("/staff/<staff_id:str>/invitation")
@documented(
    "Send a new set-up link (earlier ones stop working)",
    tag="studio",
    response=StaffAnswer,
    status=202,
    parameters=(STAFF_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.STAFF)
async def invite_again(request: Request, staff_id: str) -> HTTPResponse:
    inviter = await require_staff(request)
    member = await services.live_member(parse_id(staff_id))
    await mails.invite(member, inviter)
    return public(StaffAnswer(data=staff_public(member)), status=202)


def _when(request: Request, name: str) -> datetime | None:
    raw = query_str(request, name)
    if not raw:
        return None
    try:
        return datetime.fromisoformat(raw)
    except ValueError:
        raise ValidationError.for_field(
            ["query", name], f"{name} must be a date or a time"
        ) from None


def activity_public(entry: ActivityEntry) -> ActivityPublic:
    return ActivityPublic(
        id=entry.id,
        at=entry.at,
        actor_id=entry.actor_id,  # type: ignore[attr-defined]
        actor=entry.actor_label,
        action=entry.action,
        subject_type=entry.subject_type,
        subject_id=entry.subject_id,
        address=entry.address,
        before=entry.before,
        after=entry.after,
        note=entry.note,
    )


@bp.get("/activity")
@documented(
    "The activity log, newest first, with filters",
    tag="studio",
    response=ActivityList,
    errors=(401, 403),
    parameters=(
        Parameter("actor", "query", "a staff member's id"),
        Parameter("action", "query", "e.g. staff.sign_in"),
        Parameter("subjectType", "query", "order, customer, variant or staff"),
        Parameter("subjectId", "query", "the subject's id"),
        Parameter("since", "query", "ISO date or time (inclusive)"),
        Parameter("until", "query", "ISO date or time (exclusive)"),
        Parameter("page", "query", "1, 2, …", schema=PAGE),
        Parameter("pageSize", "query", "1 to 100 (default 50)", schema=PAGE_SIZE),
    ),
)
@studio_route(Permission.ACTIVITY)
async def list_activity(request: Request) -> HTTPResponse:
    subject_type = query_str(request, "subjectType")
    if subject_type and subject_type not in SubjectType.__members__.values():
        raise ValidationError.for_field(["query", "subjectType"], "subjectType is not known")
    actor_id = query_str(request, "actor")
    if actor_id is not None and not actor_id.isdigit():
        raise ValidationError.for_field(["query", "actor"], "actor must be a staff member's id")
    wanted = activity.ActivityFilter(
        actor_id=int(actor_id) if actor_id else None,
        action=(query_str(request, "action") or "")[:48] or None,
        subject_type=SubjectType(subject_type) if subject_type else None,
        subject_id=(query_str(request, "subjectId") or "")[:64] or None,
        since=_when(request, "since"),
        until=_when(request, "until"),
    )
    page = query_whole(request, "page", 1, 10_000)
    size = query_whole(request, "pageSize", 50, 100)
    found, total = await activity.entries(wanted, (page - 1) * size, size)
    meta = ActivityMeta(page=page, page_size=size, total=total)
    return public(ActivityList(data=[activity_public(e) for e in found], meta=meta))
