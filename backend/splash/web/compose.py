"""The parts of content blocks that other domains own, filled in by the app layer.

Content stores a page's blocks and fills what it owns itself (article lists, blog categories);
a form's fields come from forms, product cards from catalog, and course and level cards and the
academy's figures from academy. Content never imports those
domains: whoever asks for a page hands it :func:`fill_block` (web's payloads here, the content
API through ``app.ctx.fill_block``).
"""

from __future__ import annotations

from typing import Any

from splash.academy import services as academy
from splash.catalog import services as catalog
from splash.forms import services as forms
from splash.route_table import RouteTable


async def fill_block(block: dict[str, Any], locale: str, table: RouteTable) -> dict[str, Any]:
    """``block`` with what forms or catalog contribute to it; any other block as it is."""
    if block["type"] == "form":
        return {**block, "fields": forms.public_fields(block["form"])}
    if block["type"] == "collection-list" and block["collection"] == "product":
        found = await catalog.product_cards(locale, table, block.get("limit", 6))
        return {**block, "entries": found["data"], "pagination": found["meta"]["pagination"]}
    if block["type"] == "product-item":
        return {**block, "entry": await catalog.product_card(locale, block["product"], table)}
    if block["type"] == "academy-item":
        return {**block, "entry": await academy.course_card(block["course"], locale, table)}
    if block["type"] == "child-courses":
        return {**block, "entries": await academy.level_cards(locale, table, block.get("course"))}
    if block["type"] == "academy-intro":
        return {**block, "stats": await academy.stats()}
    return block
