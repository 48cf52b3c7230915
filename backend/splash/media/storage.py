"""Where the library's images live: the shared storage (splash/shared/storage.py) for the area
``library/``. Locally the folder ``SPLASH_MEDIA_STORAGE`` (``var/media``) is served at
``/media/library``; on S3 the public reads ``SPLASH_MEDIA_BASE_URL/library/…`` (a CDN).

Each upload and each replacement is written below a folder of its own,
``library/<item id>/<version>-<random>/``: the original (``original.jpg``) and its variants
(``640.webp``, ``640.avif``, …), so every file is immutable and a replaced image never shows
from a cache."""

from __future__ import annotations

from pathlib import PurePosixPath

from splash.core import media_types
from splash.core.config import Settings
from splash.shared.storage import Area, Location, Storage, open_storage

ROOT = "library/"
IMAGE_SUFFIXES = (".jpg", ".png", ".webp", ".avif")


def _image_type(path: str) -> str | None:
    suffix = PurePosixPath(path).suffix.lower()
    return media_types.TYPES[suffix] if suffix in IMAGE_SUFFIXES else None


LIBRARY = Area(ROOT, "media library", "the media library", _image_type)


def create_storage(settings: Settings) -> Storage:
    """The configured storage; no connection is opened until a file is sent."""
    return open_storage(
        Location(
            settings.media_storage,
            settings.media_folder,
            settings.media_base_url,
            settings.media_endpoint_url,
            settings.media_region,
            settings.media_access_key_id,
            settings.media_secret_access_key,
        ),
        LIBRARY,
    )
