"""A lesson's poster from an uploaded image: read by its content, upright, fitted, WebP, with no
metadata left; anything else, or a decompression bomb, refused naming the body."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from splash.academy.poster_images import poster_from
from splash.core.errors import ValidationError

GPS = 0x8825
ORIENTATION = 0x0112


def _jpeg(size: tuple[int, int], orientation: int = 1) -> bytes:
    exif = Image.Exif()
    exif[ORIENTATION] = orientation
    exif[0x010F] = "Splash Camera"  # Make
    exif.get_ifd(GPS).update({1: "N", 2: (52.0, 22.0, 1.0), 3: "E", 4: (4.0, 53.0, 2.0)})
    out = io.BytesIO()
    Image.new("RGB", size, (0, 120, 200)).save(out, "JPEG", exif=exif, comment=b"zwembad")
    return out.getvalue()


def test_a_photo_with_gps_becomes_a_webp_without_any_metadata():
    body = _jpeg((2400, 1600))
    assert Image.open(io.BytesIO(body)).getexif().get_ifd(GPS)  # the source has GPS

    poster = poster_from(body)

    image = Image.open(io.BytesIO(poster.webp))
    assert (image.format, image.size) == ("WEBP", (1620, 1080))
    assert (poster.width, poster.height) == (1620, 1080)
    assert dict(image.getexif()) == {}
    assert not {"exif", "xmp", "icc_profile", "comment"} & set(image.info)
    assert b"Splash Camera" not in poster.webp and b"Exif" not in poster.webp


def test_a_turned_photo_is_stood_upright():
    poster = poster_from(_jpeg((400, 300), orientation=6))  # taken with the phone on its side

    assert (poster.width, poster.height) == (300, 400)


def test_a_small_png_keeps_its_size():
    out = io.BytesIO()
    Image.new("RGBA", (640, 360), (255, 0, 0, 128)).save(out, "PNG")

    poster = poster_from(out.getvalue())

    assert (poster.width, poster.height) == (640, 360)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (b"%PDF-1.7 not a picture at all", "Send a JPEG, PNG or WebP image"),
        (b"GIF89a" + b"\x00" * 64, "Send a JPEG, PNG or WebP image"),
        (_jpeg((64, 64))[:200], "The image is damaged"),
    ],
)
def test_what_is_no_allowed_image_is_refused_naming_the_body(body, message):
    with pytest.raises(ValidationError) as raised:
        poster_from(body)

    assert raised.value.details["errors"][0]["path"] == ["body"]
    assert raised.value.message == message


def test_a_decompression_bomb_is_refused_before_it_is_decoded():
    out = io.BytesIO()
    Image.new("1", (7_000, 7_000)).save(out, "PNG")  # 49 million pixels in a few kilobytes
    assert len(out.getvalue()) < 100_000

    with pytest.raises(ValidationError) as raised:
        poster_from(out.getvalue())

    assert raised.value.message == "The image has more than 40000000 pixels"
