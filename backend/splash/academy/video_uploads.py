"""A lesson video sent from the studio in chunks, resumable after a break (as tus does it).

The studio announces the file (its lesson, name, type and size: more than
``SPLASH_VIDEO_UPLOAD_MAX_BYTES`` is refused at once), then sends the bytes in chunks, each
with the offset it starts at. A chunk at another offset than the bytes received so far is a
409 that names the right one, so a studio whose chunk failed asks (or reads the 409) and goes
on from there. Chunks are written into the upload's own file on disk at their offset — never
the whole file in memory — and the row counts what arrived, moved only from the offset the
chunk claimed (a compare-and-set), so two tabs sending the same chunk count it once. The last
byte queues the import (an outbox job, ``video_imports``) in the transaction that counts it.

The file lives under ``Settings.video_uploads_folder``: every instance that takes chunks, and
the worker that imports, must see the same folder (one machine, or a shared volume). An upload
without a chunk for ``SPLASH_VIDEO_UPLOAD_EXPIRE_HOURS`` is forgotten, file and all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from splash.academy.models import Lesson
from splash.academy.video_upload_models import VideoUpload
from splash.academy.vocabulary import VideoImportFailure, VideoUploadStatus
from splash.core.config import Settings
from splash.core.errors import (
    ConflictError,
    NotFoundError,
    PayloadTooLargeError,
    ValidationError,
    field_error,
)
from splash.shared import outbox

IMPORT_JOB = "academy.video_import"
CLEAN_EVERY_SECONDS = 3600
# An import that has said nothing for this long was cut off (a worker stopped mid-way).
IMPORT_SILENT_HOURS = 6

_receiving: dict[int, asyncio.Lock] = {}  # one chunk at a time per upload, in this process


def part_file(settings: Settings, upload_id: int) -> Path:
    return settings.video_uploads_folder / f"{upload_id}.part"


def expires_at(row: VideoUpload, settings: Settings) -> datetime | None:
    """Until when a break may last before the upload is forgotten (only while receiving)."""
    if row.status is not VideoUploadStatus.RECEIVING:
        return None
    return row.updated_at + timedelta(hours=settings.video_upload_expire_hours)


async def start(
    lesson_id: int,
    file_name: str,
    size: int,
    content_type: str,
    staff_id: int | None,
    settings: Settings,
) -> VideoUpload:
    """A new upload with its empty file; 413 past the maximum, 404 for an unknown lesson."""
    if size > settings.video_upload_max_bytes:
        raise PayloadTooLargeError(
            f"The video is larger than {settings.video_upload_max_bytes} bytes",
            {"errors": [field_error(["size"], "Larger than the largest video the shop takes")]},
        )
    if not await Lesson.exists(id=lesson_id):
        raise NotFoundError("Lesson not found")
    row = await VideoUpload.create(
        lesson_id=lesson_id,
        file_name=file_name,
        content_type=content_type,
        size=size,
        uploaded_by_id=staff_id,
    )
    path = part_file(settings, row.id)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"")
    return row


async def find(upload_id: int) -> VideoUpload:
    row = await VideoUpload.get_or_none(id=upload_id)
    if row is None:
        raise NotFoundError("No such upload")
    return row


def _wrong_offset(received: int) -> ConflictError:
    return ConflictError(
        f"The upload has {received} bytes: send the chunk that starts there",
        {
            "offset": received,
            "errors": [field_error(["header", "upload-offset"], f"Must be {received}")],
        },
        {"upload-offset": str(received)},
    )


def _write_at(path: Path, offset: int, chunk: bytes) -> None:
    """The chunk at ``offset`` of the file, cutting off whatever a failed attempt left past it
    (the row, not the file, says what arrived)."""
    if not path.is_file() or path.stat().st_size < offset:
        raise FileNotFoundError(path)
    with path.open("r+b") as file:
        file.truncate(offset)
        file.seek(offset)
        file.write(chunk)


def _check_chunk(row: VideoUpload, offset: int, chunk: bytes, settings: Settings) -> None:
    if row.status is not VideoUploadStatus.RECEIVING:
        raise ConflictError(
            "This upload takes no more bytes", {"offset": row.received, "status": row.status}
        )
    if offset != row.received:
        raise _wrong_offset(row.received)
    if not chunk:
        raise ValidationError.for_field(["body"], "Send the chunk's bytes")
    if len(chunk) > settings.video_upload_chunk_bytes:
        raise PayloadTooLargeError(
            f"A chunk holds at most {settings.video_upload_chunk_bytes} bytes",
            {"errors": [field_error(["body"], "Too large for one chunk")]},
        )
    if offset + len(chunk) > row.size:
        raise ValidationError.for_field(["body"], "The chunk goes past the announced size")


Finished = Callable[[VideoUpload], Awaitable[None]]


async def receive(
    upload_id: int, offset: int, chunk: bytes, settings: Settings, finished: Finished
) -> VideoUpload:
    """Writes a chunk at ``offset`` and counts it. The last one queues the import and calls
    ``finished`` (the activity entry) in the transaction that counts it."""
    lock = _receiving.setdefault(upload_id, asyncio.Lock())
    async with lock:
        row = await find(upload_id)
        _check_chunk(row, offset, chunk, settings)
        path = part_file(settings, upload_id)
        try:
            await asyncio.to_thread(_write_at, path, offset, chunk)
        except OSError:  # the file is gone (cleaned up, another disk): start again from 0
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(b"")
            await VideoUpload.filter(id=upload_id).update(received=0, updated_at=outbox.now())
            raise _wrong_offset(0) from None
        received = offset + len(chunk)
        last = received == row.size
        async with outbox.transaction():
            counted = await VideoUpload.filter(
                id=upload_id, received=offset, status=VideoUploadStatus.RECEIVING
            ).update(
                received=received,
                updated_at=outbox.now(),
                status=VideoUploadStatus.QUEUED if last else VideoUploadStatus.RECEIVING,
            )
            if not counted:  # another instance counted a chunk meanwhile
                raise _wrong_offset((await find(upload_id)).received)
            row = await find(upload_id)
            if last:
                await outbox.enqueue(IMPORT_JOB, {"upload_id": upload_id})
                await finished(row)
    if last:
        _receiving.pop(upload_id, None)
    return row


async def latest_of(lesson_id: int) -> VideoUpload | None:
    """The lesson's newest upload, whatever became of it."""
    return await VideoUpload.filter(lesson_id=lesson_id).order_by("-id").first()


