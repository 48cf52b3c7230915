"""Attaching the committed fixture videos (``fixtures/videos/<lesson key>/``, made by
``python -m splash videos make-fixtures``) to the seeded lessons.

The fixtures hold each package in the clear, in a folder no route serves, with no key: a key
committed to a public repository would be everybody's. The seed encrypts a package with a key
and IV of its own (new random bytes on every installation), stores it under a new prefix,
``videos/<lesson key>/<random id>/``, as an import does, and keeps the key in the lesson's row
only — never in a file.

A lesson whose video is stored and whose key is its own is left alone (seeding runs on every
``make run``: one small read per lesson, no copy), and so is a video the owner imported. Two
kinds of stored video are replaced on the next seed, the old package deleted:

- one under a key that once lay in the served fixtures (``BURNED``: every copy of the repository
  has them) gets a new key and a new package;
- one made from an earlier fixture package: the seed copies a package's master playlist as it
  is, and ``make-fixtures`` lists the digests of the lesson's earlier master playlists in its
  ``package.json`` (``retired``), so an installation seeded before the fixtures changed picks
  up the new video. An imported video's master playlist is never one of them.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from splash.academy import hls_keys
from splash.academy.models import Lesson, LessonVideo
from splash.academy.storage import VideoStorage, create_storage
from splash.academy.videos import PackageInfo, forget, key_uri, point_lesson_at
from splash.core.config import Settings

FOLDER = "videos"  # below fixtures/: not below fixtures/media, which /media serves

# SHA-256 of the twelve AES keys that the fixtures published until 2026-11-28 (in
# fixtures/media/videos/*/package.json, served at /media/./videos/…): a lesson holding one of
# them is re-keyed by the seed.
BURNED = frozenset(
    {
        "f9f78fb9eafc10e162148e6f4ad3ea1511dcd0e1184412b968aee033e0e6c9d5",
        "7e99f064b33a393e9baa7d79a3cb1f1ad0b96b6a98e1df4c5244c4f36979aa28",
        "f45b600eb11cdda9ae21006fa7569878aeee1b8f74a32208c2b5326bdf8caef2",
        "d4ed68cbeafcf616a319edde7e7ab4480bd73191625e83d1e306b6f8d42035db",
        "bb99a7dfc3e233d45fdc27f8563324028baa42542241bfb5ebdc3b3492aafcaf",
        "8b233286c0b2677493fdf29dec54f47e82547eeac762df15314a5b73363adc12",
        "260ab0f3d5723ffa87cfc7fd3e70331406f59531dec2f31cd33b6c2d53f2c80a",
        "388251932a8c3f3e9361beab1fa97f223a4b81fa2061d8bf834745ec13852af2",
        "20a2037499fe123d3559786a95d7df71792471471e8c9b66de543eb53b3aad41",
        "fcbd1849bca615a0dfad4f15db98b3ac34def6e42fb7aecc635cb8bd5a724bd0",
        "668d222aa54f053add1cc7f6c4ae61dfbf7a6cd677d25078a93d64e8669bb4c9",
        "d8cebcb2e55f66a8c6782e8d469ecec0930eff2c02e59aec97d4894105c169ab",
    }
)


Burned = Callable[[str], bool]


def burned(key_hex: str) -> bool:
    return hashlib.sha256(bytes.fromhex(key_hex)).hexdigest() in BURNED


def master_digest(master: bytes) -> str:
    """What ``retired`` lists of a master playlist: its SHA-256."""
    return hashlib.sha256(master).hexdigest()


def _package(found: dict[str, Any], prefix: str, key: bytes) -> PackageInfo:
    return PackageInfo(
        prefix=prefix,
        key_hex=key.hex(),
        duration_ms=int(found["durationMs"]),
        width=int(found["width"]),
        height=int(found["height"]),
        captions=tuple(found["captions"]),
    )


def encrypt_package(clear_dir: Path, target: Path, key: bytes, uri: str) -> Path:
    """A copy of the clear package (without package.json) whose segments are encrypted with
    ``key`` and a new IV, its playlists naming the key at ``uri``."""
    shutil.copytree(clear_dir, target, ignore=shutil.ignore_patterns("package.json"))
    iv = secrets.token_bytes(hls_keys.KEY_BYTES)
    for playlist in target.glob("v*/index.m3u8"):
        text = playlist.read_text(encoding="utf-8")
        playlist.write_text(hls_keys.keyed_playlist(text, uri, iv), encoding="utf-8")
        for segment in playlist.parent.glob("*.ts"):
            segment.write_bytes(hls_keys.encrypt(segment.read_bytes(), key, iv))
    return target


async def _keeps(
    storage: VideoStorage, row: LessonVideo | None, retired: set[str], is_burned: Burned
) -> bool:
    """Whether the lesson's video stays: it is stored, its key is its own and it is not made
    from an earlier fixture package."""
    if row is None or is_burned(row.key_hex):
        return False
    master = await storage.read(f"{row.prefix}/master.m3u8")
    return master is not None and master_digest(master) not in retired


async def seed_videos(
    fixtures_dir: Path, storage: VideoStorage, api_prefix: str, is_burned: Burned = burned
) -> int:
    """Attaches every fixture package whose lesson exists and has no video of its own (or a
    burned key, or an earlier fixture's package); the number attached."""
    attached = 0
    for description in sorted((fixtures_dir / FOLDER).glob("*/package.json")):
        lesson = await Lesson.get_or_none(key=description.parent.name)
        if lesson is None:
            continue
        found = json.loads(description.read_text(encoding="utf-8"))
        previous = await LessonVideo.get_or_none(lesson_id=lesson.id)
        if await _keeps(storage, previous, set(found.get("retired", [])), is_burned):
            continue
        key = secrets.token_bytes(hls_keys.KEY_BYTES)
        package = _package(found, f"videos/{lesson.key}/{secrets.token_hex(8)}", key)
        with tempfile.TemporaryDirectory(prefix="splash-seed-video-") as work:
            uri = key_uri(api_prefix, lesson.id)
            staged = encrypt_package(description.parent, Path(work) / "package", key, uri)
            await storage.write_tree(package.prefix, staged)
        await point_lesson_at(lesson.id, package)
        if previous is not None:
            await forget(storage, previous.prefix)
        attached += 1
    return attached


async def seed_fixture_videos(settings: Settings) -> int:
    """``seed_videos`` into the configured storage."""
    storage = create_storage(settings)
    try:
        return await seed_videos(settings.fixtures_dir, storage, settings.api_prefix)
    finally:
        await storage.aclose()
