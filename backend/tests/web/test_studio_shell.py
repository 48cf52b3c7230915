"""The studio's HTML shell (issue 27, point 1): on the default domain only, never indexed (meta
robots and X-Robots-Tag), not in the sitemap, disallowed in robots.txt, under the shop's CSP."""

from __future__ import annotations

import pytest


def policy(response) -> dict[str, list[str]]:
    """The Content-Security-Policy by directive, nonces left out (each response has its own)."""
    found = {}
    for directive in response.headers["content-security-policy"].split(";"):
        name, *sources = directive.split()
        found[name] = [source for source in sources if not source.startswith("'nonce-")]
    return found


@pytest.mark.parametrize("path", ["/studio", "/studio/setup", "/studio/staff"])
async def test_the_studio_shell_is_served_and_never_indexed(client, published, path):
    response = await client.get(path)
    assert response.status == 200
    assert response.headers["x-robots-tag"] == "noindex, nofollow"
    assert response.headers["cache-control"] == "no-store"
    assert '<meta name="robots" content="noindex, nofollow">' in response.text
    assert '<script type="module" src="/assets/studio-' in response.text  # its own build
    assert 'id="splash-payload"' not in response.text  # the studio asks the API, not a payload


async def test_a_shop_page_names_nothing_of_the_studios_build(client, published):
    studio, shop = (await client.get("/studio")).text, (await client.get("/")).text
    studio_script = studio.split('<script type="module" src="', 1)[1].split('"', 1)[0]
    assert studio_script.startswith("/assets/studio-")
    assert "/assets/studio-" not in shop
    assert "/assets/entry-client-" in shop


async def test_the_studio_shell_has_the_shops_policy(client, published):
    studio, shop = await client.get("/studio"), await client.get("/")
    assert policy(studio) == policy(shop)
    assert policy(studio)["script-src"] == ["'self'"]


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
