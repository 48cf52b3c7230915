"""The fixture lessons' videos, short, wordless and real (``python -m splash videos
make-fixtures``).

For each lesson of ``fixtures/academy.yaml``: the calm scene of ``fixture_scene`` (no words in
the picture: captions are a lesson's only words), as long as the lesson's captions run, packaged
as every lesson video is (``packaging``: two renditions, AES-128) with the six caption files.
Written to ``fixtures/videos/<lesson key>/`` in the clear (ffmpeg's segments decrypted again,
the playlists without their key line) with ``package.json`` (what the seed needs to attach it:
package id, duration, size, captions; never a key: the seed encrypts every package with a key of
its installation's own, ``video_seed``), and the poster to
``fixtures/media/academy/<lesson key>.webp``. Small on purpose: about 150 kB a lesson.

``package.json`` also says what made the package and what it replaced:

- ``recipe``: the SHA-256 of the ffmpeg command that drew the source (without its paths) and
  the packaging's quality, so a test can tell a committed package from a stale one;
- ``retired``: the SHA-256 of the master playlists of the lesson's earlier fixture packages. The
  seed copies a master playlist as it is, so an installation that stored one of them gets the
  new package on its next seed.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
import secrets
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splash.academy import fixture_scene, hls_keys, packaging, video_seed
from splash.core.fixtures import FixtureError, read_yaml
from splash.core.locales import LOCALES

FIXTURE_CRF = 33  # a flat drawing needs few bits: the whole set stays a few MB
_CUE = re.compile(r"^(\d+:)?(\d\d):(\d\d)\.(\d{3}) --> (\d+:)?(\d\d):(\d\d)\.(\d{3})")


class FixtureVideoError(Exception):
    pass


@dataclass(frozen=True)
class Cue:
    start: float
    end: float
    text: str


@dataclass(frozen=True)
class FixtureLesson:
    """A fixture lesson to draw: its place in the course and its video's length."""

    key: str
    number: int  # 1-based, in course order
    level: int  # 1-based
    seconds: float


def _seconds(hours: str | None, minutes: str, seconds: str, millis: str) -> float:
    return int((hours or "0:")[:-1]) * 3600 + int(minutes) * 60 + int(seconds) + int(millis) / 1000


def read_cues(vtt: str) -> list[Cue]:
    """The cues of a WebVTT file (times and text; settings and tags ignored)."""
    cues: list[Cue] = []
    for block in re.split(r"\n\s*\n", vtt.replace("\r\n", "\n")):
        lines = block.strip().splitlines()
        for i, line in enumerate(lines):
            match = _CUE.match(line)
            if match:
                groups = match.groups()
                text = re.sub(r"<[^>]+>", "", " ".join(lines[i + 1 :])).strip()
                cues.append(Cue(_seconds(*groups[:4]), _seconds(*groups[4:]), text))
                break
    return cues


def caption_files(fixtures_dir: Path, lesson_key: str) -> dict[str, Path]:
    return {locale: fixtures_dir / locale / "captions" / f"{lesson_key}.vtt" for locale in LOCALES}


def _length(fixtures_dir: Path, key: str, seconds: float | None) -> float:
    """The video's length: ``seconds`` when given, else the captions' last second; never
    shorter than a cue of any language."""
    captions = caption_files(fixtures_dir, key)
    missing = [str(path) for path in captions.values() if not path.is_file()]
    if missing:
        raise FixtureVideoError(f"missing fixture files: {', '.join(missing)}")
    last = max(
        (cue.end for path in captions.values() for cue in read_cues(path.read_text("utf-8"))),
        default=0.0,
    )
    length = seconds or max(1.0, float(math.ceil(last)))
    if last > length:
        raise FixtureVideoError(f"{key}: its captions run to {last:.3f} s, past {length:.3f} s")
    return length


def plan(fixtures_dir: Path, seconds: float | None = None) -> list[FixtureLesson]:
    """Every fixture lesson, in course order, with its video's length."""
    try:
        academy = read_yaml(fixtures_dir / "academy.yaml")
        keys = [
            (level_number, lesson["key"])
            for course in academy["courses"]
            for level_number, level in enumerate(course["levels"], start=1)
            for lesson in level["lessons"]
        ]
    except (FixtureError, KeyError, TypeError) as exc:
        raise FixtureVideoError(f"the academy fixtures cannot be read: {exc}") from None
    return [
        FixtureLesson(key, number, level, _length(fixtures_dir, key, seconds))
        for number, (level, key) in enumerate(keys, start=1)
    ]


