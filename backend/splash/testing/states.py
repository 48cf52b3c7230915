"""Data set-ups for end-to-end tests and Pact provider states (test environment only)."""

from __future__ import annotations

from tortoise import Tortoise

from splash.config import Settings
from splash.errors import ValidationError
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
