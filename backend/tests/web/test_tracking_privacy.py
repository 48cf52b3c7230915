"""The served HTML of a private route holds nothing of its secret (issue 23, point 12): no
canonical, og:url, alternate, title or payload carries the order's slug or a URL's query, so
neither the tag manager (which reads the document) nor a search engine finds it. The SPA's
own pushes are tested in frontend/src/app/tracking.test.tsx."""

from __future__ import annotations

import pytest

from splash.orders.models import Order
from testkit.factories import create_order

SECRET = "Zq9SecretSlugXy7Wv3Ab5Cd1Ef8Gh2Ij4Kl6Mn0Op"


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("localhost:8000", f"/order/{SECRET}"),
        ("en.localhost:8000", f"/order/{SECRET}?utm_source=mail"),
        ("fr.localhost:8000", f"/order-payment?order={SECRET}"),
        ("localhost:8000", f"/reset?code={SECRET}"),
        ("de.localhost:8000", f"/email-confirmed?status=confirmed&code={SECRET}"),
    ],
)
async def test_a_private_routes_shell_holds_nothing_of_its_path_or_query(
    client, published, host, url
):
    # An order's pages are a 404 without an order (issue 24, point 21): SECRET names one.
    order = await create_order(None, [("SPL-FS-BLUE-M", 1)], email="eva@example.com")
    await Order.filter(id=order.id).update(slug=SECRET)

    response = await client.get(url, host=host)

    assert response.status == 200
    assert SECRET not in response.text
    assert "utm_source" not in response.text


@pytest.mark.parametrize(
    ("host", "url"),
    [
        ("localhost:8000", f"/order/{SECRET}?utm_source=mail"),
        ("fr.localhost:8000", f"/order-payment?order={SECRET}&utm_source=mail"),
    ],
)
async def test_the_404_of_an_unknown_order_holds_nothing_of_its_path_or_query(
    client, published, host, url
):
    response = await client.get(url, host=host)

    assert response.status == 404
    assert SECRET not in response.text
    assert "utm_source" not in response.text
