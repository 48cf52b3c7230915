"""Account endpoints (contracts/accounts-api.md): thin handlers over ``accounts.services``."""

from __future__ import annotations

from sanic import Blueprint, Request, json, redirect
from sanic.response import HTTPResponse

from splash.accounts import email_change, google, services
from splash.accounts.models import User
from splash.accounts.schemas import (
    AuthResponse,
    ChangeEmail,
    ChangePassword,
    ConfirmationSent,
    EmailOnly,
    Login,
    Ok,
    ProfileUpdate,
    Register,
    ResetPassword,
    UserPublic,
)
from splash.http.openapi import Parameter, documented
from splash.http.ratelimit import rate_limited
from splash.http.request import json_body, query_str
from splash.mail.mailer import Email, send_later

bp = Blueprint("accounts")

# Per client address and path: enough for a parent who mistypes, too few to guess passwords.
ATTEMPTS, WINDOW = 10, 600


async def _user(request: Request) -> User:
    return await services.authenticate(
        request.headers.get("authorization"), request.app.ctx.settings
    )


def _send(request: Request, email: Email | None) -> None:
    if email is not None:
        send_later(request.app.ctx.mailer, email)


async def _signed_in(request: Request, user: User) -> HTTPResponse:
    return json(await services.signed_in(user, request.app.ctx.settings))


@bp.post("/auth/local/register")
@documented(
    "Create an account (username = e-mail); sends the confirmation e-mail, signs in",
    tag="accounts",
    body=Register,
    response=AuthResponse,
    errors=(429,),
)
@rate_limited(ATTEMPTS, WINDOW)
async def register(request: Request) -> HTTPResponse:
    body = json_body(request, Register)
    outcome = await services.register(body, request.ctx.locale, request.app.ctx.settings)
    _send(request, outcome.email)
    return await _signed_in(request, outcome.user)


@bp.get("/auth/email-confirmation")
@documented(
    "The link in the confirmation e-mail: confirms and redirects to /email-confirmed",
    tag="accounts",
    # Optional: a link opened without its secret lands on the page too (?status=invalid).
    parameters=(Parameter("confirmation", "query", "The secret from the e-mail"),),
    status=302,
)
async def confirm_email(request: Request) -> HTTPResponse:
    confirmed = await services.confirm_email(query_str(request, "confirmation"))
    table = request.app.ctx.routes
    target = table.path_for("email-confirmed", request.ctx.locale)
    return redirect(target if confirmed else f"{target}?status=invalid")


@bp.post("/auth/send-email-confirmation")
@documented(
    "Send the confirmation e-mail again (same answer whether or not the address has an account)",
    tag="accounts",
    body=EmailOnly,
    response=ConfirmationSent,
    errors=(429,),
)
@rate_limited(ATTEMPTS, WINDOW)
async def send_email_confirmation(request: Request) -> HTTPResponse:
    body = json_body(request, EmailOnly)
    settings = request.app.ctx.settings
    _send(request, await services.resend_confirmation(body.email, request.ctx.locale, settings))
    return json(ConfirmationSent(email=body.email).model_dump())


@bp.post("/auth/local")
@documented(
    "Sign in with e-mail and password",
    tag="accounts",
    body=Login,
    response=AuthResponse,
    errors=(429,),
)
@rate_limited(ATTEMPTS, WINDOW)
async def login(request: Request) -> HTTPResponse:
    user = await services.login(json_body(request, Login))
    return await _signed_in(request, user)


@bp.post("/auth/forgot-password")
@documented(
    "E-mail a password reset link (valid 1 hour, single use); always answers ok",
    tag="accounts",
    body=EmailOnly,
    response=Ok,
    errors=(429,),
)
@rate_limited(ATTEMPTS, WINDOW)
async def forgot_password(request: Request) -> HTTPResponse:
    body = json_body(request, EmailOnly)
    ctx = request.app.ctx
    _send(
        request,
        await services.forgot_password(body.email, request.ctx.locale, ctx.settings, ctx.routes),
    )
    return json(Ok().model_dump())


@bp.post("/auth/reset-password")
@documented(
    "Set a new password with the code from the e-mail; ends every other session",
    tag="accounts",
    body=ResetPassword,
    response=AuthResponse,
    errors=(429,),
)
@rate_limited(ATTEMPTS, WINDOW)
async def reset_password(request: Request) -> HTTPResponse:
    body = json_body(request, ResetPassword)
    ctx = request.app.ctx
    outcome = await services.reset_password(body, request.ctx.locale, ctx.settings, ctx.routes)
    _send(request, outcome.email)
    return await _signed_in(request, outcome.user)


