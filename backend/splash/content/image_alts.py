"""Alt text before publishing: an image placed by hand (a ``src`` of the site's own) needs its
alt text in the entry itself; an image from the media library (a ``media`` id, or a ``src``
in the library's folders) has its alt text per language in the library, which publishing
fills in, so it needs one there in the entry's language."""

from __future__ import annotations

from typing import Any

from splash.core.errors import ValidationError, field_error
from splash.media import services as media


def _alt_path(path: tuple[str, ...]) -> str:
    return ".".join((*path, "alt"))


def empty_alts(document: Any) -> list[str]:
    """The paths of the hand-placed images whose alt text is empty (required to publish)."""
    return [
        _alt_path(path)
        for path, image in media.placed_images(document)
        if image.get("alt") == "" and media.media_id_of(image) is None
    ]


async def check_library_alts(document: Any, locale: str) -> None:
    """A 400 naming each library image of ``document`` without alt text in ``locale``."""
    placed = [(path, media.media_id_of(image)) for path, image in media.placed_images(document)]
    library = [(path, found) for path, found in placed if found is not None]
    if not library:
        return
    lacking = {item.media_id for item in await media.missing_alt([m for _, m in library], locale)}
    paths = [_alt_path(path) for path, found in library if found in lacking]
    if paths:
        message = f"Give the image an alt text in {locale} in the media library first"
        errors = [field_error(path.split("."), message) for path in paths]
        summary = f"Alt text missing in {locale}: {', '.join(paths)}"
        raise ValidationError(summary, {"errors": errors})
