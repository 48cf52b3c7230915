"""Where packaged lesson videos live: the shared storage (splash/shared/storage.py: a local
folder or an S3-compatible bucket) for the area ``videos/``.

A package's files are public and immutable (a new import writes a new prefix), so whatever
serves them — Splash's own ``/media/videos/…`` route for the local folder, a CDN in front of the
bucket — may cache them for a year. Only playlists, MPEG-TS segments, WebVTT captions and WebP
posters are ever stored: never a plain MP4, and never a key.

Paths are the package's own, ``videos/<lesson key>/<package id>/master.m3u8``:

- ``file://var/videos`` (the default; a relative folder is read from the folder holding
  ``SPLASH_VAR_DIR``, the repository by default) is the folder served at ``/media/videos``;
- ``s3://bucket/prefix`` stores ``videos/…`` as the object ``prefix/videos/…``, and
  ``SPLASH_VIDEO_BASE_URL`` is where the public reads them (a CDN in front of the bucket).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from splash.core import video_files
from splash.core.config import Settings
from splash.shared import storage
from splash.shared.s3_protocol import sign_v4
from splash.shared.storage import Area, Location, StorageError

__all__ = [
    "ROOT",
    "VIDEOS",
    "LocalStorage",
    "S3Storage",
    "StorageError",
    "VideoStorage",
    "content_type",
    "create_storage",
    "public_url",
    "sign_v4",
]

ROOT = "videos/"
VIDEOS = Area(ROOT, "video", "a video package", video_files.content_type)
VideoStorage = storage.Storage


def content_type(path: str) -> str:
    """The type a package file is stored with; StorageError for anything a package never holds
    (an MP4 above all)."""
    return VIDEOS.content_type(path)


class LocalStorage(storage.LocalStorage):
    """A folder served by Splash itself at ``/media/videos`` (Range requests, immutable)."""

    def __init__(self, folder: Path, base_url: str = "/media") -> None:
        super().__init__(folder, base_url, area=VIDEOS)


class S3Storage(storage.S3Storage):
    def __init__(self, bucket: str, prefix: str, **options: Any) -> None:
        super().__init__(bucket, prefix, area=VIDEOS, **options)


def location(settings: Settings) -> Location:
    return Location(
        settings.video_storage,
        settings.video_folder,
        settings.video_base_url,
        settings.video_endpoint_url,
        settings.video_region,
        settings.video_access_key_id,
        settings.video_secret_access_key,
    )


def public_url(settings: Settings, path: str) -> str:
    """Where browsers read a stored package file (``videos/…``), e.g. a lesson payload's
    ``master`` and caption URLs: ``/media/videos/…`` locally, ``SPLASH_VIDEO_BASE_URL/videos/…``
    (a CDN) on S3."""
    return create_storage(settings).public_url(path)  # no connection is opened for this


def create_storage(settings: Settings) -> VideoStorage:
    found = location(settings)
    if found.folder is not None:
        return LocalStorage(found.folder, found.base_url or "/media")
    bucket, _, prefix = found.url.removeprefix("s3://").partition("/")
    return S3Storage(
        bucket,
        prefix,
        endpoint_url=found.endpoint_url or f"https://s3.{found.region}.amazonaws.com",
        region=found.region,
        access_key_id=found.access_key_id or "",
        secret_access_key=found.secret_access_key or "",
        base_url=found.base_url,
    )