@bp.post("/auth/change-password")
@documented(
    "Change the password of the signed-in user; ends every other session",
    tag="accounts",
    body=ChangePassword,
    response=AuthResponse,
    errors=(401, 429),
)
@rate_limited(ATTEMPTS, WINDOW)
async def change_password(request: Request) -> HTTPResponse:
    user = await _user(request)
    body = json_body(request, ChangePassword)
    ctx = request.app.ctx
    outcome = await services.change_password(
        user, body, request.ctx.locale, ctx.settings, ctx.routes
    )
    _send(request, outcome.email)
    return await _signed_in(request, outcome.user)


@bp.post("/auth/change-email")
@documented(
    "Ask to change the signed-in user's e-mail address: mails a confirmation link to the new one",
    tag="accounts",
    body=ChangeEmail,
    response=ConfirmationSent,
    errors=(401, 429),
)
@rate_limited(ATTEMPTS, WINDOW)
async def change_email(request: Request) -> HTTPResponse:
    user = await _user(request)
    body = json_body(request, ChangeEmail)
    mail = await email_change.request_email_change(
        user, body, request.ctx.locale, request.app.ctx.settings
    )
    _send(request, mail)
    return json(ConfirmationSent(email=mail.to).model_dump())


@bp.get("/auth/email-change")
@documented(
    "The link in the e-mail-change mail: changes the address, ends every session and redirects "
    "to /email-confirmed?status=changed (or invalid, or taken)",
    tag="accounts",
    # Optional: a link opened without its secret lands on the page too (?status=invalid).
    parameters=(Parameter("code", "query", "The secret from the e-mail"),),
    status=302,
)
async def confirm_email_change(request: Request) -> HTTPResponse:
    settings = request.app.ctx.settings
    status, notice = await email_change.confirm_email_change(
        query_str(request, "code"), request.ctx.locale, settings
    )
    _send(request, notice)
    target = request.app.ctx.routes.path_for("email-confirmed", request.ctx.locale)
    return redirect(f"{target}?status={status}")


@bp.post("/auth/logout-everywhere")
@documented(
    "Sign out on every device: every token issued so far stops working",
    tag="accounts",
    response=Ok,
    errors=(401,),
)
async def logout_everywhere(request: Request) -> HTTPResponse:
    await services.end_sessions(await _user(request))
    return json(Ok().model_dump())


@bp.get("/connect/google")
@documented("Start Google sign-in: redirects to Google", tag="accounts", status=302)
async def connect_google(request: Request) -> HTTPResponse:
    ctx = request.app.ctx
    return redirect(await google.google_start(ctx.settings, request.ctx.locale, ctx.routes))


@bp.get("/connect/google/callback")
@documented(
    "Google's redirect back: checks the state, trades the code, redirects to the SPA",
    tag="accounts",
    parameters=(
        Parameter("code", "query", "Google's authorization code"),
        # Optional: without a known state the person lands on the sign-in error page.
        Parameter("state", "query", "The state handed out by /connect/google"),
        Parameter("error", "query", "Set by Google when the person cancelled"),
    ),
    status=302,
)
async def google_callback_redirect(request: Request) -> HTTPResponse:
    ctx = request.app.ctx
    target = await google.google_finish(
        ctx.settings,
        ctx.routes,
        ctx.http,
        request.ctx.locale,
        query_str(request, "code"),
        query_str(request, "state"),
        query_str(request, "error"),
    )
    return redirect(target)


@bp.get("/auth/google/callback")
@documented(
    "Sign in with a Google access token: finds, links or creates the account",
    tag="accounts",
    parameters=(Parameter("access_token", "query", "Google's access token", True),),
    response=AuthResponse,
    errors=(429,),
)
@rate_limited(ATTEMPTS, WINDOW)
async def google_sign_in(request: Request) -> HTTPResponse:
    ctx = request.app.ctx
    user = await google.google_sign_in(
        ctx.settings, ctx.http, query_str(request, "access_token"), request.ctx.locale
    )
    return await _signed_in(request, user)


@bp.get("/users/me")
@documented(
    "The signed-in user with their addresses", tag="accounts", response=UserPublic, errors=(401,)
)
async def me(request: Request) -> HTTPResponse:
    return json(await services.public_user(await _user(request)))


@bp.put("/users/me")
@documented(
    "Change personal details and addresses (multipart/form-data, JSON in the field data)",
    tag="accounts",
    body=ProfileUpdate,
    response=UserPublic,
    errors=(401,),
    multipart=True,
)
async def update_me(request: Request) -> HTTPResponse:
    user = await _user(request)
    raw = request.form.get("data") if request.form else None
    changes = services.parse_profile(raw)
    return json(await services.public_user(await services.update_profile(user, changes)))
