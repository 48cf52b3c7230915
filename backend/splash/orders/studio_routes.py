"""The studio's order endpoints: the inbox, an order's detail, internal notes, shipments,
packing slips and the CSV export. Each declares its permission with ``studio_route``."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.core.errors import ValidationError
from splash.orders import export, inbox, order_detail, packing_slips, shipments
from splash.orders.inbox import Box, InboxQuery, Sort
from splash.orders.models import Order
from splash.orders.studio_schemas import (
    InboxCounts,
    InboxList,
    InboxMeta,
    InboxOrder,
    NoteAnswer,
    NoteCreate,
    ShipmentAnswer,
    ShipmentCreate,
    StudioOrderAnswer,
)
from splash.shared.collections import parse_id
from splash.shared.http.openapi import PAGE, PAGE_SIZE, WHOLE_ID, Parameter, documented
from splash.shared.http.request import json_body, query_str
from splash.shared.http.response import public
from splash.staff import activity
from splash.staff.requests import actor, require_staff, studio_route
from splash.staff.vocabulary import Action, Permission, SubjectType

bp = Blueprint("studio_orders", url_prefix="/studio")

ORDER_ID = Parameter("order_id", "path", "The order's id", schema=WHOLE_ID)
MAX_PAGE, MAX_PAGE_SIZE = 10_000, 100
INBOX_PARAMETERS = (
    Parameter("box", "query", "to_ship, awaiting_payment, problems, shipped, refunded or all"),
    Parameter("q", "query", "Order or invoice number, e-mail, name or postal code (≤ 100)"),
    Parameter("sort", "query", "date, total or number; -date (the default) for newest first"),
)


def _whole(request: Request, name: str, default: int, most: int) -> int:
    raw = query_str(request, name)
    if raw is None:
        return default
    if not raw.isdigit() or not 1 <= int(raw) <= most:
        raise ValidationError.for_field(["query", name], f"{name} must be 1 to {most}")
    return int(raw)


def inbox_query(request: Request) -> InboxQuery:
    """The box, search and sort of the inbox and the export, each refused with its name."""
    box = query_str(request, "box") or Box.ALL
    if box not in Box.__members__.values():
        raise ValidationError.for_field(["query", "box"], f"box must be one of {', '.join(Box)}")
    search = query_str(request, "q") or ""
    if len(search) > inbox.SEARCH_LENGTH:
        message = f"q must be at most {inbox.SEARCH_LENGTH} characters"
        raise ValidationError.for_field(["query", "q"], message)
    sort = query_str(request, "sort") or "-date"
    if sort.removeprefix("-") not in Sort.__members__.values():
        message = "sort must be date, total or number, with - before it for descending"
        raise ValidationError.for_field(["query", "sort"], message)
    return InboxQuery(Box(box), search, Sort(sort.removeprefix("-")), sort.startswith("-"))


def inbox_order(order: Order) -> InboxOrder:
    return InboxOrder(
        id=order.id,
        order_nr=order.order_nr,
        created_at=order.created_at,
        status=order.status,
        firstname=order.firstname,
        lastname=order.lastname,
        email=order.email,
        country=inbox.country_of(order),
        total=order.total,
        currency=order.currency,
        amount_refunded=order.amount_refunded,
        flagged=order.flagged,
        to_ship=bool(order.to_ship),  # type: ignore[attr-defined]  # annotated
    )


@bp.get("/orders")
@documented(
    "The orders inbox: one page of a box, searched and sorted, and every box's count",
    tag="studio",
    response=InboxList,
    errors=(401, 403),
    parameters=(
        *INBOX_PARAMETERS,
        Parameter("page", "query", "1, 2, …", schema=PAGE),
        Parameter("pageSize", "query", "1 to 100 (default 50)", schema=PAGE_SIZE),
    ),
)
@studio_route(Permission.ORDERS)
async def list_orders(request: Request) -> HTTPResponse:
    wanted = inbox_query(request)
    page = _whole(request, "page", 1, MAX_PAGE)
    size = _whole(request, "pageSize", 50, MAX_PAGE_SIZE)
    found, total, counts = await inbox.page(wanted, (page - 1) * size, size)
    meta = InboxMeta(
        page=page,
        page_size=size,
        total=total,
        counts=InboxCounts(**{box.value: count for box, count in counts.items()}),
    )
    return public(InboxList(data=[inbox_order(order) for order in found], meta=meta))


@bp.get("/orders/<order_id:str>")
@documented(
    "An order: lines, addresses, payments with their history, shipments, refunds, e-mails "
    "sent, notes and one timeline",
    tag="studio",
    response=StudioOrderAnswer,
    parameters=(ORDER_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.ORDERS)
async def get_order(request: Request, order_id: str) -> HTTPResponse:
    return public(StudioOrderAnswer(data=await order_detail.order_detail(parse_id(order_id))))


@bp.post("/orders/<order_id:str>/notes")
@documented(
    "Add an internal note to an order (customers never see it; kept in the activity log)",
    tag="studio",
    body=NoteCreate,
    response=NoteAnswer,
    status=201,
    parameters=(ORDER_ID,),
    errors=(401, 403, 404),
)
@studio_route(Permission.ORDERS)
async def add_note(request: Request, order_id: str) -> HTTPResponse:
    body = json_body(request, NoteCreate)
    found = await order_detail.existing_order(parse_id(order_id))
    entry = await activity.record(
        actor(request), Action.ORDER_NOTED, (SubjectType.ORDER, found), note=body.text
    )
    return public(NoteAnswer(data=order_detail.note_public(entry)), status=201)


@bp.post("/orders/<order_id:str>/shipments")
@documented(
    "Ship some or all of a paid order's physical units with a carrier and tracking number; "
    "send an Idempotency-Key header (the same key and body again answer the first shipment, "
    "200 instead of 201); the customer is e-mailed",
    tag="studio",
    body=ShipmentCreate,
    response=ShipmentAnswer,
    status=201,
    parameters=(
        ORDER_ID,
        Parameter("Idempotency-Key", "header", "1 to 64 ASCII characters, one per shipment", True),
    ),
    errors=(401, 403, 404, 409),
    also=(200,),
)
@studio_route(Permission.SHIP)
async def ship(request: Request, order_id: str) -> HTTPResponse:
    key = shipments.check_key(request.headers.get("idempotency-key"))
    body = json_body(request, ShipmentCreate)
    member = await require_staff(request)
    done = await shipments.ship(actor(request), parse_id(order_id), body, key, member.id)
    return public(ShipmentAnswer(data=done.shipment), status=201 if done.created else 200)


@bp.get("/packing-slips", ctx_csp=packing_slips.PACKING_SLIP_CSP)
@documented(
    "Packing slips of the orders named: one print-ready A4 page per order (HTML), each in the "
    "order's language, with the order number as a QR code",
    tag="studio",
    response=str,
    media_type="text/html",
    parameters=(Parameter("orders", "query", "Order ids separated by commas (1 to 100)", True),),
    errors=(401, 403, 404),
)
@studio_route(Permission.ORDERS)
async def print_packing_slips(request: Request) -> HTTPResponse:
    ids = packing_slips.order_ids(query_str(request, "orders"))
    member = await require_staff(request)
    page = await packing_slips.packing_slips(ids, member.locale)
    headers = {"cache-control": "private, no-store", "x-robots-tag": "noindex"}
    return HTTPResponse(page, headers=headers, content_type="text/html; charset=utf-8")


@bp.get("/orders.csv")
@documented(
    "The orders of a box and search as CSV for the bookkeeper, one row per order, streamed",
    tag="studio",
    response=str,
    media_type="text/csv",
    parameters=INBOX_PARAMETERS[:2],
    errors=(401, 403),
)
@studio_route(Permission.ORDERS)
async def export_orders(request: Request) -> HTTPResponse:
    wanted = inbox_query(request)
    response = await request.respond(
        headers={
            "content-disposition": 'attachment; filename="orders.csv"',
            "cache-control": "private, no-store",
        },
        content_type="text/csv; charset=utf-8",
    )
    await response.send(export.csv_text([export.header()]))
    async for rows in export.batches(wanted):
        await response.send(export.csv_text(rows))
    await response.eof()
    return response  # type: ignore[return-value]  # sent already: Sanic sends nothing more
