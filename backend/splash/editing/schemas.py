"""Request and answer models of the studio's editing routes (``site.editing_routes``)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import Field, StrictInt

from splash.core.schemas import PublicModel, RequestBody


class DraftSave(RequestBody):
    """A save (autosave too): the whole document, and the revision it was based on (0: the
    first draft of the entry)."""

    revision: StrictInt = Field(ge=0, le=2_000_000_000)
    document: dict[str, Any]


class EntryCreate(RequestBody):
    """A new entry of a collection the studio makes entries of (a variant, a level, a lesson):
    its key (a variant's SKU in lower case) and the fields the collection asks for."""

    key: str = Field(max_length=64)
    fields: dict[str, Any]


class PublishRequest(RequestBody):
    """Publish the draft; ``revision``: only when it is still this one (else 409)."""

    revision: StrictInt | None = Field(default=None, ge=1, le=2_000_000_000)


class ScheduleRequest(RequestBody):
    """Publish revision ``revision`` of the draft at ``at`` (with its time zone); ``at`` null
    cancels the schedule."""

    revision: StrictInt = Field(ge=1, le=2_000_000_000)
    at: datetime | None


class EntryPublic(PublicModel):
    collection: str
    key: str
    locale: str
    document: dict[str, Any] | None = Field(
        description="The draft, or the live document when there is no draft; null: neither"
    )
    revision: int = Field(description="The draft's revision; 0: no draft yet")
    saved_by: str | None
    saved_at: datetime | None
    live: dict[str, Any] | None = Field(description="What the public site shows; null: nothing")
    published_revision: int | None = Field(description="The draft revision that is live")
    publish_at: datetime | None = Field(description="When the draft is to be published")
    schedule_refused: str | None = Field(
        description="Why the scheduled publish was refused at its time; null: it was not (or "
        "the draft was saved, published or scheduled again since)"
    )
    missing: list[str] = Field(description="Required before publishing, as field paths")


class EntryAnswer(PublicModel):
    data: EntryPublic


class DraftPublic(PublicModel):
    revision: int
    saved_by: str
    saved_at: datetime
    publish_at: datetime | None


class DraftAnswer(PublicModel):
    data: DraftPublic


class EntrySummaryPublic(PublicModel):
    key: str
    title: str
    live: bool
    translated: bool = Field(description="False: a missing translation in this language")
    drafted: bool = Field(description="A draft differs from what is live")
    path: str | None
    category: str | None = Field(default=None, description="An article's category key")
    date: datetime | None = Field(default=None, description="An article's date shown")
    id: int | None = Field(
        default=None, description="A course's, level's or lesson's id (the lesson video panel)"
    )
    video_ms: int | None = Field(
        default=None, description="A lesson's video's length (its minutes' default); null: none"
    )


class EntryListAnswer(PublicModel):
    data: list[EntrySummaryPublic]


class VersionPublic(PublicModel):
    number: int
    published_by: str
    published_at: datetime


class VersionAnswer(PublicModel):
    data: VersionPublic


class VersionListAnswer(PublicModel):
    data: list[VersionPublic]


class FieldChangePublic(PublicModel):
    path: str
    before: Any
    after: Any


class DiffAnswer(PublicModel):
    data: list[FieldChangePublic]


class PreviewLink(PublicModel):
    url: str
    expires_at: datetime


class PreviewAnswer(PublicModel):
    data: PreviewLink


class SlugAnswer(PublicModel):
    data: str


class CollectionPublic(PublicModel):
    name: str
    localized: bool = Field(description="Entries per language (else one entry, locale empty)")
    permission: str = Field(description="What a role needs to save and publish its entries")
    editable: bool = Field(
        description="The signed-in role may save and publish (else the studio shows no control)"
    )


class CollectionListAnswer(PublicModel):
    data: list[CollectionPublic]
