from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import BaseModel, Field, StringConstraints

from splash.core.schemas import CaptchaToken, PublicModel, RequestBody

FieldValue = Annotated[str, StringConstraints(max_length=5000)] | bool | None


class SubmissionCreate(RequestBody):
    """The request body: the form's values wrapped in ``data``, plus the captcha token."""

    data: dict[Annotated[str, StringConstraints(max_length=64)], FieldValue] = Field(max_length=50)
    captcha_token: CaptchaToken | None = Field(default=None, alias="captchaToken")


class SubmissionPublic(PublicModel):
    id: int
    form: str
    created_at: datetime


class SubmissionResponse(BaseModel):
    data: SubmissionPublic
