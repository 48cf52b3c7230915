"""Where drafts show the media library's images (a finder for ``splash.media.usage``, plugged in
by splash.site.wiring): a draft with changes not yet published uses the images in its
document, so an image placed only in a draft cannot be deleted from under it. A draft that is
what was published adds nothing: its collection's own finder names the live row."""

from __future__ import annotations

from collections.abc import Collection

from splash.editing.models import Draft
from splash.media.services import Use, media_ids_in


async def find(media_ids: Collection[int]) -> list[Use]:
    wanted = set(media_ids)
    found: list[Use] = []
    rows = await Draft.all().values(
        "id", "collection", "key", "locale", "document", "revision", "published_revision"
    )
    for row in rows:
        if row["revision"] == row["published_revision"]:
            continue
        title = f"{row['collection']} {row['key']}"
        locale = row["locale"] or None
        for media_id in media_ids_in(row["document"]) & wanted:
            found.append(Use(media_id, "draft", row["id"], title, locale))
    return found
