"""The media library's requests and answers (camelCase on the wire)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import Field, StringConstraints

from splash.core.schemas import PublicModel, RequestBody
from splash.media.models import MediaItem
from splash.media.usage import Use
from splash.media.vocabulary import MediaFormat, VariantsStatus

Locale = Literal["en", "nl", "de", "es", "fr", "sv"]  # splash.core.locales.LOCALES
AltText = Annotated[str, StringConstraints(strip_whitespace=True, max_length=200)]


class MediaVariantPublic(PublicModel):
    format: MediaFormat
    width: int
    height: int
    url: str
    bytes: int


class MediaItemPublic(PublicModel):
    id: int
    file_name: str
    format: MediaFormat
    width: int
    height: int
    bytes: int
    version: int
    url: str
    variants: list[MediaVariantPublic]
    variants_status: VariantsStatus
    alt: dict[str, str] = Field(description="The alt text per locale; a missing locale has none")
    uploaded_by: str
    created_at: datetime
    updated_at: datetime

    @classmethod
    def of(cls, item: MediaItem) -> MediaItemPublic:
        return cls.model_validate(item, from_attributes=True)


class MediaAnswer(PublicModel):
    data: MediaItemPublic


class MediaMeta(PublicModel):
    page: int
    page_size: int
    total: int


class MediaList(PublicModel):
    data: list[MediaItemPublic]
    meta: MediaMeta


class UsePublic(PublicModel):
    kind: str = Field(description="page, article, product (and draft, once drafts exist)")
    id: int
    title: str
    locale: str | None

    @classmethod
    def of(cls, use: Use) -> UsePublic:
        return cls(kind=use.kind, id=use.id, title=use.title, locale=use.locale)


class UsesAnswer(PublicModel):
    data: list[UsePublic]


class AltChange(RequestBody):
    """Alt texts to set, per locale; an empty text removes that locale's. Locales left out
    keep theirs."""

    alt: dict[Locale, AltText] = Field(min_length=1)
