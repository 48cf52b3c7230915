"""The studio's form choices: every block type's form, derived from the block models (see
:mod:`splash.content.block_forms`; it reads no database: the answer is the same for every
request of one build of the backend), and the blog's categories an article can be put in."""

from __future__ import annotations

from functools import cache

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.content import blog
from splash.content.block_forms import BlockFormList, block_forms
from splash.content.requests import requested_locale
from splash.content.schemas import CategoryList
from splash.shared.http.openapi import LOCALE, Parameter, documented
from splash.shared.http.response import public
from splash.staff.requests import studio_route
from splash.staff.vocabulary import Permission

bp = Blueprint("studio_block_forms", url_prefix="/studio/content")

# Derived once: the models do not change while the backend runs.
_forms = cache(block_forms)


@bp.get("/block-forms")
@documented(
    "Every block type's form: ordered fields with their widget, limits and whether required",
    tag="studio",
    response=BlockFormList,
    errors=(401, 403),
)
@studio_route(Permission.CONTENT)
async def list_block_forms(request: Request) -> HTTPResponse:
    return public(_forms())


@bp.get("/categories")
@documented(
    "The blog's categories in a language, by name: what an article's category is chosen from",
    tag="studio",
    response=CategoryList,
    parameters=(Parameter("locale", "query", "The article's language", schema=LOCALE),),
    errors=(400, 401, 403),
)
@studio_route(Permission.CONTENT)
async def list_categories(request: Request) -> HTTPResponse:
    return public(CategoryList(data=await blog.categories(await requested_locale(request))))
