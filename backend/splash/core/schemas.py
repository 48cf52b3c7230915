"""The two base models every domain's schemas build on (pure): what the API answers
(camelCase, frozen) and what it accepts (camelCase, unknown fields refused); and the captcha
token a protected request carries."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any

from annotated_types import GroupedMetadata
from pydantic import BaseModel, BeforeValidator, ConfigDict, StringConstraints, field_validator
from pydantic.alias_generators import to_camel
from pydantic_core import PydanticCustomError

# What an e-mail address never holds: whitespace, a second @, and every control character (C0,
# DEL, C1) and format character (U+00AD, U+200B-U+200F, U+202A-U+202E, U+FEFF, …) of the Basic
# Multilingual Plane. A mail cannot carry U+001C-U+001E, U+0085 or U+2028 in a header (Python's
# email refuses the message, so its outbox job could never be sent); the others are invisible,
# turn the text around, or end up raw in an SMTP command. Written with \x and \u escapes only,
# so pydantic (Rust), Python's re (Schemathesis) and JavaScript read the published pattern alike
# (each engine's \s differs in the controls, which are all excluded here by name).
NOT_IN_ADDRESS = (
    r"\s@\x00-\x1f\x7f-\x9f\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e"
    r"\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb"
)
EMAIL_PATTERN = rf"^[^{NOT_IN_ADDRESS}]+@[^{NOT_IN_ADDRESS}]+\.[^{NOT_IN_ADDRESS}]{{2,}}$"


@dataclass(frozen=True)
class Trimmed(GroupedMetadata):
    """A text kept without its surrounding whitespace, whose documented ``maxLength`` holds for
    what is sent, not only for what is kept: a longer value is refused before the whitespace
    goes (a fuzzer found a padded address accepted against the schema)."""

    max_length: int
    min_length: int | None = None
    pattern: str | None = None

    def __iter__(self) -> Iterator[Any]:
        yield StringConstraints(
            strip_whitespace=True,
            min_length=self.min_length,
            max_length=self.max_length,
            pattern=self.pattern,
        )
        yield BeforeValidator(self._sent_at_most)

    def _sent_at_most(self, value: object) -> object:
        if isinstance(value, str) and len(value) > self.max_length:
            raise PydanticCustomError(
                "string_too_long",
                "String should have at most {max_length} characters",
                {"max_length": self.max_length},
            )
        return value


Email = Annotated[str, Trimmed(254, pattern=EMAIL_PATTERN)]


# The reCAPTCHA v3 token of a protected request (``captchaToken``: the contact form, the
# checkout), checked by ``splash.shared.http.captcha``; Google's tokens are about 2,000 characters.
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
