"""What the studio's video panel of a lesson reads: the video playing now with its captions and
poster, and the newest upload (receiving, importing, done or failed, and why)."""

from __future__ import annotations

from splash.academy import lesson_media, storage, video_uploads
from splash.academy.models import Lesson, LessonVideo
from splash.academy.video_schemas import (
    CaptionPublic,
    LessonVideoPublic,
    PosterPublic,
    VideoUploadPublic,
)
from splash.academy.video_upload_models import VideoUpload
from splash.core.config import Settings
from splash.core.errors import NotFoundError


def upload_public(row: VideoUpload, settings: Settings) -> VideoUploadPublic:
    return VideoUploadPublic(
        id=row.id,
        lesson_id=row.lesson_id,
        file_name=row.file_name,
        size=row.size,
        offset=row.received,
        status=row.status,
        percent=row.percent,
        failure=row.failure,
        created_at=row.created_at,
        updated_at=row.updated_at,
        expires_at=video_uploads.expires_at(row, settings),
        chunk_size=settings.video_upload_chunk_bytes,
    )


def _poster(lesson: Lesson) -> PosterPublic | None:
    image = lesson.poster or {}
    if not image.get("src"):
        return None
    return PosterPublic(src=image["src"], width=image["width"], height=image["height"])


async def lesson_video(lesson_id: int, settings: Settings) -> LessonVideoPublic:
    lesson = await Lesson.get_or_none(id=lesson_id)
    if lesson is None:
        raise NotFoundError("Lesson not found")
    video = await LessonVideo.get_or_none(lesson_id=lesson_id)
    upload = await video_uploads.latest_of(lesson_id)
    captions = (
        [
            CaptionPublic(locale=locale, src=storage.public_url(settings, path))
            for locale, path in lesson_media.caption_sources(video.prefix, video.captions)
        ]
        if video
        else []
    )
    return LessonVideoPublic(
        lesson_id=lesson.id,
        lesson_key=lesson.key,
        master=storage.public_url(settings, f"{video.prefix}/master.m3u8") if video else None,
        duration_ms=video.duration_ms if video else None,
        captions=captions,
        poster=_poster(lesson),
        upload=upload_public(upload, settings) if upload else None,
    )
