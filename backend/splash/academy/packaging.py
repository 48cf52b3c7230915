"""Packaging a lesson's video as encrypted HLS, with the ffmpeg binary imageio-ffmpeg ships (so
nothing needs a system install).

A package is two renditions — ``v0`` 1280x720 and ``v1`` 640x360, H.264/AAC in 2-second MPEG-TS
segments, each starting on a key frame — behind ``master.m3u8``, every segment encrypted with
AES-128 under a new random key and IV. The playlists name the key by its URL on the shop
(``/api/lessons/{id}/key``); the key itself is returned to the caller and never written into the
package. Beside them: ``captions/<locale>.vtt`` and ``poster.webp`` (a frame at about 1 s).

Everything happens in a temporary folder the caller owns (``package`` writes only below
``out_dir``), and the source is probed first: a file that is not a video, or is longer or
larger than allowed, is a PackagingError with one clear sentence.
"""

from __future__ import annotations

import re
import secrets
import subprocess
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import imageio_ffmpeg

from splash.core.locales import LOCALES

RENDITIONS = ((1280, 720, "2000k"), (640, 360, "600k"))  # width, height, peak video bitrate
SEGMENT_SECONDS = 2
FRAME_RATE = 25
POSTER_SIZE = (1280, 720)
# The AES key and the IV: 16 random bytes each, new for every package.
KEY_BYTES = 16


class PackagingError(Exception):
    """The source cannot become a lesson video (the message says why, in one line)."""


@dataclass(frozen=True)
class Probe:
    duration_ms: int
    width: int
    height: int
    has_audio: bool


@dataclass(frozen=True)
class Package:
    key: bytes
    duration_ms: int
    width: int
    height: int
    captions: tuple[str, ...]  # locales, in LOCALES order


def ffmpeg() -> str:
    return imageio_ffmpeg.get_ffmpeg_exe()


_DURATION = re.compile(r"Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)")
_VIDEO = re.compile(r"Stream #\d+:\d+.*?: Video: (\w+).*?, (\d{2,5})x(\d{2,5})")
_IMAGE_CODECS = {"png", "mjpeg", "webp", "gif", "bmp", "tiff", "jpegls", "jpeg2000"}


def probe(source: Path) -> Probe:
    """What ffmpeg reads in ``source``: PackagingError unless it holds a video stream with a
    duration (an image, a text or a sound file is not a video)."""
    run = subprocess.run(
        [ffmpeg(), "-hide_banner", "-nostdin", "-i", str(source)],
        capture_output=True,
        text=True,
        errors="replace",
        timeout=60,
    )
    report = run.stderr
    video, duration = _VIDEO.search(report), _DURATION.search(report)
    if video is None or duration is None or video.group(1) in _IMAGE_CODECS:
        raise PackagingError(f"{source.name} is not a video")
    hours, minutes, seconds = duration.groups()
    milliseconds = round((int(hours) * 3600 + int(minutes) * 60 + float(seconds)) * 1000)
    if milliseconds <= 0:
        raise PackagingError(f"{source.name} is not a video (it lasts no time)")
    return Probe(milliseconds, int(video.group(2)), int(video.group(3)), " Audio: " in report)


def check_limits(source: Path, max_seconds: int, max_bytes: int) -> Probe:
    """The probe of a source within the limits; PackagingError for a missing, too large, too
    long or non-video file (the size first: it costs nothing)."""
    if not source.is_file():
        raise PackagingError(f"{source} does not exist")
    size = source.stat().st_size
    if size > max_bytes:
        raise PackagingError(
            f"{source.name} is too large: {size} bytes, at most {max_bytes} are allowed"
        )
    found = probe(source)
    if found.duration_ms > max_seconds * 1000:
        raise PackagingError(
            f"{source.name} is too long: {found.duration_ms / 1000:.0f} s, at most "
            f"{max_seconds} s are allowed"
        )
    return found


def read_captions(captions: dict[str, Path]) -> dict[str, bytes]:
    """Caption files by locale, each checked to be WebVTT; PackagingError otherwise."""
    texts: dict[str, bytes] = {}
    for locale, path in captions.items():
        if locale not in LOCALES:
            raise PackagingError(f"{path.name}: {locale!r} is not one of the shop's languages")
        body = path.read_bytes()
        if not body.removeprefix(b"\xef\xbb\xbf").startswith(b"WEBVTT"):
            raise PackagingError(f"{path} is not a WebVTT file (it must start with WEBVTT)")
        texts[locale] = body
    return texts


