"""``POST /api/forms/{form}/submissions``: rate-limited, captcha-checked, validated, stored."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.forms import services
from splash.forms.schemas import SubmissionCreate, SubmissionPublic, SubmissionResponse
from splash.shared.http.context import domain_locale
from splash.shared.http.openapi import Parameter, documented
from splash.shared.http.ratelimit import rate_limited
from splash.shared.http.request import client_address, json_body
from splash.shared.http.response import public

bp = Blueprint("forms")
SUBMISSIONS_PER_WINDOW = 10
WINDOW_SECONDS = 600


@bp.post("/forms/<form:str>/submissions")
@documented(
    "Send a form (the contact form); the shop receives it by e-mail",
    tag="forms",
    body=SubmissionCreate,
    response=SubmissionResponse,
    errors=(404, 429),
    status=201,
    parameters=(Parameter("form", "path", "The form's name, e.g. contact"),),
)
@rate_limited(SUBMISSIONS_PER_WINDOW, WINDOW_SECONDS)
async def create_submission(request: Request, form: str) -> HTTPResponse:
    ctx = request.app.ctx
    services.definition(form)  # 404 before anything else for a form that does not exist
    body = json_body(request, SubmissionCreate)
    await ctx.captcha.verify(
        body.captcha_token, client_address(request, ctx.settings.trusted_proxies)
    )
    submission = await services.submit(form, body.data, domain_locale(request))
    created = SubmissionPublic(
        id=submission.id, form=submission.form, created_at=submission.created_at
    )
    return public(SubmissionResponse(data=created), status=201)
