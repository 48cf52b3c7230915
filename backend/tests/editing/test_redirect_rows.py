"""Slugs that never break a link (editing/redirect_rows.py): publishing a moved page or article
records old path → new path per language, chains collapsed and loops removed; the old URL
answers 301; the sitemap and the other languages' alternates follow the republish."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from splash.editing.models import Redirect
from tests.editing.support import edit, headers_of, publish, run_jobs
from tests.web.support import inline_payload

DE = "de.localhost:8000"
NS = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}


async def _redirects(locale: str) -> dict[str, str]:
    rows = await Redirect.filter(locale=locale).values_list("old_path", "new_path")
    return dict(rows)


async def _move(client, headers, key: str, slug: str, locale: str = "nl") -> None:
    assert (await edit(client, headers, "page", key, {"slug": slug}, locale=locale)).status == 200
    response = await publish(client, headers, "page", key, locale=locale)
    assert response.status == 200, response.json


async def test_moves_of_a_page_collapse_into_one_hop_and_moving_back_removes_the_loop(
    client, seeded, settings
):
    headers = await headers_of(settings)

    await _move(client, headers, "faq", "vragen")
    assert await _redirects("nl") == {"/veelgestelde-vragen": "/vragen"}
    await _move(client, headers, "faq", "antwoorden")
    assert await _redirects("nl") == {
        "/veelgestelde-vragen": "/antwoorden",
        "/vragen": "/antwoorden",
    }
    await _move(client, headers, "faq", "veelgestelde-vragen")
    assert await _redirects("nl") == {
        "/vragen": "/veelgestelde-vragen",
        "/antwoorden": "/veelgestelde-vragen",
    }
    assert await _redirects("en") == {}


async def test_a_parent_that_moves_takes_the_pages_below_it_along(client, seeded, settings):
    headers = await headers_of(settings)

    await _move(client, headers, "academy", "zwemacademy")

    assert await _redirects("nl") == {
        "/academy": "/zwemacademy",
        "/academy/zo-werkt-het": "/zwemacademy/zo-werkt-het",
    }


async def test_a_renamed_article_answers_301_and_the_sitemap_and_alternates_follow(
    client, published, settings
):
    headers = await headers_of(settings)
    key = "first-swimming-lesson"
    await edit(client, headers, "article", key, {"slug": "erste-schwimmstunde"}, locale="de")
    assert (await publish(client, headers, "article", key, locale="de")).status == 200
    assert await run_jobs(settings) == 1

    old = await client.get("/blog/die-erste-schwimmstunde?ref=mail", host=DE)

    assert old.status == 301
    assert old.headers["location"] == "/blog/erste-schwimmstunde?ref=mail"
    assert (await client.get("/blog/erste-schwimmstunde", host=DE)).status == 200
    navigated = await client.get("/_payload/blog/die-erste-schwimmstunde.json", host=DE)
    assert navigated.status == 301
    assert navigated.headers["location"] == "/_payload/blog/erste-schwimmstunde.json"
    sitemap = ET.fromstring((await client.get("/sitemap.xml", host=DE)).body)
    locations = {url.find("s:loc", NS).text for url in sitemap.findall("s:url", NS)}
    assert "http://de.localhost:8000/blog/erste-schwimmstunde" in locations
    assert "http://de.localhost:8000/blog/die-erste-schwimmstunde" not in locations
    english = await client.get("/blog/your-childs-first-swimming-lesson", host="en.localhost:8000")
    assert inline_payload(english.text)["alternates"]["de"] == "/blog/erste-schwimmstunde"
    assert (
        '<link rel="alternate" hreflang="de" href="http://de.localhost:8000/blog/erste-schwimmstunde">'
        in english.text
    )


async def test_a_path_that_was_never_moved_stays_a_404(client, published):
    assert (await client.get("/blog/bestaat-niet")).status == 404
