"""The two base models every domain's schemas build on (pure): what the API answers
(camelCase, frozen) and what it accepts (camelCase, unknown fields refused)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict
from pydantic.alias_generators import to_camel


class PublicModel(BaseModel):
    """An answer of the API: snake_case in Python, camelCase on the wire."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)


class RequestBody(BaseModel):
    """A request body: camelCase on the wire; a field it does not declare is a 400."""

    model_config = ConfigDict(
        extra="forbid", alias_generator=to_camel, populate_by_name=True, frozen=True
    )
