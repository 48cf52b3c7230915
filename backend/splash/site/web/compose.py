"""The parts of content blocks that other domains own, filled in by the app layer.

Content stores a page's blocks and fills what it owns itself (article lists, blog categories);
a form's fields come from forms, product cards from catalog, and course and level cards and the
academy's figures from academy. Content never imports those
domains: whoever asks for pages hands it :func:`fill_blocks` (web's payloads here, the content
API through ``app.ctx.fill_blocks``), which reads each domain's part once for all the blocks.
"""

from __future__ import annotations

from typing import Any

from splash.academy import services as academy
from splash.catalog import services as catalog
from splash.core.route_table import RouteTable
from splash.forms import services as forms
from splash.media import publishing as media

ACADEMY_BLOCKS = frozenset({"academy-item", "child-courses", "academy-intro"})


def _product_list(block: dict[str, Any]) -> bool:
    return block["type"] == "collection-list" and block["collection"] == "product"


async def fill_blocks(
    blocks: list[dict[str, Any]], locale: str, table: RouteTable
) -> list[dict[str, Any]]:
    """``blocks`` (of one locale) with what forms, catalog or academy contribute to them; any
    other block as it is."""
    first = max((block.get("limit", 6) for block in blocks if _product_list(block)), default=0)
    keys = [block["product"] for block in blocks if block["type"] == "product-item"]
    cards = await catalog.block_cards(locale, table, first, keys) if first or keys else None
    wanted = any(block["type"] in ACADEMY_BLOCKS for block in blocks)
    courses = await academy.published_courses(locale, table) if wanted else None
    filled = [_filled(block, cards, courses) for block in blocks]
    return await media.library_images(filled, locale)  # srcset, size and alt from the library


def _filled(
    block: dict[str, Any],
    cards: catalog.BlockCards | None,
    courses: academy.PublishedCourses | None,
) -> dict[str, Any]:
    if block["type"] == "form":
        return {**block, "fields": forms.public_fields(block["form"])}
    if cards is not None and _product_list(block):
        found = cards.first_page(block.get("limit", 6))
        return {**block, "entries": found["data"], "pagination": found["meta"]["pagination"]}
    if cards is not None and block["type"] == "product-item":
        return {**block, "entry": cards.by_key.get(block["product"])}
    if courses is not None and block["type"] == "academy-item":
        return {**block, "entry": courses.course_card(block["course"])}
    if courses is not None and block["type"] == "child-courses":
        return {**block, "entries": courses.level_cards(block.get("course"))}
    if courses is not None and block["type"] == "academy-intro":
        return {**block, "stats": courses.stats()}
    return block


async def fill_article(article: dict[str, Any], locale: str) -> dict[str, Any]:
    """An article's cover and the images of its body from the media library (current file,
    size, variants); its SEO image as it is stored (a head tag needs no variants)."""
    cover, body = await media.library_images([article.get("cover"), article["body"]], locale)
    return {**article, "cover": cover, "body": body}
