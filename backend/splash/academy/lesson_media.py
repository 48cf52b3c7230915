"""A lesson's captions (WebVTT per language) and poster, sent from the studio.

Both are stored through the video storage, as public immutable files under a name of their own
content's hash: ``videos/<lesson key>/captions/<locale>-<hash>.vtt`` and
``videos/<lesson key>/posters/<hash>.webp``. A package's files never change, so an uploaded
caption is not written into the package: the lesson's ``LessonVideo.captions`` lists, per
language, either its locale (the package's own ``captions/<locale>.vtt``) or the path of the
uploaded file (:func:`caption_sources` reads both). A later import carries the lesson's
current captions into the new package. Replaced files are left in place: a published page
names them until the lesson is published again, and they are small.
"""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from tortoise.transactions import in_transaction

from splash.academy import poster_images, webvtt
from splash.academy.models import Lesson, LessonVideo
from splash.academy.storage import VideoStorage
from splash.core.errors import ConflictError, NotFoundError, ValidationError, field_error
from splash.core.locales import LOCALES


def _locale_of(entry: str) -> str:
    return PurePosixPath(entry).name.split("-")[0] if "/" in entry else entry


def caption_sources(prefix: str, entries: list[str]) -> list[tuple[str, str]]:
    """(locale, storage path) of each caption of a package under ``prefix``, in the row's
    order: an entry is a locale (the package's own file) or the path of a file the studio
    sent."""
    return [
        (_locale_of(entry), entry if "/" in entry else f"{prefix}/captions/{entry}.vtt")
        for entry in entries
    ]


async def copy_captions(video: LessonVideo, storage: VideoStorage, folder: Path) -> int:
    """The lesson's current captions as ``folder/<locale>.vtt`` (for a new package); how many."""
    copied = 0
    for locale, path in caption_sources(video.prefix, video.captions):
        body = await storage.read(path)
        if body is not None:
            (folder / f"{locale}.vtt").write_bytes(body)
            copied += 1
    return copied


async def _store(storage: VideoStorage, folder: str, name: str, body: bytes) -> str:
    with tempfile.TemporaryDirectory(prefix="splash-lesson-media-") as work:
        (Path(work) / name).write_bytes(body)
        await storage.write_tree(folder, Path(work))
    return f"{folder}/{name}"


def _checked_locale(locale: str) -> str:
    if locale not in LOCALES:
        raise NotFoundError("The shop has no such language")
    return locale


def checked_captions(body: bytes) -> list[webvtt.Cue]:
    """The cues of an uploaded WebVTT file; a 400 naming the line that breaks a rule."""
    try:
        return webvtt.parse(body)
    except webvtt.WebVTTError as exc:
        raise ValidationError(
            str(exc),
            {
                "errors": [field_error(["body", "line", exc.line], str(exc))],
                "line": exc.line,
                "rule": exc.rule.value,
            },
        ) from None


async def _video_of(lesson_id: int) -> LessonVideo:
    video = await LessonVideo.get_or_none(lesson_id=lesson_id).select_related("lesson")
    if video is None:
        if not await Lesson.exists(id=lesson_id):
            raise NotFoundError("Lesson not found")
        raise ConflictError("The lesson has no video yet: upload its video first")
    return video


@dataclass(frozen=True)
class Change:
    before: Any
    after: Any


async def _point_captions(lesson_id: int, locale: str, path: str | None) -> Change:
    """The lesson's caption of ``locale`` now read from ``path`` (None: none), in one locked
    read-and-write (an import switching the package meanwhile is not undone)."""
    async with in_transaction():
        video = await LessonVideo.select_for_update().get(lesson_id=lesson_id)
        before = list(video.captions)
        kept = [entry for entry in before if _locale_of(entry) != locale]
        added = [path] if path else []
        order = {code: i for i, code in enumerate(LOCALES)}
        video.captions = sorted(kept + added, key=lambda entry: order[_locale_of(entry)])
        await video.save(update_fields=["captions"])
    return Change(before, video.captions)


async def put_captions(lesson_id: int, locale: str, body: bytes, storage: VideoStorage) -> Change:
    """Stores a checked WebVTT file as the lesson's captions in ``locale``."""
    _checked_locale(locale)
    checked_captions(body)
    video = await _video_of(lesson_id)
    digest = hashlib.sha256(body).hexdigest()[:16]
    folder = f"videos/{video.lesson.key}/captions"
    path = await _store(storage, folder, f"{locale}-{digest}.vtt", body)
    return await _point_captions(lesson_id, locale, path)


async def remove_captions(lesson_id: int, locale: str) -> Change:
    _checked_locale(locale)
    video = await _video_of(lesson_id)
    if locale not in {_locale_of(entry) for entry in video.captions}:
        raise NotFoundError("The lesson has no captions in that language")
    return await _point_captions(lesson_id, locale, None)


async def put_poster(lesson_id: int, body: bytes, storage: VideoStorage) -> Change:
    """Makes a WebP poster of an uploaded image, stores it and shows it as the lesson's poster
    (its alt texts kept)."""
    lesson = await Lesson.get_or_none(id=lesson_id)
    if lesson is None:
        raise NotFoundError("Lesson not found")
    poster = poster_images.poster_from(body)
    digest = hashlib.sha256(poster.webp).hexdigest()[:16]
    path = await _store(storage, f"videos/{lesson.key}/posters", f"{digest}.webp", poster.webp)
    before = dict(lesson.poster)
    after = {
        "src": storage.public_url(path),
        "width": poster.width,
        "height": poster.height,
        "alt": before.get("alt", {}),
        "path": path,
    }
    await Lesson.filter(id=lesson_id).update(poster=after)
    return Change(before, after)
