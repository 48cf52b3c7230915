"""Where the catalog shows the media library's images (for ``splash.media.usage``, plugged in
by splash.site.wiring): a product's images and the images in its descriptions."""

from __future__ import annotations

from collections.abc import Collection

from splash.catalog.models import Product, ProductText
from splash.media.services import Use, media_ids_in


async def find(media_ids: Collection[int]) -> list[Use]:
    wanted = set(media_ids)
    found: set[Use] = set()
    for row in await Product.all().values("id", "key", "images"):
        for media_id in media_ids_in(row["images"]) & wanted:
            found.add(Use(media_id, "product", row["id"], row["key"]))
    texts = await ProductText.all().values("product_id", "product__key", "locale", "description")
    for row in texts:
        for media_id in media_ids_in(row["description"]) & wanted:
            found.add(
                Use(media_id, "product", row["product_id"], row["product__key"], row["locale"])
            )
    return sorted(found, key=lambda u: (u.media_id, u.id, u.locale or ""))
