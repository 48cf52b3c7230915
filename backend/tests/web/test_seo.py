"""Published articles, sitemap.xml per domain, robots.txt and root locale detection."""

import re
import xml.etree.ElementTree as ET

NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}


async def test_articles_are_published_at_their_locales_blog_path(client, published):
    dutch = await client.get("/blog/de-eerste-zwemles")
    assert dutch.status == 200
    assert (
        '<link rel="alternate" hreflang="sv" href="http://sv.localhost:8000/blogg/den-forsta-simlektionen">'
        in dutch.text
    )
    assert (
        '<meta property="og:image" content="http://localhost:8000/media/blog/first-swimming-lesson.webp">'
        in dutch.text
    )
    assert '<meta property="og:type" content="article">' in dutch.text
    swedish = await client.get("/blogg/den-forsta-simlektionen", host="sv.localhost:8000")
    assert swedish.status == 200
    assert (
        await client.get("/blog/den-forsta-simlektionen", host="sv.localhost:8000")
    ).status == 404
    assert (await client.get("/blog/bestaat-niet")).status == 404


async def test_sitemap_lists_the_domains_pages_and_articles_with_alternates(client, published):
    response = await client.get("/sitemap.xml", host="en.localhost:8000")
    assert response.status == 200
    assert response.headers["content-type"] == "application/xml; charset=utf-8"
    root = ET.fromstring(response.body)
    urls = {url.find("s:loc", NS).text: url for url in root.findall("s:url", NS)}
    assert "http://en.localhost:8000/" in urls
    assert "http://en.localhost:8000/contact" in urls
    assert "http://en.localhost:8000/blog/choosing-the-right-size" in urls
    assert all(loc.startswith("http://en.localhost:8000/") for loc in urls)
    links = {
        link.get("hreflang"): link.get("href")
        for link in urls["http://en.localhost:8000/contact"].findall("x:link", NS)
    }
    assert links["de"] == "http://de.localhost:8000/kontakt"
    assert links["x-default"] == "http://localhost:8000/contact"
    assert len(links) == 7


async def test_sitemap_is_never_the_spa_and_follows_the_domain(client, published):
    swedish = await client.get("/sitemap.xml", host="sv.localhost:8000")
    assert b"<html" not in swedish.body
    assert b"http://sv.localhost:8000/blogg/" in swedish.body


async def test_robots_points_to_the_domains_sitemap(client, database):
    response = await client.get("/robots.txt", host="de.localhost:8000")
    assert response.status == 200
    assert response.headers["content-type"].startswith("text/plain")
    assert "Sitemap: http://de.localhost:8000/sitemap.xml" in response.text
    assert "Disallow: /api/" in response.text


async def test_the_root_follows_the_browsers_language_once(client, published):
    response = await client.get(
        "/", headers={"accept-language": "de-DE,de;q=0.9"}, follow_redirects=False
    )
    assert response.status == 302
    assert response.headers["location"] == "http://de.localhost:8000/"


async def test_deep_links_and_crawlers_are_never_redirected(client, published):
    deep = await client.get("/contact", headers={"accept-language": "de"}, follow_redirects=False)
    assert deep.status == 200
    bot = await client.get(
        "/",
        headers={"accept-language": "de", "user-agent": "Googlebot/2.1"},
        follow_redirects=False,
    )
    assert bot.status == 200


async def test_the_stored_choice_wins_and_the_switcher_link_stores_it(client, published):
    chosen = await client.get(
        "/?locale=nl", headers={"accept-language": "de"}, follow_redirects=False
    )
    assert chosen.status == 302
    assert chosen.headers["location"] == "/"
    cookie = chosen.headers["set-cookie"]
    assert re.search(r"locale=nl;", cookie) and "Max-Age=31536000" in cookie
    stays = await client.get(
        "/", headers={"accept-language": "de", "cookie": "locale=nl"}, follow_redirects=False
    )
    assert stays.status == 200
    elsewhere = await client.get("/", headers={"cookie": "locale=sv"}, follow_redirects=False)
    assert elsewhere.headers["location"] == "http://sv.localhost:8000/"


async def test_a_content_page_under_a_collections_prefix_is_published(client, published):
    response = await client.get("/academy/zo-werkt-het")
    assert response.status == 200
    assert (
        '<link rel="alternate" hreflang="de" href="http://de.localhost:8000/academy/so-funktioniert-es">'
        in response.text
    )
    assert (await client.get("/academy/bestaat-niet")).status == 404


async def test_product_pages_are_published_with_product_head_tags_and_in_the_sitemap(
    client, published
):
    spanish = await client.get("/tienda/banador-flotador-splash", host="es.localhost:8000")
    assert spanish.status == 200
    assert '<meta property="og:type" content="product">' in spanish.text
    assert (
        '<link rel="alternate" hreflang="nl" href="http://localhost:8000/shop/splash-drijfpak">'
        in spanish.text
    )
    assert (
        '<meta property="og:image" '
        'content="http://es.localhost:8000/media/products/splash-float-suit-blue.webp">'
        in spanish.text
    )
    sitemap = await client.get("/sitemap.xml", host="sv.localhost:8000")
    assert b"http://sv.localhost:8000/butik/splash-flytdrakt" in sitemap.body
    assert b"http://sv.localhost:8000/butik/splash-uv-flytdrakt" in sitemap.body
