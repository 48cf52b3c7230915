"""The studio's HTML shell (issue 27, point 1): on the default domain only, never indexed (meta
robots and X-Robots-Tag), not in the sitemap, disallowed in robots.txt, under the shop's CSP."""

from __future__ import annotations

import pytest

from tests.web.test_shell_nonce import script_sources


@pytest.mark.parametrize("path", ["/studio", "/studio/setup", "/studio/staff"])
async def test_the_studio_shell_is_served_and_never_indexed(client, published, path):
    response = await client.get(path)
    assert response.status == 200
    assert response.headers["x-robots-tag"] == "noindex, nofollow"
    assert response.headers["cache-control"] == "no-store"
    assert '<meta name="robots" content="noindex, nofollow">' in response.text
    assert '<script type="module" src="/assets/' in response.text
    assert 'id="splash-payload"' not in response.text  # the studio asks the API, not a payload


async def test_the_studio_shell_has_the_shops_policy(client, published):
    studio, shop = await client.get("/studio"), await client.get("/")
    assert script_sources(studio)[0] == "'self'"
    policy = {
        directive.split()[0]: directive.split()[1:]
        for directive in studio.headers["content-security-policy"].split(";")
        if directive.strip()
    }
    shop_policy = {
        directive.split()[0]: directive.split()[1:]
        for directive in shop.headers["content-security-policy"].split(";")
        if directive.strip()
    }
    assert policy.keys() == shop_policy.keys()
    assert policy["style-src"] == shop_policy["style-src"]
    assert policy["connect-src"] == shop_policy["connect-src"]


@pytest.mark.parametrize("host", ["en.localhost:8000", "de.localhost:8000"])
async def test_other_domains_have_no_studio(client, published, host):
    assert (await client.get("/studio", host=host)).status == 404
    assert (await client.get("/studio/setup", host=host)).status == 404


async def test_the_studio_is_disallowed_and_not_in_the_sitemap(client, published):
    robots = await client.get("/robots.txt")
    assert "Disallow: /studio\n" in robots.text
    for host in ("localhost:8000", "en.localhost:8000"):
        sitemap = await client.get("/sitemap.xml", host=host)
        assert b"/studio" not in sitemap.body
