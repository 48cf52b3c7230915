"""Content's page lookups (splash/content/services.py) in a read_once block, as publishing
makes them: the page tree read once, each locale's pages once, the answers those of the pages
looked up alone."""

from __future__ import annotations

from splash.content import services as content
from splash.core import db
from splash.core.route_table import RouteTable
from tests.content.support import as_they_are
from tests.support import counting_statements


async def test_in_a_read_once_block_pages_read_the_tree_once_and_each_locales_pages_once(
    seeded, settings
):
    table = RouteTable.load(settings.routes_file)
    asked = [
        (locale, path)
        for locale in table.locales
        for path in await content.published_page_paths(locale)
    ]
    asked.append(("nl", "/bestaat-niet"))
    live = [await content.find_page(locale, path, table, as_they_are) for locale, path in asked]

    with counting_statements() as statements:
        async with db.read_once():
            once = [
                await content.find_page(locale, path, table, as_they_are) for locale, path in asked
            ]

    assert once == live
    assert all(live[:-1]) and live[-1] is None
    assert {page["locale"] for page in live if page} == set(table.locales)
    page_reads = [statement for statement in statements.seen if 'FROM "page"' in statement]
    assert len(page_reads) == 1 + len(table.locales)  # the tree, each locale's pages