def _encode_command(
    source: Path, found: Probe, key_info: Path, out_dir: Path, quality: int
) -> list[str]:
    split = "".join(f"[s{i}]" for i in range(len(RENDITIONS)))
    filters = [f"[0:v]fps={FRAME_RATE},split={len(RENDITIONS)}{split}"]
    for i, (width, height, _) in enumerate(RENDITIONS):
        filters.append(f"[s{i}]{fit(width, height)},format=yuv420p[v{i}]")
    audio = "0:a:0" if found.has_audio else "1:a:0"
    arguments = ["-i", str(source)]
    if not found.has_audio:  # players expect sound: a silent track
        arguments += ["-f", "lavfi", "-i", "anullsrc=channel_layout=stereo:sample_rate=44100"]
    arguments += ["-filter_complex", ";".join(filters)]
    for i, (_, _, bitrate) in enumerate(RENDITIONS):
        arguments += ["-map", f"[v{i}]", "-map", audio]
        arguments += [f"-maxrate:v:{i}", bitrate, f"-bufsize:v:{i}", bitrate]
    keyframes = f"expr:gte(t,n_forced*{SEGMENT_SECONDS})"
    arguments += [
        "-t", f"{found.duration_ms / 1000:.3f}",
        "-c:v", "libx264", "-preset", "veryfast", "-crf", str(quality), "-profile:v", "main",
        "-g", str(FRAME_RATE * SEGMENT_SECONDS), "-sc_threshold", "0",
        "-force_key_frames", keyframes,
        "-c:a", "aac", "-b:a", "64k", "-ac", "2",
        "-f", "hls", "-hls_time", str(SEGMENT_SECONDS), "-hls_playlist_type", "vod",
        "-hls_key_info_file", str(key_info),
        "-hls_segment_filename", str(out_dir / "v%v" / "s%03d.ts"),
        "-master_pl_name", "master.m3u8",
        "-var_stream_map", " ".join(f"v:{i},a:{i}" for i in range(len(RENDITIONS))),
        str(out_dir / "v%v" / "index.m3u8"),
    ]  # fmt: skip
    return command(*arguments)


# Told the share of the video encoded so far (0 to 1), from the encoding's own thread.
Progress = Callable[[float], None]


def _run(argv: list[str], what: str) -> None:
    try:
        run = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    except OSError as exc:
        raise PackagingError(f"ffmpeg could not start: {exc}") from exc
    if run.returncode != 0:
        last = (run.stderr.strip().splitlines() or ["no message"])[-1]
        raise PackagingError(f"ffmpeg failed to {what}: {last}")


def _run_telling(argv: list[str], what: str, duration_ms: int, progress: Progress) -> None:
    """``_run``, telling ``progress`` how far the encoding is (ffmpeg's ``-progress`` lines:
    ``out_time_us`` of the output written so far)."""
    try:
        process = subprocess.Popen(
            [argv[0], "-progress", "pipe:1", "-nostats", *argv[1:]],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            errors="replace",
        )
    except OSError as exc:
        raise PackagingError(f"ffmpeg could not start: {exc}") from exc
    assert process.stdout is not None and process.stderr is not None
    told = 0.0  # ffmpeg's out_time_us can step back between its outputs: told only forwards
    for line in process.stdout:
        name, _, value = line.strip().partition("=")
        if name == "out_time_us" and value.isdigit():
            told = max(told, min(1.0, int(value) / 1000 / max(duration_ms, 1)))
            progress(told)
    errors = process.stderr.read()
    if process.wait() != 0:
        last = (errors.strip().splitlines() or ["no message"])[-1]
        raise PackagingError(f"ffmpeg failed to {what}: {last}")


def fit(width: int, height: int) -> str:
    """The filter that fits a picture into width x height, letterboxed, square pixels."""
    return (
        f"scale={width}:{height}:force_original_aspect_ratio=decrease,"
        f"pad={width}:{height}:(ow-iw)/2:(oh-ih)/2,setsar=1"
    )


def command(*arguments: str) -> list[str]:
    """An ffmpeg command that overwrites its output and says only what went wrong."""
    return [ffmpeg(), "-hide_banner", "-nostdin", "-loglevel", "error", "-y", *arguments]


def _poster(source: Path, found: Probe, target: Path) -> None:
    at = f"{min(1.0, found.duration_ms / 2000):.3f}"
    poster = ["-frames:v", "1", "-vf", fit(*POSTER_SIZE), "-c:v", "libwebp", "-quality", "80"]
    _run(command("-ss", at, "-i", str(source), *poster, str(target)), "make the poster")


def package(
    source: Path,
    out_dir: Path,
    key_uri: str,
    captions: dict[str, Path],
    *,
    max_seconds: int,
    max_bytes: int,
    quality: int = 28,
    progress: Progress | None = None,
) -> Package:
    """Packages ``source`` into the empty folder ``out_dir``; the key to store with the row.
    ``quality`` is x264's CRF (lower is better and larger), under each rendition's peak rate;
    ``progress`` is told how far the encoding is."""
    found = check_limits(source, max_seconds, max_bytes)
    caption_texts = read_captions(captions)
    key, iv = secrets.token_bytes(KEY_BYTES), secrets.token_bytes(KEY_BYTES)
    for i in range(len(RENDITIONS)):
        (out_dir / f"v{i}").mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="splash-key-") as secret_dir:
        key_file, key_info = Path(secret_dir) / "key", Path(secret_dir) / "key.info"
        key_file.write_bytes(key)
        key_info.write_text(f"{key_uri}\n{key_file}\n{iv.hex()}\n", encoding="utf-8")
        encode = _encode_command(source, found, key_info, out_dir, quality)
        if progress is None:
            _run(encode, "encode the video")
        else:
            _run_telling(encode, "encode the video", found.duration_ms, progress)
    _poster(source, found, out_dir / "poster.webp")
    if caption_texts:
        (out_dir / "captions").mkdir()
    for locale, body in caption_texts.items():
        (out_dir / "captions" / f"{locale}.vtt").write_bytes(body)
    width, height, _ = RENDITIONS[0]
    ordered = tuple(locale for locale in LOCALES if locale in caption_texts)
    return Package(key, found.duration_ms, width, height, ordered)
