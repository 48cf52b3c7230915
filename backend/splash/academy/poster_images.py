"""A lesson's poster from an uploaded image (pure: Pillow, no I/O): read by its content, never
its name or declared type; a JPEG, PNG or WebP only; refused before decoding when its header
announces more pixels than :data:`MAX_PIXELS` (a decompression bomb: a small file that would
fill the memory); turned upright by its EXIF orientation, fitted into :data:`POSTER_BOX` and
written as WebP from the pixels alone, so no metadata (EXIF with GPS, XMP, ICC, comments)
survives. The video storage keeps posters as WebP, as a package's own ``poster.webp``."""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

from splash.core.errors import ValidationError

FORMATS = {"JPEG", "PNG", "WEBP"}
MAX_PIXELS = 40_000_000
POSTER_BOX = (1920, 1080)
QUALITY = 82


@dataclass(frozen=True)
class Poster:
    webp: bytes
    width: int
    height: int


def _refuse(message: str) -> ValidationError:
    return ValidationError.for_field(["body"], message)


def poster_from(body: bytes) -> Poster:
    """The poster made from an uploaded image; a 400 naming the body for anything else."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(body)) as image:
                if image.format not in FORMATS:
                    raise _refuse("Send a JPEG, PNG or WebP image")
                width, height = image.size
                if width * height > MAX_PIXELS:
                    raise _refuse(f"The image has more than {MAX_PIXELS} pixels")
                image.load()
                upright = ImageOps.exif_transpose(image)
    except (
        UnidentifiedImageError,
        Image.DecompressionBombError,
        Image.DecompressionBombWarning,
    ):
        raise _refuse("Send a JPEG, PNG or WebP image") from None
    except (OSError, SyntaxError, ValueError):
        raise _refuse("The image is damaged") from None
    picture = upright.convert("RGB")
    picture.thumbnail(POSTER_BOX)
    clean = Image.new("RGB", picture.size)  # the pixels only: no info, no EXIF, no profile
    clean.paste(picture)
    out = io.BytesIO()
    clean.save(out, "WEBP", quality=QUALITY, method=4)
    return Poster(out.getvalue(), clean.width, clean.height)
