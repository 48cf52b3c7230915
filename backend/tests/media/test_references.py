"""Which library items a piece of content shows (splash/media/references.py)."""

from splash.media.references import images_in, media_ids_in, placed_images

DOCUMENT = {
    "seoImage": {"src": "/media/library/7/photo.webp", "alt": ""},
    "blocks": [
        {"type": "intro"},
        {"type": "image", "image": {"src": "/media/own.webp", "alt": "", "media": 9}},
        {"type": "gallery", "images": [{"src": "/media/hand.webp", "alt": "Hand"}]},
    ],
}


def test_every_image_is_found_with_the_keys_and_indexes_that_lead_to_it():
    assert [path for path, _ in placed_images(DOCUMENT)] == [
        ("seoImage",),
        ("blocks", "1", "image"),
        ("blocks", "2", "images", "0"),
    ]
    assert [image["src"] for image in images_in(DOCUMENT)] == [
        "/media/library/7/photo.webp",
        "/media/own.webp",
        "/media/hand.webp",
    ]
    assert list(placed_images({"src": "/a.webp"})) == [((), {"src": "/a.webp"})]
    assert media_ids_in(DOCUMENT) == {7, 9}
