"""A visitor's own pages — cart, checkout, account, order and the payment return — carry
noindex and never appear in the sitemap (issue 13, point 8); public pages stay indexable."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from splash.site.web.head import PRIVATE_ROUTES, indexable
from testkit.factories import create_order

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
NOINDEX = '<meta name="robots" content="noindex">'


@pytest.mark.parametrize(
    ("host", "path"),
    [
        ("localhost:8000", "/winkelmand"),
        ("localhost:8000", "/afrekenen"),
        ("localhost:8000", "/mijn-splash"),
        ("en.localhost:8000", "/cart"),
        ("de.localhost:8000", "/kasse"),
        ("sv.localhost:8000", "/mitt-splash"),
        ("localhost:8000", "/order/{slug}"),
        ("fr.localhost:8000", "/order-payment?order={slug}"),
    ],
)
async def test_a_visitors_own_page_carries_noindex_and_no_canonical(client, published, host, path):
    # An order's pages are a 404 without an order (test_order_pages.py): they name a real one.
    order = await create_order(None, [("SPL-FS-BLUE-M", 1)], email="eva@example.com")

    response = await client.get(path.format(slug=order.slug), host=host)

    assert response.status == 200
    assert NOINDEX in response.text
    assert '<link rel="canonical"' not in response.text
    assert 'hreflang="' not in response.text


async def test_a_public_page_stays_indexable(client, published):
    response = await client.get("/contact", host="en.localhost:8000")

    assert response.status == 200
    assert NOINDEX not in response.text
    assert '<link rel="canonical" href="http://en.localhost:8000/contact">' in response.text


@pytest.mark.parametrize(
    ("host", "private"),
    [
        ("localhost:8000", ["/winkelmand", "/afrekenen", "/mijn-splash"]),
        ("en.localhost:8000", ["/cart", "/checkout", "/my-splash"]),
        ("es.localhost:8000", ["/carrito", "/finalizar-compra", "/mi-splash"]),
    ],
)
async def test_the_sitemap_leaves_out_cart_checkout_and_account(client, published, host, private):
    response = await client.get("/sitemap.xml", host=host)

    root = ET.fromstring(response.body)
    paths = {
        loc.text.split(host, 1)[1] or "/"
        for loc in root.findall("s:url/s:loc", NS)
        if loc.text is not None
    }
    assert paths and "/" in paths
    assert not paths & set(private)
    assert not any(path.startswith("/order") for path in paths)


def test_only_an_existing_public_page_is_indexable():
    assert indexable(200, "page")
    assert indexable(200, None)
    assert not indexable(404, "page")
    for name in ("cart", "checkout", "account", "order", "order-payment"):
        assert not indexable(200, name)
    assert {"cart", "checkout", "account", "order", "order-payment"} == PRIVATE_ROUTES
