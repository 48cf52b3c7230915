"""Account endpoints (contracts/accounts-api.md): thin handlers over ``accounts.services``."""

from __future__ import annotations

from sanic import Blueprint, Request
from sanic.response import HTTPResponse

from splash.accounts import email_change, google, services
from splash.accounts.models import User
from splash.accounts.requests import require_user
from splash.accounts.schemas import (
    AuthResponse,
    ChangeEmail,
    ChangePassword,
    ConfirmationSent,
    EmailOnly,
    GoogleLink,
    Login,
    Ok,
    ProfileUpdate,
    Register,
    ResetPassword,
    UserPublic,
)
from splash.shared.http.context import domain_locale
from splash.shared.http.openapi import Parameter, documented
from splash.shared.http.ratelimit import rate_limited
from splash.shared.http.redirects import redirect_to
from splash.shared.http.request import form_field, json_body, query_str
from splash.shared.http.response import public

bp = Blueprint("accounts")

# Per client address and path: enough for a parent who mistypes, too few to guess passwords.
ATTEMPTS, WINDOW = 10, 600


async def _signed_in(request: Request, user: User) -> HTTPResponse:
    return public(await services.signed_in(user, request.app.ctx.settings))


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
    user = await services.register(json_body(request, Register), domain_locale(request))
    return await _signed_in(request, user)


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
    target = table.path_for("email-confirmed", domain_locale(request))
    return redirect_to(request, target if confirmed else f"{target}?status=invalid")


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
    await services.resend_confirmation(body.email, domain_locale(request))
    return public(ConfirmationSent(email=body.email, sent=True))


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
    await services.forgot_password(body.email, domain_locale(request))
    return public(Ok(ok=True))


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
    user = await services.reset_password(body, domain_locale(request))
    return await _signed_in(request, user)


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
    user = await require_user(request)
    body = json_body(request, ChangePassword)
    user = await services.change_password(user, body, domain_locale(request))
    return await _signed_in(request, user)


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
    user = await require_user(request)
    body = json_body(request, ChangeEmail)
    new_email = await email_change.request_email_change(user, body, domain_locale(request))
    return public(ConfirmationSent(email=new_email, sent=True))


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
    status = await email_change.confirm_email_change(
        query_str(request, "code"), domain_locale(request)
    )
    target = request.app.ctx.routes.path_for("email-confirmed", domain_locale(request))
    return redirect_to(request, f"{target}?status={status}")


@bp.post("/auth/logout-everywhere")
@documented(
    "Sign out on every device: every token issued so far stops working",
    tag="accounts",
    response=Ok,
    errors=(401,),
)
async def logout_everywhere(request: Request) -> HTTPResponse:
    await services.end_sessions(await require_user(request))
    return public(Ok(ok=True))


def _flow_cookie(request: Request, response: HTTPResponse, binding: str | None) -> None:
    """The browser binding of a Google sign-in: HttpOnly, SameSite=Lax (sent on Google's
    top-level redirect back, never on a cross-site sub-request), only to the API, ten minutes.
    ``None`` ends it."""
    settings = request.app.ctx.settings
    if binding is None:
        response.delete_cookie(google.FLOW_COOKIE, path=settings.api_prefix)
        return
    response.add_cookie(
        google.FLOW_COOKIE,
        binding,
        path=settings.api_prefix,
        max_age=int(google.STATE_VALID.total_seconds()),
        httponly=True,
        samesite="Lax",
        secure=settings.scheme == "https",
    )


def _binding(request: Request) -> str | None:
    return request.cookies.get(google.FLOW_COOKIE)


@bp.get("/connect/google")
@documented(
    "Start Google sign-in: redirects to Google (state, nonce, PKCE) and sets the flow cookie",
    tag="accounts",
    status=302,
)
async def connect_google(request: Request) -> HTTPResponse:
    ctx = request.app.ctx
    start = await google.google_start(ctx.settings, domain_locale(request), ctx.routes)
    response = redirect_to(request, start.location, external=ctx.settings.google_authorize_url)
    if start.binding:
        _flow_cookie(request, response, start.binding)
    return response


@bp.get("/connect/google/callback")
@documented(
    "Google's redirect back: checks state and flow cookie, trades the code (PKCE), verifies the "
    "ID token and redirects to the SPA with a sign-in ticket, a link ticket or an error",
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
    query = {name: query_str(request, name) for name in ("code", "state", "error")}
    target = await google.google_finish(
        ctx.settings,
        ctx.routes,
        ctx.google_keys,
        ctx.http,
        domain_locale(request),
        query,
        _binding(request),
    )
    return redirect_to(request, target)


@bp.get("/auth/google/callback")
@documented(
    "Sign in with the ticket Splash's Google callback handed to this browser (single use, "
    "2 minutes, needs the flow cookie). A Google access token is never accepted here.",
    tag="accounts",
    parameters=(
        Parameter("access_token", "query", "The ticket from /connect/google/callback", True),
    ),
    response=AuthResponse,
    errors=(429,),
)
@rate_limited(ATTEMPTS, WINDOW)
async def google_sign_in(request: Request) -> HTTPResponse:
    user = await google.redeem_ticket(query_str(request, "access_token"), _binding(request))
    response = await _signed_in(request, user)
    _flow_cookie(request, response, None)
    return response


@bp.post("/auth/google/link")
@documented(
    "Link Google to the confirmed account with Google's address: the owner proves the password "
    "with the link ticket from /connect/google/callback (needs the flow cookie); signs in",
    tag="accounts",
    body=GoogleLink,
    response=AuthResponse,
    errors=(429,),
)
@rate_limited(ATTEMPTS, WINDOW)
async def google_link(request: Request) -> HTTPResponse:
    body = json_body(request, GoogleLink)
    user = await google.link_with_password(body.code, body.password, _binding(request))
    response = await _signed_in(request, user)
    _flow_cookie(request, response, None)
    return response


@bp.get("/users/me")
@documented(
    "The signed-in user with their addresses", tag="accounts", response=UserPublic, errors=(401,)
)
async def me(request: Request) -> HTTPResponse:
    return public(await services.public_user(await require_user(request)))


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
    user = await require_user(request)
    changes = services.parse_profile(form_field(request, "data"))
    return public(await services.public_user(await services.update_profile(user, changes)))
