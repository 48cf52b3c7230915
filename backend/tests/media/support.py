"""The media tests' images, made here with Pillow: a photo carrying GPS EXIF, XMP and a
comment; each accepted format; a file claiming a huge canvas (a decompression bomb)."""

from __future__ import annotations

import struct
import zlib
from io import BytesIO

from PIL import Image, ImageDraw

XMP = (
    b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/'
    b'22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/">'
    b"<dc:creator>Anna Jansen</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>"
)
SECRETS = (b"Anna Jansen", b"Splash Camera", b"a secret comment", b"Exif\x00\x00")


def picture(width: int = 800, height: int = 600, mode: str = "RGB") -> Image.Image:
    """A red picture with a white square at its top left (to see which way is up)."""
    image = Image.new(mode, (width, height), (200, 30, 30) if mode.startswith("RGB") else 128)
    ImageDraw.Draw(image).rectangle((0, 0, width // 8, height // 8), fill="white")
    return image


def photo_with_gps(width: int = 800, height: int = 600, orientation: int = 1) -> bytes:
    """A JPEG as a phone writes it: maker, orientation and GPS position in its EXIF, an XMP
    packet naming who took it, and a comment."""
    exif = Image.Exif()
    exif[0x010F] = "Splash Camera"  # Make
    exif[0x0112] = orientation
    exif[0x8825] = {1: "N", 2: (52.0, 22.0, 1.5), 3: "E", 4: (4.0, 53.0, 2.25)}  # GPSInfo
    out = BytesIO()
    picture(width, height).save(
        out, "JPEG", exif=exif, xmp=XMP, comment=b"a secret comment", quality=90
    )
    return out.getvalue()


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
