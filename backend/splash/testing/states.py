"""Data set-ups for end-to-end tests and Pact provider states (test environment only)."""

from __future__ import annotations

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


STATES = {
    "six locales exist": reset_to_fixtures,
    "the navigation menus are seeded": reset_to_fixtures,
}


async def set_up(settings: Settings, state: str) -> None:
    handler = STATES.get(state)
    if handler is None:
        raise ValidationError.for_field(["state"], f"Unknown provider state {state!r}")
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
