"""The served HTML of a private route holds nothing of its secret (issue 23, point 12): no
canonical, og:url, alternate, title or payload carries the order's slug or a URL's query, so
neither the tag manager (which reads the document) nor a search engine finds it. The SPA's
own pushes are tested in frontend/src/app/tracking.test.tsx."""

from __future__ import annotations

import pytest

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
    response = await client.get(url, host=host)

    assert response.status == 200
    assert SECRET not in response.text
    assert "utm_source" not in response.text
