"""The studio's list of a collection (editing/listing.py): articles carry their category and
the date they show, in the list's language or, untranslated, another language's."""

from __future__ import annotations

from splash.content.models import Article
from tests.editing.support import headers_of


async def test_articles_are_listed_with_their_category_and_date(client, seeded, settings):
    headers = await headers_of(settings)

    response = await client.get("/api/studio/content/article?locale=nl", headers=headers)

    assert response.status == 200, response.json
    listed = {entry["key"]: entry for entry in response.json["data"]}
    first = listed["first-swimming-lesson"]
    assert (first["category"], first["date"], first["live"]) == (
        "learning-to-swim",
        "2026-09-14T08:00:00Z",
        True,
    )


async def test_an_untranslated_article_shows_another_languages_category(client, seeded, settings):
    headers = await headers_of(settings)
    await Article.filter(locale_id="sv", localization_key="first-swimming-lesson").delete()

    response = await client.get("/api/studio/content/article?locale=sv", headers=headers)

    listed = {entry["key"]: entry for entry in response.json["data"]}
    first = listed["first-swimming-lesson"]
    assert (first["translated"], first["category"]) == (False, "learning-to-swim")


async def test_pages_have_no_category_or_date(client, seeded, settings):
    headers = await headers_of(settings)

    response = await client.get("/api/studio/content/page?locale=nl", headers=headers)

    assert {(entry["category"], entry["date"]) for entry in response.json["data"]} == {(None, None)}
