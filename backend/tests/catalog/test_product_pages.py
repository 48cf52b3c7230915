"""The product pages' reads (splash/catalog/product_pages.py)."""

from splash.catalog import product_pages
from splash.catalog.models import ProductText
from splash.core import db
from splash.core.route_table import RouteTable
from tests.support import counting_statements


async def test_in_a_read_once_block_every_product_page_comes_from_two_statements(seeded, settings):
    table = RouteTable.load(settings.routes_file)
    named = [(text.locale, text.slug) for text in await ProductText.all().order_by("id")]
    named.append(("nl", "no-such-product"))
    live = [await product_pages.product_at(locale, slug, table) for locale, slug in named]

    with counting_statements() as statements:
        async with db.read_once():
            once = [await product_pages.product_at(locale, slug, table) for locale, slug in named]

    assert once == live
    assert all(live[:-1]) and live[-1] is None
    assert len(statements) == 2  # the texts with their products, the variants