async def forget_abandoned(resources: Any) -> None:
    """Periodic: uploads without a chunk past the expiry are forgotten with their file, and an
    import silent for hours (its worker stopped) says it was cut off."""
    settings: Settings = resources.settings
    now = outbox.now()
    idle = now - timedelta(hours=settings.video_upload_expire_hours)
    stale = await VideoUpload.filter(
        status=VideoUploadStatus.RECEIVING, updated_at__lt=idle
    ).values("id")
    silent = now - timedelta(hours=IMPORT_SILENT_HOURS)
    cut_off = await VideoUpload.filter(
        status__in=[VideoUploadStatus.PROBING, VideoUploadStatus.PACKAGING],
        updated_at__lt=silent,
    ).values("id")
    for upload_id in (row["id"] for row in stale):
        expired = await VideoUpload.filter(
            id=upload_id, status=VideoUploadStatus.RECEIVING, updated_at__lt=idle
        ).update(status=VideoUploadStatus.EXPIRED, updated_at=now, finished_at=now)
        if expired:
            part_file(settings, upload_id).unlink(missing_ok=True)
    for upload_id in (row["id"] for row in cut_off):
        await VideoUpload.filter(id=upload_id, updated_at__lt=silent).update(
            status=VideoUploadStatus.FAILED,
            failure=VideoImportFailure.INTERRUPTED,
            updated_at=now,
            finished_at=now,
        )
        part_file(settings, upload_id).unlink(missing_ok=True)
