from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field, StringConstraints

from splash.core.schemas import CaptchaToken, PublicModel, RequestBody

FieldValue = Annotated[str, StringConstraints(max_length=5000)] | bool | None


class SubmissionCreate(RequestBody):
    """The request body: the form's values wrapped in ``data``, plus the captcha token."""

    data: dict[Annotated[str, StringConstraints(max_length=64)], FieldValue] = Field(max_length=50)
    captcha_token: CaptchaToken | None = Field(default=None, alias="captchaToken")


class FormFieldPublic(PublicModel):
    """A field as the SPA renders it (``FormField.public``); ``rules`` are the rule strings the
    server checks, so the SPA checks the same."""

    name: str
    type: Literal["text", "email", "tel", "textarea", "checkbox"]
    rules: str
    autocomplete: str | None


class SubmissionPublic(PublicModel):
    id: int
    form: str
    created_at: datetime


class SubmissionResponse(BaseModel):
    data: SubmissionPublic
