"""Lesson videos: importing one (package, store, point the lesson at it), and what the player
asks — may this visitor watch, and the key that decrypts the segments.

A package is written under a new prefix, ``videos/<lesson key>/<package id>/``, before the
lesson's ``LessonVideo`` row points at it in one statement; a failure on the way deletes the
new prefix and leaves the row as it was. Segments and playlists are public; only the key is
guarded, by a short-lived token (``video_tokens``) that the access call hands to whoever may
watch, checked again when the key is fetched (a refund since takes the key away).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import tempfile
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from tortoise.exceptions import BaseORMException
from tortoise.expressions import Subquery

from splash.academy import entitlements, packaging, video_tokens
from splash.academy.access import access, watchable
from splash.academy.models import Lesson, LessonProgress, LessonVideo
from splash.academy.storage import StorageError, VideoStorage
from splash.academy.vocabulary import LessonAccess
from splash.core.config import Settings
from splash.core.errors import ForbiddenError, NotFoundError
from splash.core.locales import LOCALES
from splash.core.schemas import PublicModel
from splash.orders import services as orders

log = logging.getLogger(__name__)


class VideoImportError(Exception):
    """A video could not be imported (one line saying why); nothing was changed."""


class VideoStorageError(VideoImportError):
    """The package was made but could not be stored (nothing was changed)."""


@dataclass(frozen=True)
class PackageInfo:
    """A stored package as its lesson's row describes it."""

    prefix: str
    key_hex: str
    duration_ms: int
    width: int
    height: int
    captions: tuple[str, ...]


@dataclass(frozen=True)
class Imported:
    lesson_key: str
    package: PackageInfo
    files: int


def key_uri(api_prefix: str, lesson_id: int) -> str:
    """The key's URL as the playlists name it (the player adds the token)."""
    return f"{api_prefix}/lessons/{lesson_id}/key"


async def find_lesson(reference: str) -> Lesson:
    """A lesson by its id (``5``) or its key (``level-2-lesson-1``)."""
    lesson = await (
        Lesson.get_or_none(id=int(reference))
        if reference.isascii() and reference.isdigit() and len(reference) < 10
        else Lesson.get_or_none(key=reference)
    )
    if lesson is None:
        raise VideoImportError(f"no lesson {reference!r}")
    return lesson


def caption_files(
    lesson_key: str, captions_dir: Path | None, fixtures_dir: Path
) -> dict[str, Path]:
    """``DIR/<locale>.vtt`` when a folder is given, else the fixtures' captions of the lesson
    (``fixtures/<locale>/captions/<lesson key>.vtt``); locales without a file are left out."""
    if captions_dir is not None:
        if not captions_dir.is_dir():
            raise VideoImportError(f"{captions_dir} is not a folder")
        found = {locale: captions_dir / f"{locale}.vtt" for locale in LOCALES}
    else:
        found = {
            locale: fixtures_dir / locale / "captions" / f"{lesson_key}.vtt" for locale in LOCALES
        }
    return {locale: path for locale, path in found.items() if path.is_file()}


async def point_lesson_at(lesson_id: int, package: PackageInfo) -> None:
    """Creates or updates the lesson's video row in one statement (an upsert on the lesson)."""
    row = LessonVideo(
        lesson_id=lesson_id,
        prefix=package.prefix,
        key_hex=package.key_hex,
        duration_ms=package.duration_ms,
        width=package.width,
        height=package.height,
        captions=list(package.captions),
    )
    await LessonVideo.bulk_create(
        [row],
        on_conflict=["lesson_id"],
        update_fields=["prefix", "key_hex", "duration_ms", "width", "height", "captions"],
    )


async def import_video(
    source: Path,
    lesson_reference: str,
    captions_dir: Path | None,
    settings: Settings,
    storage: VideoStorage,
    *,
    keep_previous: bool = False,
    progress: packaging.Progress | None = None,
) -> Imported:
    """Packages ``source`` for the lesson, stores it under a new prefix and points the lesson at
    it; the previous package is deleted after (unless ``keep_previous``: the caller deletes it
    later). VideoImportError, with nothing changed, for a
    missing, non-video, too long or too large file, bad captions or an unknown lesson."""
    if not source.is_file():
        raise VideoImportError(f"{source} does not exist")
    lesson = await find_lesson(lesson_reference)
    captions = caption_files(lesson.key, captions_dir, settings.fixtures_dir)
    previous = await LessonVideo.get_or_none(lesson_id=lesson.id)
    prefix = f"videos/{lesson.key}/{secrets.token_hex(8)}"
    with tempfile.TemporaryDirectory(prefix="splash-video-") as work:
        out_dir = Path(work) / "package"
        try:
            made = await asyncio.to_thread(
                packaging.package,
                source,
                out_dir,
                key_uri(settings.api_prefix, lesson.id),
                captions,
                max_seconds=settings.video_max_seconds,
                max_bytes=settings.video_max_bytes,
                progress=progress,
            )
        except packaging.PackagingError as exc:
            raise VideoImportError(str(exc)) from None
        info = PackageInfo(
            prefix, made.key.hex(), made.duration_ms, made.width, made.height, made.captions
        )
        try:
            files = await storage.write_tree(prefix, out_dir)
            await point_lesson_at(lesson.id, info)
        except (StorageError, BaseORMException, OSError) as exc:
            await forget(storage, prefix)
            raise VideoStorageError(f"the package could not be stored: {exc}") from None
    if previous is not None and previous.prefix != prefix and not keep_previous:
        await forget(storage, previous.prefix)
    return Imported(lesson.key, info, files)


