"""Which library items a piece of content shows (pure): an image anywhere in a block, a rich
text, an article's cover or a product's images is a mapping with a ``src``; it refers to the
library by its ``media`` id, or (an image placed before ids were kept) by a ``src`` in the
library's own folders, ``…/library/<id>/…``."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

LIBRARY_SRC = re.compile(r"/library/(\d{1,12})/")


def media_id_of_src(src: str) -> int | None:
    found = LIBRARY_SRC.search(src)
    return int(found.group(1)) if found else None


def placed_images(
    value: Any, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every image (a mapping with a text ``src``) anywhere in ``value`` with the keys and
    indexes that lead to it (``("blocks", "2", "image")``), depth first."""
    if isinstance(value, dict):
        if isinstance(value.get("src"), str):
            yield path, value
        for name, inner in value.items():
            yield from placed_images(inner, (*path, str(name)))
    elif isinstance(value, list | tuple):
        for index, inner in enumerate(value):
            yield from placed_images(inner, (*path, str(index)))


def images_in(value: Any) -> Iterator[dict[str, Any]]:
    """Every image (a mapping with a text ``src``) anywhere in ``value``, depth first."""
    return (image for _, image in placed_images(value))


def media_id_of(image: dict[str, Any]) -> int | None:
    """The library item an image shows: its ``media`` id, else the id in its ``src``."""
    media = image.get("media")
    if isinstance(media, int) and not isinstance(media, bool) and media > 0:
        return media
    return media_id_of_src(image["src"])


def media_ids_in(value: Any) -> set[int]:
    return {found for image in images_in(value) if (found := media_id_of(image)) is not None}
