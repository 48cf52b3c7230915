"""Content API: ``/api/i18n/locales`` and ``/api/navigation/render/{navigation}``."""

from __future__ import annotations

from sanic import Blueprint, Request, json
from sanic.response import HTTPResponse

from splash.content import services
from splash.content.schemas import LocalePublic, NavigationItemFlat, NavigationItemTree
from splash.http.openapi import Parameter, documented
from splash.http.request import query_str

bp = Blueprint("content")


@bp.get("/i18n/locales")
@documented(
    "The shop's locales, the default one flagged", tag="content", response=list[LocalePublic]
)
async def list_locales(request: Request) -> HTTPResponse:
    locales = await services.list_locales()
    return json([locale.model_dump(by_alias=True) for locale in locales])


@bp.get("/navigation/render/<navigation:str>")
@documented(
    "A navigation menu (primary, secondary, legal) as a FLAT list or a TREE",
    tag="content",
    response=list[NavigationItemFlat] | list[NavigationItemTree],
    errors=(404,),
    parameters=(
        Parameter("navigation", "path", "primary, secondary or legal"),
        Parameter("locale", "query", "nl, en, de, es, fr or sv (default: the default locale)"),
        Parameter("type", "query", "FLAT (default) or TREE"),
    ),
)
async def render_navigation(request: Request, navigation: str) -> HTTPResponse:
    items = await services.render_navigation(
        navigation, query_str(request, "locale"), query_str(request, "type", "FLAT") or "FLAT"
    )
    return json(items)
