"""The worker's half of a studio upload: import the received file as the lesson's video.

An outbox job (``video_uploads.IMPORT_JOB``) takes the upload from ``queued`` (a second drainer,
or the same job run again after its lease, finds it taken and does nothing), probes the file
(a video? how long?), then packages, encrypts and stores it with the command line's own import
(``videos.import_video``: a new prefix, then the lesson's row in one statement), carrying the
lesson's current captions into the new package. The upload's row says how far it is, for the
studio to poll; on failure it says why as a :class:`VideoImportFailure` code (and the tool's
own words in ``detail``), and the lesson's old video plays on untouched. Either way the
received file is deleted and the activity log says what happened, in the uploader's name.
"""

from __future__ import annotations

import asyncio
import logging
import tempfile
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any

from splash.academy import lesson_media, packaging, video_uploads, videos
from splash.academy.models import LessonVideo
from splash.academy.storage import VideoStorage, create_storage
from splash.academy.video_upload_models import VideoUpload
from splash.academy.vocabulary import VideoImportFailure, VideoUploadStatus
from splash.core.config import Settings
from splash.editing import publishing
from splash.shared import outbox
from splash.staff import activity
from splash.staff.vocabulary import Action, SubjectType

log = logging.getLogger(__name__)

FORGET_JOB = "academy.video_package_forget"
# A replaced package stays this long: the lesson's published pages name its playlist and
# captions until they are published again.
KEEP_REPLACED_HOURS = 24


@dataclass(frozen=True)
class Failed:
    failure: VideoImportFailure
    detail: str


# The percent the studio shows: packaging (encoding most of all) from 20 to 90, then storing.
PACKAGING_FROM, PACKAGING_TO = 20, 90


async def _stage(upload_id: int, status: VideoUploadStatus, percent: int) -> None:
    """How far the import is; never over a finished one (a late word from the encoding)."""
    importing = [VideoUploadStatus.PROBING, VideoUploadStatus.PACKAGING]
    await VideoUpload.filter(id=upload_id, status__in=importing).update(
        status=status, percent=percent, updated_at=outbox.now()
    )


def _telling(upload_id: int) -> packaging.Progress:
    """A progress for the encoding's thread that records every further 5 % on the loop."""
    loop = asyncio.get_running_loop()
    told = [PACKAGING_FROM]

    def progress(share: float) -> None:
        percent = PACKAGING_FROM + int(share * (PACKAGING_TO - PACKAGING_FROM))
        if percent >= told[0] + 5:
            told[0] = percent
            stage = _stage(upload_id, VideoUploadStatus.PACKAGING, percent)
            asyncio.run_coroutine_threadsafe(stage, loop)

    return progress


async def _probed(source: Path, settings: Settings) -> Failed | None:
    """Why the file cannot be a lesson video, or None when it can."""
    if not source.is_file():
        return Failed(VideoImportFailure.FILE_MISSING, "the received file is gone")
    if source.stat().st_size > settings.video_max_bytes:
        return Failed(VideoImportFailure.TOO_LARGE, f"larger than {settings.video_max_bytes}")
    try:
        found = await asyncio.to_thread(packaging.probe, source)
    except packaging.PackagingError as exc:
        return Failed(VideoImportFailure.NOT_A_VIDEO, str(exc))
    if found.duration_ms > settings.video_max_seconds * 1000:
        detail = f"{found.duration_ms} ms, at most {settings.video_max_seconds} s"
        return Failed(VideoImportFailure.TOO_LONG, detail)
    return None


async def _packaged(
    row: VideoUpload, source: Path, settings: Settings, storage: VideoStorage
) -> Failed | videos.Imported:
    current = await LessonVideo.get_or_none(lesson_id=row.lesson_id)
    with tempfile.TemporaryDirectory(prefix="splash-captions-") as folder:
        if current is not None:
            await lesson_media.copy_captions(current, storage, Path(folder))
        try:
            return await videos.import_video(
                source,
                str(row.lesson_id),
                Path(folder),
                settings,
                storage,
                keep_previous=True,
                progress=_telling(row.id),
            )
        except videos.VideoStorageError as exc:
            return Failed(VideoImportFailure.STORAGE_FAILED, str(exc))
        except videos.VideoImportError as exc:
            return Failed(VideoImportFailure.ENCODING_FAILED, str(exc))


async def _import(row: VideoUpload, settings: Settings) -> Failed | videos.Imported:
    source = video_uploads.part_file(settings, row.id)
    storage = create_storage(settings)
    try:
        refused = await _probed(source, settings)
        if refused is not None:
            return refused
        await _stage(row.id, VideoUploadStatus.PACKAGING, PACKAGING_FROM)
        return await _packaged(row, source, settings, storage)
    finally:
        await storage.aclose()
        source.unlink(missing_ok=True)


def _actor(row: VideoUpload) -> activity.Actor:
    member = row.uploaded_by
    return activity.Actor(member, member.email if member else "worker", None)


async def _finish(row: VideoUpload, before: str | None, result: Failed | videos.Imported) -> None:
    now = outbox.now()
    async with outbox.transaction():
        if isinstance(result, Failed):
            await VideoUpload.filter(id=row.id).update(
                status=VideoUploadStatus.FAILED,
                failure=result.failure,
                detail=result.detail[:500],
                updated_at=now,
                finished_at=now,
            )
            action, after, note = Action.VIDEO_IMPORT_FAILED, None, result.failure.value
        else:
            await VideoUpload.filter(id=row.id).update(
                status=VideoUploadStatus.DONE, percent=100, updated_at=now, finished_at=now
            )
            action, after, note = Action.VIDEO_IMPORTED, result.package.prefix, row.file_name
            await publishing.republish_everything()  # the pages name the new playlist
            if before is not None and before != after:
                later = now + timedelta(hours=KEEP_REPLACED_HOURS)
                await outbox.enqueue(FORGET_JOB, {"prefix": before}, not_before=later)
        await activity.record(
            _actor(row),
            action,
            (SubjectType.LESSON, row.lesson_id),
            before={"prefix": before},
            after={"prefix": after} if after else None,
            note=note,
        )


async def import_upload(job: outbox.Job, resources: Any) -> None:
    """The job: the upload ``job.payload["upload_id"]`` imported, or failed with its reason."""
    upload_id = int(job.payload["upload_id"])
    taken = await VideoUpload.filter(id=upload_id, status=VideoUploadStatus.QUEUED).update(
        status=VideoUploadStatus.PROBING, percent=5, updated_at=outbox.now()
    )
    if not taken:  # imported, failed or taken by another drainer already
        return
    row = await VideoUpload.get(id=upload_id).select_related("uploaded_by")
    current = await LessonVideo.get_or_none(lesson_id=row.lesson_id)
    result = await _import(row, resources.settings)
    if isinstance(result, Failed):
        log.warning(
            "a lesson video import failed",
            extra={"upload": upload_id, "failure": result.failure, "detail": result.detail},
        )
    await _finish(row, current.prefix if current else None, result)


async def forget_package(job: outbox.Job, resources: Any) -> None:
    """The job: a replaced package deleted, a day after the switch (never one a lesson plays)."""
    prefix = str(job.payload["prefix"])
    if await LessonVideo.exists(prefix=prefix):
        return
    storage = create_storage(resources.settings)
    try:
        await videos.forget(storage, prefix)
    finally:
        await storage.aclose()
