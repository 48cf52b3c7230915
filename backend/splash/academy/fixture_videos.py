"""The fixture lessons' videos: short but real (``python -m splash videos make-fixtures``).

For each lesson of ``fixtures/academy.yaml``: one of the shop's illustrations, slowly zoomed,
with the lesson's Dutch title and its Dutch caption cues burned in and a soft tone; packaged as
every lesson video is (``packaging``: two renditions, AES-128) with the six caption files.
Written to ``fixtures/videos/<lesson key>/`` in the clear (ffmpeg's segments decrypted again,
the playlists without their key line) with ``package.json`` (what the seed needs to attach it:
package id, duration, size, captions; never a key: the seed encrypts every package with a key of
its installation's own, ``video_seed``), and the poster to
``fixtures/media/academy/<lesson key>.webp``. Small on purpose: a few hundred kB a lesson.
"""

from __future__ import annotations

import json
import re
import secrets
import shutil
import subprocess
import tempfile
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from splash.academy import hls_keys, packaging, video_seed
from splash.config import LOCALES
from splash.fixtures import FixtureError, read_yaml

FONT = Path("media") / "fonts" / "DejaVuSans.ttf"  # below fixtures/
SECONDS = (6.0, 8.0)  # the shortest and longest fixture video
FRAME_RATE = 25
FIXTURE_CRF = 33  # a slowly zoomed drawing needs few bits: the whole set stays a few MB
_CUE = re.compile(r"^(\d+:)?(\d\d):(\d\d)\.(\d{3}) --> (\d+:)?(\d\d):(\d\d)\.(\d{3})")


class FixtureVideoError(Exception):
    pass


@dataclass(frozen=True)
class Cue:
    start: float
    end: float
    text: str


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


def lessons(fixtures_dir: Path) -> list[tuple[str, str]]:
    """(lesson key, Dutch title) of every fixture lesson, in course order."""
    try:
        academy, texts = (
            read_yaml(fixtures_dir / "academy.yaml"),
            read_yaml(fixtures_dir / "nl" / "academy.yaml"),
        )
        found = []
        for course in academy["courses"]:
            titles = texts["courses"][course["key"]]["lessons"]
            for level in course["levels"]:
                found += [(x["key"], titles[x["key"]]["title"]) for x in level["lessons"]]
    except (FixtureError, KeyError, TypeError) as exc:
        raise FixtureVideoError(f"the academy fixtures cannot be read: {exc}") from None
    return found


def _text_file(folder: Path, name: str, text: str, width: int) -> Path:
    path = folder / name
    path.write_text(textwrap.fill(text, width), encoding="utf-8")
    return path


def _drawtext(font: Path, text_file: Path, size: int, y: str, enable: str | None = None) -> str:
    drawn = (
        f"drawtext=fontfile={font}:textfile={text_file}:expansion=none:fontsize={size}"
        f":fontcolor=white:line_spacing=8:box=1:boxcolor=0x0b3d5c@0.8:boxborderw=18"
        f":x=(w-text_w)/2:y={y}"
    )
    return drawn + (f":enable='between(t,{enable})'" if enable else "")


def _source(
    image: Path, font: Path, title: str, cues: list[Cue], seconds: float, work: Path
) -> Path:
    """A short MP4 to package: the illustration zoomed in slowly, title and cues on it."""
    frames = round(seconds * FRAME_RATE)
    layers = [
        "[0:v]scale=1920:1080:force_original_aspect_ratio=increase,crop=1920:1080,setsar=1,zoompan=z='min(zoom+0.0006,1.12)'"
        f":x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d={frames}:s=1280x720:fps={FRAME_RATE}",
        _drawtext(font, _text_file(work, "title.txt", title, 40), 44, "48"),
    ]
    for i, cue in enumerate(cues):
        if cue.start < seconds and cue.text:
            text_file = _text_file(work, f"cue{i}.txt", cue.text, 52)
            window = f"{cue.start:.3f},{min(cue.end, seconds):.3f}"
            layers.append(_drawtext(font, text_file, 32, "h-text_h-56", window))
    target = work / "source.mp4"
    argv = packaging.command(
        "-i", str(image),
        "-f", "lavfi", "-i", "sine=frequency=392:sample_rate=44100",
        "-filter_complex", ",".join(layers) + ",format=yuv420p[v]",
        "-map", "[v]", "-map", "1:a", "-af", "volume=0.06", "-t", f"{seconds:.3f}",
        "-c:v", "libx264", "-preset", "veryfast", "-crf", "30", "-c:a", "aac", "-b:a", "48k",
        str(target),
    )  # fmt: skip
    run = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    if run.returncode != 0:
        raise FixtureVideoError(f"ffmpeg could not draw {title!r}: {run.stderr.strip()[-300:]}")
    return target


def _illustrations(fixtures_dir: Path) -> list[Path]:
    media = fixtures_dir / "media"
    found = sorted((media / "pages").glob("*.webp")) + sorted((media / "products").glob("*.webp"))
    if not found:
        raise FixtureVideoError(f"no illustrations in {media}/pages or {media}/products")
    return found


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


def make_fixture_video(
    fixtures_dir: Path, lesson_key: str, title: str, image: Path, seconds: float | None = None
) -> dict[str, Any]:
    """Makes and packages one lesson's video into the fixtures; its package.json."""
    font = fixtures_dir / FONT
    captions = {
        locale: fixtures_dir / locale / "captions" / f"{lesson_key}.vtt" for locale in LOCALES
    }
    missing = [str(path) for path in captions.values() if not path.is_file()]
    if missing or not font.is_file():
        raise FixtureVideoError(f"missing fixture files: {', '.join(missing or [str(font)])}")
    cues = read_cues(captions["nl"].read_text(encoding="utf-8"))
    last = max((cue.end for cue in cues), default=0.0)
    length = seconds or min(max(last, SECONDS[0]), SECONDS[1])
    with tempfile.TemporaryDirectory(prefix="splash-fixture-video-") as work:
        source = _source(image, font, title, cues, length, Path(work))
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
            raise FixtureVideoError(f"{lesson_key}: {exc}") from None
        _decrypt_package(out_dir, made.key)
        described = {
            "packageId": secrets.token_hex(8),
            "durationMs": made.duration_ms,
            "width": made.width,
            "height": made.height,
            "captions": list(made.captions),
        }
        (out_dir / "package.json").write_text(json.dumps(described, indent=2) + "\n")
        posters = fixtures_dir / "media" / "academy"
        posters.mkdir(parents=True, exist_ok=True)
        shutil.move(out_dir / "poster.webp", posters / f"{lesson_key}.webp")  # kept once
        target = fixtures_dir / video_seed.FOLDER / lesson_key
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(out_dir, target)
    return described


def make_fixture_videos(fixtures_dir: Path, seconds: float | None = None) -> list[str]:
    """Every fixture lesson's video; the lesson keys made."""
    images = _illustrations(fixtures_dir)
    made = []
    for number, (key, title) in enumerate(lessons(fixtures_dir), start=1):
        make_fixture_video(fixtures_dir, key, title, images[(number - 1) % len(images)], seconds)
        made.append(key)
    return made
