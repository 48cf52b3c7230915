"""The language hand-off's request bodies and answer (contracts/handoff-api.md)."""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator

from splash.core.schemas import PublicModel, RequestBody
from splash.handoff import cookies
from splash.orders.schemas import QuoteRequest

TOKEN_MAX_LENGTH = 200
TARGET_MAX_LENGTH = 2000


class HandoffRequest(RequestBody):
    """What the visitor takes along to another language's domain. The sign-in is the request's
    own (its bearer token), never named in the body."""

    target: str = Field(
        max_length=TARGET_MAX_LENGTH,
        description="The page in the other language, as the language switcher links it: one "
        "of the shop's origins + path, e.g. http://en.localhost:8000/checkout?locale=en",
    )
    cart: QuoteRequest = Field(description="The cart's lines and shipping country")
    draft: dict[str, Any] | None = Field(
        default=None,
        description="The checkout's draft, kept as it is (the SPA's shape): at most "
        f"{cookies.DRAFT_MAX_CHARS} characters as compact JSON, URI-encoded",
    )

    @field_validator("draft")
    @classmethod
    def _fits_its_cookie(cls, draft: dict[str, Any] | None) -> dict[str, Any] | None:
        if draft is not None and len(cookies.uri_json(draft)) > cookies.DRAFT_MAX_CHARS:
            raise ValueError(f"The draft is longer than {cookies.DRAFT_MAX_CHARS} characters")
        return draft


class Handoff(PublicModel):
    action: str = Field(
        description="Where the browser posts the token, as a top-level form (field token): "
        "the target domain's redeem endpoint",
        examples=["http://en.localhost:8000/api/language-handoffs/redeem"],
    )
    token: str = Field(
        description="The single-use secret (about a minute, this browser only): only ever in a "
        "form body, never in a URL"
    )


class HandoffAnswer(PublicModel):
    data: Handoff


class HandoffRedeem(RequestBody):
    """The form the browser posts to the target domain."""

    token: str = Field(default="", max_length=TOKEN_MAX_LENGTH)
    next: str = Field(
        default="/",
        max_length=TARGET_MAX_LENGTH,
        description="The target page's path, where a refused hand-off lands (signed out)",
    )
