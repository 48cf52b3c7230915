"""Alt text before publishing (splash/content/image_alts.py): the hand-placed images' own."""

from splash.content.image_alts import empty_alts


def test_only_hand_placed_images_without_alt_text_are_named_by_their_path():
    document = {
        "seoImage": {"src": "/media/library/7/photo.webp", "alt": ""},  # the library's alt
        "blocks": [
            {"type": "image", "image": {"src": "/media/own.webp", "alt": ""}},
            {"type": "image", "image": {"src": "/media/other.webp", "alt": "Een kind"}},
            {"type": "image", "image": {"src": "/media/x.webp", "alt": "", "media": 4}},
        ],
    }

    assert empty_alts(document) == ["blocks.0.image.alt"]
    assert empty_alts({"src": "/media/own.webp", "alt": ""}) == ["alt"]
