"""What a page's blocks need to render: content's own parts (a list's first articles, the
filter bar's categories) here, the parts other domains own from the app layer's filler (a
form's fields, product cards, courses: web/compose.py), so content imports none of them. Each
part is read once for all the blocks of the pages asked (of one locale), not once per block.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

from splash.content import blog
from splash.content.blocks import readable_blocks
from splash.content.models import Page
from splash.core.route_table import RouteTable
from splash.shared.collections import CollectionQuery, pagination_meta

log = logging.getLogger(__name__)

# Fills the parts of blocks (all of one locale) that other domains own.
BlockFiller = Callable[[list[dict[str, Any]], str, RouteTable], Awaitable[list[dict[str, Any]]]]


async def blocks_of(
    pages: list[Page], table: RouteTable, fill: BlockFiller
) -> list[list[dict[str, Any]]]:
    """Each page's readable blocks, each with what it needs to render: content's own parts
    here, the other domains' from ``fill``, each read once for all the pages (of one locale)."""
    readable: list[list[dict[str, Any]]] = []
    for page in pages:
        blocks, skipped = readable_blocks(page.blocks)
        for reason in skipped:
            log.warning("skipped block", extra={"page": page.id, "reason": reason})
        readable.append(blocks)
    every = [block for blocks in readable for block in blocks]
    if not every:
        return readable
    locale = pages[0].locale_id
    filled = iter(await fill(await _own_parts(every, locale, table), locale, table))
    return [[next(filled) for _ in blocks] for blocks in readable]


def _article_list(block: dict[str, Any]) -> bool:
    return block["type"] == "collection-list" and block["collection"] == "article"


async def _own_parts(
    blocks: list[dict[str, Any]], locale: str, table: RouteTable
) -> list[dict[str, Any]]:
    """The blocks with content's own parts: a list's first articles (one query per category
    that lists show, as many as the longest list), the filter bar's categories."""
    longest: dict[str | None, int] = {}
    for block in filter(_article_list, blocks):
        category = block.get("category") or None
        longest[category] = max(longest.get(category, 0), block.get("limit", 6))
    articles = {
        category: (
            await blog.find_articles(
                locale,
                CollectionQuery(
                    page_size=limit,
                    lookups={"category__slug": category} if category else {},
                    order_by=("-published_at",),
                ),
                table,
            )
        ).model_dump(mode="json", exclude_unset=True)
        for category, limit in longest.items()
    }
    wanted = any(block["type"] == "filter-bar" for block in blocks)
    categories = [c.model_dump() for c in await blog.categories(locale)] if wanted else []
    return [_own_part(block, articles, categories) for block in blocks]


def _own_part(
    block: dict[str, Any],
    articles: dict[str | None, dict[str, Any]],
    categories: list[dict[str, str]],
) -> dict[str, Any]:
    if _article_list(block):
        found, limit = articles[block.get("category") or None], block.get("limit", 6)
        total = found["meta"]["pagination"]["total"]
        meta = pagination_meta(CollectionQuery(page_size=limit), total)
        return {**block, "entries": found["data"][:limit], "pagination": meta["pagination"]}
    if block["type"] == "filter-bar":
        return {**block, "categories": categories}
    return block
