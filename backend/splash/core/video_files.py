"""What a packaged lesson video is made of (pure), shared by the academy's storage, which
refuses anything else, and the web's ``/media/videos`` route, which serves nothing else: HLS
playlists, MPEG-TS segments, WebVTT captions and a WebP poster. Never a plain MP4, never a key.
"""

from __future__ import annotations

from pathlib import PurePosixPath

from splash.core import media_types

TYPES = {suffix: media_types.TYPES[suffix] for suffix in (".m3u8", ".ts", ".vtt", ".webp")}
# A package never changes once written (a new import writes a new prefix): a browser or a CDN
# may keep every file for a year.
IMMUTABLE = "public, max-age=31536000, immutable"


def content_type(path: str) -> str | None:
    """The type a package file is served with, None for a file no package holds."""
    return TYPES.get(PurePosixPath(path).suffix.lower())
