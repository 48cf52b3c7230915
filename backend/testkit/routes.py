"""Test-only endpoints (mounted only when ``SPLASH_ENV=test``): seed data, Pact provider states."""

from __future__ import annotations

from sanic import Blueprint, Request, json
from sanic.response import HTTPResponse

from splash.core.errors import ValidationError
from splash.shared import edge
from testkit import states

bp = Blueprint("testing", url_prefix="/_test")


@bp.post("/seed")
async def seed(request: Request) -> HTTPResponse:
    """Reset the database to the fixtures."""
    report = await states.reset_to_fixtures(request.app.ctx.settings, request.app.ctx)
    return json({"seeded": report})


@bp.post("/pact-state")
async def pact_state(request: Request) -> HTTPResponse:
    """Pact provider-state hook: ``{"state": "...", "action": "setup" | "teardown"}``.

    A set-up handler that returns a dict supplies provider-state values: they are answered
    alongside state and action, and the Pact verifier injects them where a contract uses
    ``fromProviderState`` (e.g. ``/api/pages/${pageId}``: ids change with every reset).

    The verifier calls the hook with the empty state for an interaction that names none (the
    build poll): there is nothing to set up."""
    body = request.json if isinstance(request.json, dict) else {}
    state, action = body.get("state"), body.get("action", "setup")
    if not isinstance(state, str):
        raise ValidationError.for_field(["state"], "state must be a string")
    values = (
        await states.set_up(request.app.ctx.settings, state, request.app.ctx)
        if action == "setup" and state
        else {}
    )
    await edge.bump(request.app.ctx.settings)  # a state may change content directly
    return json({**values, "state": state, "action": action})


@bp.get("/outbox")
async def outbox(request: Request) -> HTTPResponse:
    """The mails the outbox mailer wrote, oldest first (end-to-end tests read them)."""
    return json({"messages": states.outbox_messages(request.app.ctx.settings)})


@bp.post("/rate-limits/reset")
async def reset_rate_limits(request: Request) -> HTTPResponse:
    await request.app.ctx.rate_limiter.clear()
    return json({"reset": True})