async def forget(storage: VideoStorage, prefix: str) -> None:
    """Deletes a package nothing points at, as far as the storage lets it: a storage that
    refuses (the reason an import failed, often) must not hide why it failed, and files
    left behind are unreachable (no row names them) and only cost space."""
    try:
        await storage.delete_prefix(prefix)
    except (StorageError, OSError) as exc:
        log.warning("a package could not be deleted", extra={"prefix": prefix, "error": str(exc)})


# --- what the player asks ------------------------------------------------------------------------


class LessonAccessPublic(PublicModel):
    lesson_id: int
    access: LessonAccess
    key_token: str | None
    expires_at: datetime | None
    position_ms: int
    completed: bool


class LessonAccessAnswer(PublicModel):
    data: LessonAccessPublic


async def lesson_access(
    lesson_id: int,
    user_id: int | None,
    secret: str,
    now: datetime,
    device: orders.DeviceOrder | None = None,
) -> LessonAccessPublic:
    """May this visitor watch the lesson, with the key token when they may (bound to the user
    who owns it, to the device pass whose order bought it, or to nobody for a free preview), and
    where a signed-in parent left off. A signed-in parent's own lessons decide; a pass counts
    only for a visitor who is signed out."""
    found = Lesson.filter(id=lesson_id)
    if user_id is not None:  # whether they own it, asked within the lesson's query
        found = found.annotate(grant=Subquery(entitlements.grant_of(user_id, lesson_id)))
    elif device is not None:
        grant = entitlements.grant_of(device.user_id, lesson_id, device.order_id)
        found = found.annotate(grant=Subquery(grant))
    lesson = await found.first()
    if lesson is None:
        raise NotFoundError("Lesson not found")
    owned = getattr(lesson, "grant", None) is not None
    state = access(owned, lesson.free_preview)
    token = None
    if watchable(state):
        holder = user_id if state is LessonAccess.OWNED else None
        device_pass = device.pass_id if owned and user_id is None and device else None
        token = video_tokens.mint(lesson_id, holder, secret, now, device_pass=device_pass)
    progress = (
        await LessonProgress.get_or_none(user_id=user_id, lesson_id=lesson_id)
        if user_id is not None
        else None
    )
    return LessonAccessPublic(
        lesson_id=lesson_id,
        access=state,
        key_token=token,
        expires_at=video_tokens.expires_at(now) if token else None,
        position_ms=progress.position_ms if progress else 0,
        completed=bool(progress and progress.completed_at),
    )


async def _owns(grant: video_tokens.KeyGrant, now: datetime) -> bool:
    """Whether the token's holder still owns its lesson: the user, or the device pass (which
    must still hold: not expired, its account still without a password)."""
    if grant.device_pass is not None:
        device = await orders.device_order_by_pass(grant.device_pass, now)
        return grant.lesson_id in await entitlements.device_lessons(device, [grant.lesson_id])
    return grant.lesson_id in await entitlements.owned_lessons(grant.user_id, [grant.lesson_id])


async def lesson_key(lesson_id: int, token: str | None, secret: str, now: datetime) -> bytes:
    """The 16 bytes that decrypt the lesson's segments, for a valid token of this lesson whose
    holder may still watch it (anyone, for a free preview); ForbiddenError otherwise."""
    if not token:
        raise ForbiddenError("A key token is required")
    try:
        grant = video_tokens.verify(token, lesson_id, secret, now)
    except video_tokens.InvalidKeyToken:
        raise ForbiddenError("The key token is not valid for this lesson") from None
    video = await LessonVideo.get_or_none(lesson_id=lesson_id).select_related("lesson")
    if video is None:
        raise NotFoundError("This lesson has no video")
    state = access(await _owns(grant, now), video.lesson.free_preview)
    if not watchable(state):
        raise ForbiddenError("You may not watch this lesson")
    return bytes.fromhex(video.key_hex)
