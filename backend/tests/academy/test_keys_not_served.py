"""No file below a folder that a route serves holds a lesson's key: not the seeded keys (in hex
or as bytes), and no package description with a key in it, in the fixtures or anywhere else."""

from __future__ import annotations

import base64
from pathlib import Path

from splash.academy.models import LessonVideo
from splash.core.config import REPO_ROOT


def _served_folders(settings) -> list[Path]:
    folders = [settings.media_dir, settings.frontend_dist, settings.video_folder]
    return [folder for folder in folders if folder is not None and folder.is_dir()]


def _key_forms(key_hex: str) -> list[bytes]:
    raw = bytes.fromhex(key_hex)
    return [key_hex.lower().encode(), key_hex.upper().encode(), raw, base64.b64encode(raw)]


async def test_no_served_file_holds_a_lesson_key(seeded, settings, spa_built):
    keys = [row.key_hex for row in await LessonVideo.all()]
    assert len(keys) == 12  # every fixture lesson has its video, and so its key
    forms = [form for key in keys for form in _key_forms(key)]
    files = [p for folder in _served_folders(settings) for p in folder.rglob("*") if p.is_file()]
    assert len(files) > 100  # the fixtures' media, the SPA build and the stored packages

    holding = [str(p) for p in files if any(form in p.read_bytes() for form in forms)]

    assert holding == []


def test_no_fixture_file_describes_a_key():
    fixtures = [p for p in (REPO_ROOT / "fixtures").rglob("*") if p.is_file()]

    assert [str(p) for p in fixtures if b"keyHex" in p.read_bytes()] == []
