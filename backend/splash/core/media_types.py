"""The media type of every kind of file Splash serves (pure), from this table alone.

Python's ``mimetypes`` reads the system's database (``/etc/mime.types``) and knows only a few
types without it: on a slim container image, where that file is missing, Python 3.11 served
every WebP image and font as ``application/octet-stream`` — which ``X-Content-Type-Options:
nosniff`` then keeps a browser from showing. So the types are listed here, and a file of a
kind not listed is served as ``application/octet-stream`` on every machine alike; a test fails
when a served folder holds a kind this table does not name.
"""

from __future__ import annotations

from pathlib import PurePosixPath

UNKNOWN = "application/octet-stream"
UTF8 = "; charset=utf-8"

TYPES = {
    # the SPA build
    ".html": "text/html" + UTF8,
    ".js": "text/javascript" + UTF8,
    ".mjs": "text/javascript" + UTF8,
    ".css": "text/css" + UTF8,
    ".json": "application/json" + UTF8,
    ".map": "application/json" + UTF8,
    ".webmanifest": "application/manifest+json" + UTF8,
    ".txt": "text/plain" + UTF8,
    ".xml": "application/xml" + UTF8,
    # images
    ".svg": "image/svg+xml" + UTF8,
    ".webp": "image/webp",
    ".avif": "image/avif",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".ico": "image/vnd.microsoft.icon",
    # fonts
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".ttf": "font/ttf",
    ".otf": "font/otf",
    # lesson videos (splash.core.video_files says which of these a package may hold)
    ".m3u8": "application/vnd.apple.mpegurl",
    ".ts": "video/mp2t",
    ".vtt": "text/vtt" + UTF8,
    ".mp4": "video/mp4",
    # documents
    ".pdf": "application/pdf",
}


def media_type(name: str) -> str:
    """``photo.WEBP`` → ``image/webp``; text types carry their charset; unknown kinds
    ``application/octet-stream``."""
    return TYPES.get(PurePosixPath(name).suffix.lower(), UNKNOWN)


def known(name: str) -> bool:
    return PurePosixPath(name).suffix.lower() in TYPES