def source_command(lesson: FixtureLesson, target: Path) -> list[str]:
    """The ffmpeg command that draws the lesson's source MP4 (no input file: all lavfi)."""
    drawn = fixture_scene.scene(lesson.number, lesson.level, lesson.seconds)
    return packaging.command(
        "-filter_complex", fixture_scene.graph(drawn),
        "-map", "[v]", "-map", "[a]", "-t", f"{lesson.seconds:.3f}",
        "-r", str(fixture_scene.FRAME_RATE),
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-c:a", "aac", "-b:a", "96k",
        str(target),
    )  # fmt: skip


def recipe(lesson: FixtureLesson) -> str:
    """The SHA-256 of what makes the lesson's package: the source's command without the ffmpeg
    binary and the target, and the packaging's renditions and quality."""
    made_by = {
        "source": source_command(lesson, Path("source.mp4"))[1:-1],
        "renditions": packaging.RENDITIONS,
        "segmentSeconds": packaging.SEGMENT_SECONDS,
        "quality": FIXTURE_CRF,
    }
    return hashlib.sha256(json.dumps(made_by, sort_keys=True).encode()).hexdigest()


def _source(lesson: FixtureLesson, work: Path) -> Path:
    target = work / "source.mp4"
    run = subprocess.run(
        source_command(lesson, target), capture_output=True, text=True, errors="replace"
    )
    if run.returncode != 0:
        raise FixtureVideoError(f"ffmpeg could not draw {lesson.key}: {run.stderr.strip()[-300:]}")
    return target


def _decrypt_package(folder: Path, key: bytes) -> None:
    """Turns a package ffmpeg encrypted into the clear one the fixtures keep."""
    for playlist in folder.glob("v*/index.m3u8"):
        text = playlist.read_text(encoding="utf-8")
        found = hls_keys.key_line(text)
        if found is None:
            raise FixtureVideoError(f"{playlist} names no key")
        for segment in playlist.parent.glob("*.ts"):
            segment.write_bytes(hls_keys.decrypt(segment.read_bytes(), key, found[1]))
        playlist.write_text(hls_keys.clear_playlist(text), encoding="utf-8")


def _retired(previous: Path, master: str) -> list[str]:
    """The master playlists a new package of the lesson retires: the previous package's, and
    those it retired (the new one's own is never among them)."""
    found: set[str] = set()
    if (previous / "package.json").is_file():
        found.update(json.loads((previous / "package.json").read_text("utf-8")).get("retired", []))
    if (previous / "master.m3u8").is_file():
        found.add(video_seed.master_digest((previous / "master.m3u8").read_bytes()))
    return sorted(found - {master})


def make_fixture_video(fixtures_dir: Path, lesson: FixtureLesson) -> dict[str, Any]:
    """Makes and packages one lesson's video into the fixtures; its package.json."""
    captions = caption_files(fixtures_dir, lesson.key)
    with tempfile.TemporaryDirectory(prefix="splash-fixture-video-") as work:
        source = _source(lesson, Path(work))
        out_dir = Path(work) / "package"
        try:
            made = packaging.package(
                source,
                out_dir,
                "key",  # the clear fixture names no key: the seed writes the real line
                captions,
                max_seconds=60,
                max_bytes=100 * 1024**2,
                quality=FIXTURE_CRF,
            )
        except packaging.PackagingError as exc:
            raise FixtureVideoError(f"{lesson.key}: {exc}") from None
        _decrypt_package(out_dir, made.key)
        target = fixtures_dir / video_seed.FOLDER / lesson.key
        master = video_seed.master_digest((out_dir / "master.m3u8").read_bytes())
        described = {
            "packageId": secrets.token_hex(8),
            "durationMs": made.duration_ms,
            "width": made.width,
            "height": made.height,
            "captions": list(made.captions),
            "recipe": recipe(lesson),
            "retired": _retired(target, master),
        }
        (out_dir / "package.json").write_text(json.dumps(described, indent=2) + "\n")
        posters = fixtures_dir / "media" / "academy"
        posters.mkdir(parents=True, exist_ok=True)
        shutil.move(out_dir / "poster.webp", posters / f"{lesson.key}.webp")  # kept once
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(out_dir, target)
    return described


def make_fixture_videos(fixtures_dir: Path, seconds: float | None = None) -> list[str]:
    """Every fixture lesson's video; the lesson keys made."""
    lessons = plan(fixtures_dir, seconds)
    for lesson in lessons:
        make_fixture_video(fixtures_dir, lesson)
    return [lesson.key for lesson in lessons]
