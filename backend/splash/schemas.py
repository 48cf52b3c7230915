"""The two base models every domain's schemas build on (pure): what the API answers
(camelCase, frozen) and what it accepts (camelCase, unknown fields refused); and the captcha
token a protected request carries."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, StringConstraints, field_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

# The reCAPTCHA v3 token of a protected request (``captchaToken``: the contact form, the
# checkout), checked by ``splash.http.captcha``; Google's tokens are about 2,000 characters.
CaptchaToken = Annotated[str, StringConstraints(max_length=4000)]


class PublicModel(BaseModel):
    """An answer of the API: snake_case in Python, camelCase on the wire."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)


class RequestBody(BaseModel):
    """A request body: camelCase on the wire; a field it does not declare is a 400."""

    model_config = ConfigDict(
        extra="forbid", alias_generator=to_camel, populate_by_name=True, frozen=True
    )

    @field_validator("*", mode="after")
    @classmethod
    def _no_nul_characters(cls, value: Any) -> Any:
        """No text anywhere in a body holds U+0000: PostgreSQL cannot store it (a 500 there,
        silently different data in SQLite), and no person types it."""
        if _holds_nul(value):
            raise PydanticCustomError("nul_character", "must not contain a NUL character (U+0000)")
        return value


def _holds_nul(value: Any) -> bool:
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(_holds_nul(key) or _holds_nul(item) for key, item in value.items())
    if isinstance(value, (list, tuple)):
        return any(_holds_nul(item) for item in value)
    return False
