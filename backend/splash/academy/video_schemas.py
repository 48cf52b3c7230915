"""What the studio's lesson video panel sends and reads: an upload announced, its state (the
chunks that arrived, then the import's stage), and the lesson's video as it plays now (with its
captions per language and its poster)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field, StrictInt

from splash.academy.vocabulary import VideoImportFailure, VideoUploadStatus
from splash.core.schemas import PublicModel, RequestBody, Trimmed

VIDEO_TYPE = r"^(video|application)/[A-Za-z0-9.+-]{1,80}$"


class VideoUploadCreate(RequestBody):
    """A lesson video about to be sent in chunks: its name, its type as the browser says it,
    and its exact size in bytes."""

    file_name: Annotated[str, Trimmed(200, min_length=1)]
    content_type: Annotated[str, Trimmed(100, min_length=3, pattern=VIDEO_TYPE)]
    size: Annotated[StrictInt, Field(ge=1)]


class VideoUploadPublic(PublicModel):
    id: int
    lesson_id: int
    file_name: str
    size: int
    offset: int  # the bytes received: where the next chunk starts
    status: VideoUploadStatus
    percent: int  # of the import, once every byte is in
    failure: VideoImportFailure | None
    created_at: datetime
    updated_at: datetime
    expires_at: datetime | None  # while receiving: forgotten after a break until then
    chunk_size: int  # the largest chunk the server takes


class VideoUploadAnswer(PublicModel):
    data: VideoUploadPublic


class CaptionPublic(PublicModel):
    locale: str
    src: str


class PosterPublic(PublicModel):
    src: str
    width: int
    height: int


class LessonVideoPublic(PublicModel):
    """The lesson's video as it plays now (None: no video yet), its poster, and its newest
    upload whatever became of it."""

    lesson_id: int
    lesson_key: str
    master: str | None
    duration_ms: int | None
    captions: list[CaptionPublic]
    poster: PosterPublic | None
    upload: VideoUploadPublic | None


class LessonVideoAnswer(PublicModel):
    data: LessonVideoPublic
