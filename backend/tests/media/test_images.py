"""The pure image rules: accepted by content only, bombs refused before decoding, metadata
gone and orientation applied, variants never wider than the original."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image

from splash.media import images
from splash.media.vocabulary import MediaFormat
from tests.media.support import SECRETS, encoded, metadata_of, photo_with_gps, png_claiming

MAX_PIXELS = 50_000_000


@pytest.mark.parametrize(
    ("pillow", "expected"),
    [("JPEG", MediaFormat.JPEG), ("PNG", MediaFormat.PNG), ("WEBP", MediaFormat.WEBP),
     ("AVIF", MediaFormat.AVIF)],
)  # fmt: skip
def test_each_accepted_format_is_known_by_its_content(pillow, expected):
    assert images.check(encoded(pillow), MAX_PIXELS) == (expected, 700, 500)


def test_pillow_reads_and_writes_avif():
    assert images.avif_supported() is True
    assert images.accepted_formats() == tuple(MediaFormat)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n", "not an image the library takes"),
        (b"GIF89a" + encoded("GIF")[6:], "not an image the library takes"),
        (b"", "The file is empty"),
        (photo_with_gps()[: len(photo_with_gps()) // 2], "damaged"),
    ],
    ids=["pdf", "gif", "empty", "truncated"],
)
def test_what_is_no_accepted_image_is_refused(data, message):
    with pytest.raises(images.ImageRefused, match=message):
        images.check(data, MAX_PIXELS)


@pytest.mark.parametrize(
    "size", [(60_000, 60_000), (9_000, 9_000)], ids=["past-pillows-own-limit", "past-ours"]
)
def test_a_decompression_bomb_is_refused_from_its_header(size):
    bomb = png_claiming(*size)
    assert len(bomb) < 200

    with pytest.raises(images.ImageRefused, match="too many pixels"):
        images.check(bomb, MAX_PIXELS)


def test_cleaning_drops_exif_gps_xmp_and_the_comment():
    photo = photo_with_gps()
    assert set(metadata_of(photo)) >= {"exif", "xmp", "comment"}  # the test photo carries them

    cleaned = images.clean(photo, MAX_PIXELS)

    assert (cleaned.format, cleaned.width, cleaned.height) == (MediaFormat.JPEG, 800, 600)
    assert metadata_of(cleaned.data) == {}
    assert not [secret for secret in SECRETS if secret in cleaned.data]


def test_cleaning_turns_the_photo_as_its_orientation_says():
    turned = images.clean(photo_with_gps(200, 100, orientation=6), MAX_PIXELS)  # 90° clockwise

    assert (turned.width, turned.height) == (100, 200)
    with Image.open(BytesIO(turned.data)) as image:
        assert image.getpixel((95, 5))[0] > 240  # the white corner is now at the top right
        assert image.getpixel((5, 5))[1] < 80


@pytest.mark.parametrize(
    ("width", "expected"),
    [(200, [200]), (320, [320]), (700, [320, 640, 700]), (1920, [320, 640, 960, 1280, 1920]),
     (4000, [320, 640, 960, 1280, 1920])],
)  # fmt: skip
def test_variant_widths_never_pass_the_original(width, expected):
    assert images.widths_for(width) == expected


def test_variants_in_each_format_without_metadata():
    original = images.clean(photo_with_gps(700, 500), MAX_PIXELS).data

    made = images.variants(original, (MediaFormat.AVIF, MediaFormat.WEBP))

    assert [(v.format, v.width, v.height) for v in made] == [
        (MediaFormat.AVIF, 320, 229), (MediaFormat.WEBP, 320, 229),
        (MediaFormat.AVIF, 640, 457), (MediaFormat.WEBP, 640, 457),
        (MediaFormat.AVIF, 700, 500), (MediaFormat.WEBP, 700, 500),
    ]  # fmt: skip
    for variant in made:
        with Image.open(BytesIO(variant.data)) as image:
            assert (image.format, image.size) == (
                variant.format.value.upper(),
                (variant.width, variant.height),
            )
        assert metadata_of(variant.data) == {}
