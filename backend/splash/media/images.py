"""An uploaded image checked by its content, cleaned of metadata, and its responsive variants
(pure: Pillow only, no I/O besides the bytes given).

- **Checked by content**: Pillow identifies the bytes as JPEG, PNG, WebP or AVIF (never the
  file's name or the type the browser sent); the size in the header is read before any pixel
  is decoded, so a decompression bomb (a tiny file claiming a huge canvas) is refused without
  allocating it; then the pixels are decoded once, so a truncated or corrupt file is refused
  too.
- **Cleaned**: the EXIF orientation is applied to the pixels, then the image is encoded anew
  from its pixels alone: no EXIF (GPS above all), XMP, IPTC or comments survive. The colour
  profile (ICC) is kept: it says how to show the colours, nothing about who took the photo.
- **Variants**: WebP and AVIF at the library's widths, never wider than the original.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from io import BytesIO

from PIL import Image, ImageOps, UnidentifiedImageError, features

from splash.media.vocabulary import VARIANT_WIDTHS, MediaFormat

PILLOW_FORMATS = {
    "JPEG": MediaFormat.JPEG,
    "PNG": MediaFormat.PNG,
    "WEBP": MediaFormat.WEBP,
    "AVIF": MediaFormat.AVIF,
}
SAVE_OPTIONS: dict[MediaFormat, dict[str, object]] = {
    MediaFormat.JPEG: {"quality": 88, "optimize": True},
    MediaFormat.PNG: {"optimize": True},
    MediaFormat.WEBP: {"quality": 82, "method": 4},
    MediaFormat.AVIF: {"quality": 60, "speed": 8},
}


class ImageRefused(ValueError):
    """The bytes are no image the library accepts; the message says why, for the uploader."""


@dataclass(frozen=True)
class Cleaned:
    """An image encoded anew without metadata, upright."""

    data: bytes
    format: MediaFormat
    width: int
    height: int


@dataclass(frozen=True)
class Variant:
    data: bytes
    format: MediaFormat
    width: int
    height: int


def avif_supported() -> bool:
    """Pillow ≥ 11.3's wheels read and write AVIF; a build without libavif does neither."""
    return bool(features.check("avif"))


def accepted_formats() -> tuple[MediaFormat, ...]:
    return tuple(f for f in MediaFormat if f is not MediaFormat.AVIF or avif_supported())


def _pillow_names() -> list[str]:
    return [name for name, found in PILLOW_FORMATS.items() if found in accepted_formats()]


def _open(data: bytes, max_pixels: int) -> Image.Image:
    """The image's header read (no pixels yet), refused unless an accepted format within
    ``max_pixels``."""
    if not data:
        raise ImageRefused("The file is empty")
    with warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        try:
            image = Image.open(BytesIO(data), formats=_pillow_names())
        except (Image.DecompressionBombError, Image.DecompressionBombWarning):
            raise ImageRefused("The image has too many pixels") from None
        except (UnidentifiedImageError, OSError, SyntaxError, ValueError):
            names = ", ".join(f.value.upper() for f in accepted_formats())
            raise ImageRefused(f"The file is not an image the library takes ({names})") from None
    width, height = image.size
    if width < 1 or height < 1 or width * height > max_pixels:
        image.close()
        raise ImageRefused(f"The image has too many pixels ({width} x {height})")
    return image


def check(data: bytes, max_pixels: int) -> tuple[MediaFormat, int, int]:
    """The image's format and size from its header, its pixels decoded once to prove them;
    ImageRefused otherwise."""
    image = _open(data, max_pixels)
    found = PILLOW_FORMATS[str(image.format)]
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image.load()
    except Exception:  # Pillow raises many kinds for broken data: each is a refusal here
        raise ImageRefused("The image is damaged and cannot be read") from None
    finally:
        image.close()
    return found, image.width, image.height


def _upright(image: Image.Image) -> Image.Image:
    """The pixels turned as the EXIF orientation says, in a mode every encoder takes, with
    every piece of metadata dropped but the colour profile."""
    profile = image.info.get("icc_profile")
    turned = ImageOps.exif_transpose(image)
    if turned.mode == "P":
        has_alpha = "transparency" in turned.info
        turned = turned.convert("RGBA" if has_alpha else "RGB")
    elif turned.mode not in ("RGB", "RGBA", "L"):
        turned = turned.convert("RGBA" if "A" in turned.mode else "RGB")
    clean = turned.copy()
    clean.info = {"icc_profile": profile} if profile else {}
    return clean


def _encode(image: Image.Image, wanted: MediaFormat) -> bytes:
    no_alpha = wanted is MediaFormat.JPEG and image.mode == "RGBA"
    no_grey = wanted in (MediaFormat.WEBP, MediaFormat.AVIF) and image.mode == "L"
    if no_alpha or no_grey:
        image = image.convert("RGB")
    out = BytesIO()
    options = dict(SAVE_OPTIONS[wanted])
    if image.info.get("icc_profile"):
        options["icc_profile"] = image.info["icc_profile"]
    image.save(out, format=wanted.value.upper(), **options)
    return out.getvalue()


def clean(data: bytes, max_pixels: int) -> Cleaned:
    """The upload checked (``check``), turned upright and encoded anew in its own format
    without metadata."""
    found, _, _ = check(data, max_pixels)
    with _open(data, max_pixels) as image:
        upright = _upright(image)
    return Cleaned(_encode(upright, found), found, upright.width, upright.height)


def widths_for(width: int) -> list[int]:
    """The variants' widths: the library's below the original's, and the original's own (at
    most the widest)."""
    return sorted({w for w in VARIANT_WIDTHS if w < width} | {min(width, VARIANT_WIDTHS[-1])})


def variants(original: bytes, formats: tuple[MediaFormat, ...]) -> list[Variant]:
    """Every width of ``widths_for`` in each of ``formats``, from a cleaned original."""
    with Image.open(BytesIO(original)) as opened:
        image = _upright(opened)
    made: list[Variant] = []
    for width in widths_for(image.width):
        height = max(1, round(image.height * width / image.width))
        scaled = (
            image
            if width == image.width
            else image.resize((width, height), Image.Resampling.LANCZOS)
        )
        scaled.info = dict(image.info)
        for wanted in formats:
            made.append(Variant(_encode(scaled, wanted), wanted, width, scaled.height))
    return made
