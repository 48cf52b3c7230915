"""``python -m splash videos import FILE --lesson ID``: the real command, in a subprocess, on the
test database, with a real small MP4 made by ffmpeg (tests/academy/media.py) — and on files that
are no video."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from splash.academy.models import LessonVideo
from splash.core.config import REPO_ROOT
from splash.core.locales import LOCALES
from tests.academy.media import MP4_SECONDS
from tests.academy.video_rows import KEY_HEX, lesson, lesson_with_video


@pytest.fixture
def captions(tmp_path) -> Path:
    folder = tmp_path / "captions"
    folder.mkdir()
    for locale in LOCALES:
        (folder / f"{locale}.vtt").write_text(
            f"WEBVTT\n\n00:00.000 --> 00:02.000\nBellen blazen ({locale})\n", encoding="utf-8"
        )
    return folder


@pytest.fixture
def videos_folder(tmp_path) -> Path:
    return tmp_path / "videos"


def _run(settings, videos_folder, *arguments, **environment):
    return subprocess.run(
        [sys.executable, "-m", "splash", "videos", "import", *arguments],
        cwd=REPO_ROOT / "backend",
        capture_output=True,
        text=True,
        timeout=120,
        env={
            **os.environ,
            "SPLASH_DATABASE_URL": settings.database_url,
            "SPLASH_VIDEO_STORAGE": f"file://{videos_folder}",
            **environment,
        },
    )


def _stored(videos_folder: Path) -> list[str]:
    if not videos_folder.exists():
        return []
    return sorted(p.relative_to(videos_folder).as_posix() for p in videos_folder.rglob("*"))


def _decrypt(segment: bytes, key: bytes, iv: bytes) -> bytes:
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    padded = decryptor.update(segment) + decryptor.finalize()
    return padded[: -padded[-1]]  # PKCS#7


async def test_a_real_mp4_becomes_an_encrypted_two_rendition_package(
    database, settings, mp4, captions, videos_folder
):
    given = await lesson("level-2-lesson-1")

    run = _run(
        settings, videos_folder, str(mp4), "--lesson", str(given.id), "--captions", str(captions)
    )

    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert len(lines) == 1
    row = await LessonVideo.get(lesson_id=given.id)
    assert re.fullmatch(r"videos/level-2-lesson-1/[0-9a-f]{16}", row.prefix)
    assert lines[0] == (
        f"splash: stored 14 files of 3.0 s for lesson level-2-lesson-1 under {row.prefix} "
        "(nl, en, de, es, fr, sv captions)"
    )
    assert (row.duration_ms, row.width, row.height) == (MP4_SECONDS * 1000, 1280, 720)
    assert row.captions == list(LOCALES)
    package = videos_folder / row.prefix.removeprefix("videos/")
    master = (package / "master.m3u8").read_text()
    assert re.findall(r"RESOLUTION=(\d+x\d+)", master) == ["1280x720", "640x360"]
    assert re.findall(r"^v\d/index\.m3u8$", master, re.M) == ["v0/index.m3u8", "v1/index.m3u8"]
    key = bytes.fromhex(row.key_hex)
    assert len(key) == 16
    for rendition in ("v0", "v1"):
        playlist = (package / rendition / "index.m3u8").read_text()
        found = re.search(r'#EXT-X-KEY:METHOD=AES-128,URI="([^"]+)",IV=0x([0-9a-f]{32})', playlist)
        assert found, playlist
        assert found.group(1) == f"/api/lessons/{given.id}/key"
        assert "#EXT-X-TARGETDURATION:2" in playlist
        segments = re.findall(r"^s\d{3}\.ts$", playlist, re.M)
        assert segments == ["s000.ts", "s001.ts"]
        encrypted = (package / rendition / "s000.ts").read_bytes()
        assert encrypted[0] != 0x47 or encrypted[188] != 0x47  # not plain MPEG-TS
        plain = _decrypt(encrypted, key, bytes.fromhex(found.group(2)))
        assert len(plain) % 188 == 0
        assert all(plain[i] == 0x47 for i in range(0, len(plain), 188))  # TS sync bytes
    assert (package / "captions" / "sv.vtt").read_text().startswith("WEBVTT")
    poster = (package / "poster.webp").read_bytes()
    assert poster[:4] == b"RIFF" and poster[8:12] == b"WEBP"
    # Nothing but the package: no MP4, no key file, the key's bytes in no file.
    files = [p for p in package.rglob("*") if p.is_file()]
    assert len(files) == 14
    assert {p.suffix for p in files} == {".m3u8", ".ts", ".vtt", ".webp"}
    assert not any(key in p.read_bytes() or row.key_hex.encode() in p.read_bytes() for p in files)


async def test_importing_again_replaces_the_package_and_the_key(
    database, settings, mp4, captions, videos_folder
):
    given = await lesson_with_video("level-2-lesson-2")
    old = videos_folder / "level-2-lesson-2" / "0123456789abcdef"
    old.mkdir(parents=True)
    (old / "master.m3u8").write_text("#EXTM3U\n")

    run = _run(
        settings,
        videos_folder,
        str(mp4),
        "--lesson",
        "level-2-lesson-2",
        "--captions",
        str(captions),
    )

    assert run.returncode == 0, run.stderr
    row = await LessonVideo.get(lesson_id=given.id)
    assert row.prefix != "videos/level-2-lesson-2/0123456789abcdef"
    assert row.key_hex != KEY_HEX
    assert await LessonVideo.filter(lesson_id=given.id).count() == 1
    assert not old.exists()
    assert (videos_folder / row.prefix.removeprefix("videos/") / "master.m3u8").is_file()


@pytest.mark.parametrize(
    ("make", "environment", "message"),
    [
        (lambda d: d / "notes.txt", {}, "splash: notes.txt is not a video"),
        (lambda d: d / "poster.webp", {}, "splash: poster.webp is not a video"),
        (lambda d: d / "missing.mp4", {}, "does not exist"),
        (None, {"SPLASH_VIDEO_MAX_SECONDS": "2"}, "is too long: 3 s, at most 2 s are allowed"),
        (None, {"SPLASH_VIDEO_MAX_BYTES": "1000"}, "is too large"),
    ],
    ids=["text", "image", "missing", "too-long", "too-large"],
)
async def test_a_file_that_cannot_be_a_lesson_video_is_exit_2_and_changes_nothing(
    database, settings, mp4, captions, videos_folder, tmp_path, make, environment, message
):
    given = await lesson_with_video()
    (tmp_path / "notes.txt").write_text("Dit is geen video, maar een boodschappenlijst.\n")
    (tmp_path / "poster.webp").write_bytes(
        (REPO_ROOT / "fixtures/media/pages/about.webp").read_bytes()
    )
    source = make(tmp_path) if make else mp4

    run = _run(settings, videos_folder, str(source), "--lesson", str(given.id), **environment)

    assert run.returncode == 2
    assert run.stdout == ""
    assert len(run.stderr.strip().splitlines()) == 1
    assert message in run.stderr
    row = await LessonVideo.get(lesson_id=given.id)
    assert (row.prefix, row.key_hex) == ("videos/video-test-lesson/0123456789abcdef", KEY_HEX)
    assert _stored(videos_folder) == []


async def test_an_unknown_lesson_or_bad_captions_are_exit_2(
    database, settings, mp4, captions, videos_folder
):
    await lesson()
    (captions / "fr.vtt").write_text("1\n00:00:00,000 --> 00:00:01,000\nSRT, pas WebVTT\n")

    unknown = _run(settings, videos_folder, str(mp4), "--lesson", "level-9-lesson-9")
    bad_captions = _run(
        settings,
        videos_folder,
        str(mp4),
        "--lesson",
        "video-test-lesson",
        "--captions",
        str(captions),
    )

    assert (unknown.returncode, unknown.stderr.strip()) == (
        2,
        "splash: no lesson 'level-9-lesson-9'",
    )
    assert bad_captions.returncode == 2
    assert "fr.vtt is not a WebVTT file" in bad_captions.stderr
    assert await LessonVideo.all().count() == 0
    assert _stored(videos_folder) == []


async def test_a_storage_that_cannot_be_written_leaves_the_row_as_it_was(
    database, settings, mp4, captions, tmp_path
):
    given = await lesson_with_video()
    blocked = tmp_path / "a-file"
    blocked.write_text("not a folder")

    run = _run(
        settings,
        blocked / "videos",
        str(mp4),
        "--lesson",
        str(given.id),
        "--captions",
        str(captions),
    )

    assert run.returncode == 2
    assert "the package could not be stored" in run.stderr
    row = await LessonVideo.get(lesson_id=given.id)
    assert (row.prefix, row.key_hex) == ("videos/video-test-lesson/0123456789abcdef", KEY_HEX)
