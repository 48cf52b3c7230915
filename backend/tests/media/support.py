"""The media tests' images, made with Pillow: a photo carrying GPS EXIF, XMP and a comment
(testkit.photos); each accepted format; a file claiming a huge canvas (a decompression bomb)."""

from __future__ import annotations

import struct
import zlib
from io import BytesIO

from PIL import Image

# The photos are the test kit's: the end-to-end photo test uploads the same.
from testkit.photos import SECRETS as SECRETS
from testkit.photos import XMP as XMP
from testkit.photos import photo_with_gps as photo_with_gps
from testkit.photos import picture


def encoded(format: str, width: int = 700, height: int = 500) -> bytes:
    out = BytesIO()
    mode = "RGBA" if format in ("PNG", "WEBP") else "RGB"
    picture(width, height, mode).save(out, format)
    return out.getvalue()


def png_claiming(width: int, height: int) -> bytes:
    """A tiny PNG whose header claims ``width`` x ``height`` pixels: decoding it would allocate
    them all."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"\x00" * 64))
        + chunk(b"IEND", b"")
    )


def metadata_of(data: bytes) -> dict[str, object]:
    """What an image file says about itself besides its pixels."""
    with Image.open(BytesIO(data)) as image:
        found: dict[str, object] = {
            key: value for key, value in image.info.items() if key not in ("icc_profile",)
        }
        exif = image.getexif()
        if len(exif):
            found["exif"] = dict(exif)
    return {
        key: value
        for key, value in found.items()
        if key in ("exif", "xmp", "XML:com.adobe.xmp", "comment", "gps")
    }


# One staff member per role and test (the conftest empties it before each test): a role's
# member exists once per database.
SESSIONS: dict[str, dict[str, str]] = {}


async def staff_headers(settings, role: str = "editor") -> dict[str, str]:
    from tests.studio.support import headers_of

    if role not in SESSIONS:
        SESSIONS[role] = await headers_of(settings, role)
    return SESSIONS[role]


def noise_png(side: int) -> bytes:
    """A PNG of random pixels: about three bytes a pixel bytes, as it barely compresses."""
    import os

    out = BytesIO()
    Image.frombytes("RGB", (side, side), os.urandom(3 * side * side)).save(out, "PNG")
    return out.getvalue()
