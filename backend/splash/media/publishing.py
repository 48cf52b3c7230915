"""What a published page shows of the library: each image that refers to a library item (its
``media`` id, or a ``src`` in the library's folders) gets the item's current file — so a
replaced image shows on every page published after the replacement — its intrinsic size, its
alt text in the page's language when the block has none, and its responsive variants: a
``srcset`` of the WebP variants with ``sizes`` on the image itself, and ``sources`` (AVIF, then
WebP) for a ``<picture>``. Read in one statement for all the blocks asked."""

from __future__ import annotations

from typing import Any

from splash.media.models import MediaItem
from splash.media.references import media_id_of, media_ids_in
from splash.media.vocabulary import VARIANT_FORMATS, MediaFormat

# The width an image takes: the whole viewport on a phone, at most the page's content width.
SIZES = "(min-width: 1280px) 1280px, 100vw"
TYPES = {MediaFormat.AVIF: "image/avif", MediaFormat.WEBP: "image/webp"}


def srcset(item: MediaItem, wanted: MediaFormat) -> str:
    found = sorted((v for v in item.variants if v["format"] == wanted), key=lambda v: v["width"])
    return ", ".join(f"{v['url']} {v['width']}w" for v in found)


def image_of(image: dict[str, Any], item: MediaItem, locale: str) -> dict[str, Any]:
    """``image`` showing ``item``'s current file, with its size, alt text and variants."""
    filled = {
        **image,
        "media": item.id,
        "src": item.url,
        "width": item.width,
        "height": item.height,
        "alt": image.get("alt") or item.alt.get(locale, ""),
    }
    sources = [
        {"type": TYPES[f], "srcset": found} for f in VARIANT_FORMATS if (found := srcset(item, f))
    ]
    if sources:
        filled["srcset"] = srcset(item, MediaFormat.WEBP) or sources[0]["srcset"]
        filled["sizes"] = SIZES
        filled["sources"] = sources
    return filled


def _filled(value: Any, items: dict[int, MediaItem], locale: str) -> Any:
    if isinstance(value, dict):
        inner = {key: _filled(v, items, locale) for key, v in value.items()}
        if isinstance(value.get("src"), str):
            found = items.get(media_id_of(value) or 0)
            return image_of(inner, found, locale) if found else inner
        return inner
    if isinstance(value, list):
        return [_filled(v, items, locale) for v in value]
    return value


async def library_images(blocks: list[Any], locale: str) -> list[Any]:
    """``blocks`` (of one locale: a page's blocks, an article's cover and body) with every
    library image filled in; the others as they are."""
    wanted = media_ids_in(blocks)
    if not wanted:
        return blocks
    items = {row.id: row for row in await MediaItem.filter(id__in=wanted)}
    return [_filled(block, items, locale) for block in blocks]
