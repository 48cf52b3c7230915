"""Photos made with Pillow for the tests: a picture that shows which way is up, and a JPEG as a
phone writes it (GPS position, maker and orientation in its EXIF, an XMP packet naming who
took it, a comment). The media tests and the studio's end-to-end photo test
(frontend/tests/e2e/studio-photo.spec.ts) upload it; nothing of ``SECRETS`` may survive."""

from __future__ import annotations

from io import BytesIO

from PIL import Image, ImageDraw

XMP = (
    b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/'
    b'22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/">'
    b"<dc:creator>Anna Jansen</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>"
)
SECRETS = (b"Anna Jansen", b"Splash Camera", b"a secret comment", b"Exif\x00\x00")
GPS_INFO = 0x8825


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
    exif[GPS_INFO] = {1: "N", 2: (52.0, 22.0, 1.5), 3: "E", 4: (4.0, 53.0, 2.25)}
    out = BytesIO()
    picture(width, height).save(
        out, "JPEG", exif=exif, xmp=XMP, comment=b"a secret comment", quality=90
    )
    return out.getvalue()
