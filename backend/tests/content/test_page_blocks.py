"""What a page's blocks need to render (splash/content/page_blocks.py): each part read once for
all the blocks of the pages asked, the other domains' parts from the filler handed in."""

from __future__ import annotations

from typing import Any

from splash.content.models import Page
from splash.content.page_blocks import blocks_of
from splash.core.route_table import RouteTable
from tests.content.support import as_they_are
from tests.support import counting_statements


def article_lists(pages: list[list[dict[str, Any]]]) -> list[dict[str, Any]]:
    return [
        block
        for blocks in pages
        for block in blocks
        if block["type"] == "collection-list" and block["collection"] == "article"
    ]


async def test_the_article_lists_and_categories_of_many_pages_are_read_once(seeded, settings):
    table = RouteTable.load(settings.routes_file)
    pages = await Page.filter(locale_id="nl", published=True).order_by("id")

    with counting_statements() as statements:
        filled = await blocks_of(pages, table, as_they_are)

    assert len(statements) == 2  # the articles (one category: any), the categories
    assert [len(blocks) for blocks in filled] == [len(page.blocks) for page in pages]
    short, long = sorted(article_lists(filled), key=lambda block: block["limit"])
    assert (short["limit"], long["limit"]) == (3, 6)
    assert short["entries"] == long["entries"][:3]
    assert (short["pagination"]["pageSize"], long["pagination"]["pageSize"]) == (3, 6)
    assert short["pagination"]["total"] == long["pagination"]["total"] == len(long["entries"])
    [bar] = [block for blocks in filled for block in blocks if block["type"] == "filter-bar"]
    assert bar["categories"]


async def test_the_filler_gets_every_block_once_for_all_pages(seeded, settings):
    table = RouteTable.load(settings.routes_file)
    pages = await Page.filter(locale_id="en", published=True).order_by("id")
    calls: list[tuple[int, str]] = []

    async def counting(blocks, locale, table):
        calls.append((len(blocks), locale))
        return [{**block, "filled": True} for block in blocks]

    filled = await blocks_of(pages, table, counting)

    assert calls == [(sum(len(blocks) for blocks in filled), "en")]
    assert all(block["filled"] for blocks in filled for block in blocks)
