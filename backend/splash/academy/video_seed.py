"""Attaching the committed fixture videos (``fixtures/media/videos/<lesson key>/``, made by
``python -m splash videos make-fixtures``) to the seeded lessons.

Each package is copied into the video storage under ``videos/<lesson key>/<package id>-<lesson
id>/`` only when it is not there yet (seeding runs often: a check per lesson, no copy), with its
playlists naming the key of the lesson's real id — which is why that id is part of the prefix:
a database seeded again, with other ids, gets packages of its own — and the lesson's row is
pointed at it. A lesson already pointing at its package is left alone (and not counted).
"""

from __future__ import annotations

import json
import re
import shutil
import tempfile
from pathlib import Path

from splash.academy.models import Lesson, LessonVideo
from splash.academy.storage import VideoStorage, create_storage
from splash.academy.videos import PackageInfo, point_lesson_at
from splash.config import Settings

_KEY_URI = re.compile(r'URI="[^"]*"')


def _read(description: Path, lesson: Lesson) -> PackageInfo:
    found = json.loads(description.read_text(encoding="utf-8"))
    return PackageInfo(
        prefix=f"videos/{lesson.key}/{found['packageId']}-{lesson.id}",
        key_hex=found["keyHex"],
        duration_ms=int(found["durationMs"]),
        width=int(found["width"]),
        height=int(found["height"]),
        captions=tuple(found["captions"]),
    )


def _staged(package_dir: Path, uri: str, work: Path) -> Path:
    """A copy of the package (without package.json) whose playlists name ``uri``."""
    staged = work / package_dir.name
    shutil.copytree(package_dir, staged, ignore=shutil.ignore_patterns("package.json"))
    for playlist in staged.glob("v*/index.m3u8"):
        text = playlist.read_text(encoding="utf-8")
        playlist.write_text(_KEY_URI.sub(f'URI="{uri}"', text), encoding="utf-8")
    return staged


async def seed_videos(fixtures_dir: Path, storage: VideoStorage, api_prefix: str) -> int:
    """Attaches every fixture package whose lesson exists; the number attached."""
    attached = 0
    for description in sorted((fixtures_dir / "media" / "videos").glob("*/package.json")):
        package_dir = description.parent
        lesson = await Lesson.get_or_none(key=package_dir.name)
        if lesson is None:
            continue
        package = _read(description, lesson)
        stored = await storage.exists(f"{package.prefix}/master.m3u8")
        if stored and await LessonVideo.exists(lesson_id=lesson.id, prefix=package.prefix):
            continue
        if not stored:
            uri = f"{api_prefix}/lessons/{lesson.id}/key"
            with tempfile.TemporaryDirectory(prefix="splash-seed-video-") as work:
                await storage.write_tree(package.prefix, _staged(package_dir, uri, Path(work)))
        await point_lesson_at(lesson.id, package)
        attached += 1
    return attached


async def seed_fixture_videos(settings: Settings) -> int:
    """``seed_videos`` into the configured storage."""
    storage = create_storage(settings)
    try:
        return await seed_videos(settings.fixtures_dir, storage, settings.api_prefix)
    finally:
        await storage.aclose()
