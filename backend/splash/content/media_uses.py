"""Where content shows the media library's images (for ``splash.media.usage``, plugged in by
splash.site.wiring): a page's blocks and SEO image, an article's cover and body, in every
language, published or not (the studio's drafts have a finder of their own:
``splash.editing.media_uses``)."""

from __future__ import annotations

from collections.abc import Collection

from splash.content.models import Article, Page
from splash.media.services import Use, media_ids_in


async def find(media_ids: Collection[int]) -> list[Use]:
    wanted = set(media_ids)
    found: list[Use] = []
    pages = await Page.all().values("id", "locale_id", "title", "blocks", "seo_image")
    for row in pages:
        for media_id in media_ids_in([row["blocks"], row["seo_image"]]) & wanted:
            found.append(Use(media_id, "page", row["id"], row["title"], row["locale_id"]))
    articles = await Article.all().values("id", "locale_id", "title", "cover", "body")
    for row in articles:
        for media_id in media_ids_in([row["cover"], row["body"]]) & wanted:
            found.append(Use(media_id, "article", row["id"], row["title"], row["locale_id"]))
    return found
