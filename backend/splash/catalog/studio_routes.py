"""The studio's stock: every variant's numbers, the low-stock list, counted adjustments and the
low-stock threshold; each change logged with its before and after."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.catalog import stock_levels
from splash.catalog.schemas import (
    StockAdjustment,
    StockAnswer,
    StockList,
    StockRow,
    ThresholdChange,
)
from splash.core.errors import ValidationError
from splash.shared import outbox
from splash.shared.collections import parse_id
from splash.shared.http.openapi import WHOLE_ID, Parameter, documented
from splash.shared.http.request import json_body, query_str
from splash.shared.http.response import public
from splash.staff import activity
from splash.staff.requests import actor, studio_route
from splash.staff.vocabulary import Action, Permission, SubjectType

bp = Blueprint("studio_catalog", url_prefix="/studio")

VARIANT_ID = Parameter("variant_id", "path", "The variant's id", schema=WHOLE_ID)


def _numbers(row: StockRow) -> dict[str, int]:
    return {"onHand": row.on_hand, "reserved": row.reserved, "available": row.available}


@bp.get("/stock")
@documented(
    "Every stocked variant: on hand, reserved by unpaid orders, available, threshold",
    tag="studio",
    response=StockList,
    errors=(400, 401, 403),
    parameters=(Parameter("low", "query", "true: only those at or below their threshold"),),
)
@studio_route(Permission.STOCK)
async def list_stock(request: Request) -> HTTPResponse:
    low = query_str(request, "low", "false")
    if low not in ("true", "false"):
        raise ValidationError.for_field(["query", "low"], "low must be true or false")
    rows = await stock_levels.stock_rows(request.app.ctx.settings.default_locale)
    return public(StockList(data=[row for row in rows if row.low or low == "false"]))


@bp.post("/stock/<variant_id:str>/adjustments")
@documented(
    "Count units in (+) or out (-) with a reason; never below what unpaid orders reserve (409)",
    tag="studio",
    body=StockAdjustment,
    response=StockAnswer,
    status=201,
    parameters=(VARIANT_ID,),
    errors=(400, 401, 403, 404, 409),
)
@studio_route(Permission.STOCK)
async def adjust(request: Request, variant_id: str) -> HTTPResponse:
    wanted = parse_id(variant_id)
    body = json_body(request, StockAdjustment)
    if body.change == 0:
        raise ValidationError.for_field(["change"], "change must not be 0")
    locale = request.app.ctx.settings.default_locale
    async with outbox.transaction():
        before = await stock_levels.stock_row(locale, wanted)
        await stock_levels.adjust(wanted, body.change)
        after = await stock_levels.stock_row(locale, wanted)
        await activity.record(
            actor(request),
            Action.STOCK_ADJUSTED,
            (SubjectType.VARIANT, wanted),
            before=_numbers(before),
            after=_numbers(after),
            note=f"{body.change:+d}: {body.reason}",
        )
    return public(StockAnswer(data=after), status=201)


@bp.patch("/stock/<variant_id:str>")
@documented(
    "Change a variant's low-stock threshold",
    tag="studio",
    body=ThresholdChange,
    response=StockAnswer,
    parameters=(VARIANT_ID,),
    errors=(400, 401, 403, 404),
)
@studio_route(Permission.STOCK)
async def change_threshold(request: Request, variant_id: str) -> HTTPResponse:
    wanted = parse_id(variant_id)
    body = json_body(request, ThresholdChange)
    locale = request.app.ctx.settings.default_locale
    async with outbox.transaction():
        before = await stock_levels.stock_row(locale, wanted)
        await stock_levels.set_threshold(wanted, body.low_stock_threshold)
        await activity.record(
            actor(request),
            Action.THRESHOLD_CHANGED,
            (SubjectType.VARIANT, wanted),
            before={"lowStockThreshold": before.low_stock_threshold},
            after={"lowStockThreshold": body.low_stock_threshold},
        )
    return public(StockAnswer(data=await stock_levels.stock_row(locale, wanted)))
