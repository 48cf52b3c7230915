"""The media library's words, each spelled once."""

from __future__ import annotations

from enum import StrEnum


class MediaFormat(StrEnum):
    """The kinds of image the library accepts, by their content (never their name)."""

    JPEG = "jpeg"
    PNG = "png"
    WEBP = "webp"
    AVIF = "avif"


class VariantsStatus(StrEnum):
    PENDING = "pending"  # the worker has not made them yet
    READY = "ready"
    FAILED = "failed"  # the worker gave up: the original is still served


# The responsive variants' formats (newest first: a browser takes the first it knows) and
# widths; never wider than the original, which is then the widest.
VARIANT_FORMATS = (MediaFormat.AVIF, MediaFormat.WEBP)
VARIANT_WIDTHS = (320, 640, 960, 1280, 1920)

VARIANTS_JOB = "media.variants"

EXTENSIONS = {
    MediaFormat.JPEG: "jpg",
    MediaFormat.PNG: "png",
    MediaFormat.WEBP: "webp",
    MediaFormat.AVIF: "avif",
}
