"""Data set-ups for end-to-end tests and Pact provider states (test environment only)."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable
from typing import Any

from tortoise import Tortoise

from splash.config import Settings
from splash.errors import ValidationError
from splash.mail.mailer import create_mailer
from splash.seed import seed_all


async def reset_to_fixtures(settings: Settings) -> dict[str, int]:
    """Empty every table (children first), then load the fixtures again."""
    assert Tortoise.apps is not None
    for model in reversed(list(Tortoise.apps.get_models_iterable())):
        await model.all().delete()
    return await seed_all(settings)


async def accept_contact_submissions(settings: Settings, app_ctx: Any = None) -> None:
    """The fixtures, and no submission counted yet by the rate limiter (10 per 10 minutes per
    client address and path), so a contract run never meets a 429 left over from earlier
    submissions."""
    await reset_to_fixtures(settings)
    if app_ctx is not None:
        await app_ctx.rate_limiter.clear()


# A handler takes the settings and, when it declares a second parameter, the app context
# (``app.ctx``: rate limiter, mailer, …). Handlers taking settings only keep working.
StateHandler = Callable[..., Awaitable[object]]

STATES: dict[str, StateHandler] = {
    "six locales exist": reset_to_fixtures,
    "the navigation menus are seeded": reset_to_fixtures,
    "the contact form accepts submissions": accept_contact_submissions,
}


def _takes_context(handler: StateHandler) -> bool:
    parameters = inspect.signature(handler).parameters.values()
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in parameters)


async def set_up(settings: Settings, state: str, app_ctx: Any = None) -> None:
    handler = STATES.get(state)
    if handler is None:
        raise ValidationError.for_field(["state"], f"Unknown provider state {state!r}")
    if _takes_context(handler):
        await handler(settings, app_ctx)
    else:
        await handler(settings)


def outbox_messages(settings: Settings) -> list[dict[str, str | None]]:
    """Every .eml in the outbox folder, parsed, oldest first."""
    from email import policy
    from email.parser import BytesParser

    mailer = create_mailer(settings.mail_url, settings.mail_from)
    folder = getattr(mailer, "folder", None)
    if folder is None or not folder.is_dir():
        return []
    messages = []
    for path in sorted(folder.glob("*.eml")):
        message = BytesParser(policy=policy.default).parsebytes(path.read_bytes())
        text = message.get_body(preferencelist=("plain",))
        messages.append(
            {
                "to": message["To"],
                "from": message["From"],
                "subject": message["Subject"],
                "replyTo": message["Reply-To"],
                "text": text.get_content() if text else None,
            }
        )
    return messages
