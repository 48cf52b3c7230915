"""How a route answers with a schema: the one serialisation of a ``…Public`` model."""

from __future__ import annotations

from pydantic import BaseModel
from sanic import json
from sanic.response import HTTPResponse


def public(
    answer: BaseModel, status: int = 200, headers: dict[str, str] | None = None
) -> HTTPResponse:
    """camelCase, and only the fields that were set: an optional field a query left out (a
    product list's ``fields``, a variant's ``populate``) stays out rather than reading null. A
    field with a default is set only when given: the answer names it (``Ok(ok=True)``)."""
    return json(
        answer.model_dump(mode="json", by_alias=True, exclude_unset=True),
        status=status,
        headers=headers,
    )
