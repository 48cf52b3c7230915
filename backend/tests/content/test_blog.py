"""Articles, categories and page slugs through the API (own data, independent of fixtures)."""

from datetime import UTC, datetime

import pytest

from splash.content import services as content
from splash.content.models import Article, Category, Page
from splash.core import db
from splash.core.route_table import RouteTable
from tests.support import counting_statements

COVER = {
    "src": "/media/blog/first.webp",
    "alt": "Een kind in een drijfpak",
    "width": 1200,
    "height": 675,
}
BODY = [{"type": "paragraph", "children": [{"type": "text", "text": "Hallo"}]}]


async def article(locale, slug, key, day, category=None, **extra):
    return await Article.create(
        locale_id=locale,
        slug=slug,
        localization_key=key,
        title=f"Titel {slug}",
        excerpt=f"Over {slug}",
        cover=COVER,
        body=BODY,
        category=category,
        published_at=datetime(2026, 10, day, 8, tzinfo=UTC),
        **extra,
    )


@pytest.fixture
async def blog(seeded):
    await Article.all().delete()  # these tests bring their own articles
    await Category.all().delete()
    tips = await Category.create(locale_id="nl", key="tips", slug="tips", name="Tips")
    safety = await Category.create(
        locale_id="nl", key="safety", slug="veiligheid", name="Veiligheid"
    )
    await Category.create(locale_id="sv", key="tips", slug="rad", name="Råd")
    await article("nl", "eerste-les", "first", 2, tips)
    await article("nl", "veilig-zwemmen", "safe", 9, safety)
    await article("nl", "welke-maat", "size", 20, tips)
    await article("nl", "concept", "draft", 21, tips, published=False)
    await article("sv", "forsta-lektionen", "first", 2)
    return {"tips": tips, "safety": safety}


async def test_articles_are_listed_newest_first_with_pagination(client, blog):
    response = await client.get("/api/articles?locale=nl&pagination[pageSize]=2")
    assert response.status == 200
    assert [a["slug"] for a in response.json["data"]] == ["welke-maat", "veilig-zwemmen"]
    assert response.json["meta"] == {
        "pagination": {"page": 1, "pageSize": 2, "pageCount": 2, "total": 3}
    }
    card = response.json["data"][0]
    assert card["path"] == "/blog/welke-maat"
    assert card["cover"] == COVER
    assert card["category"] == {"key": "tips", "slug": "tips", "name": "Tips"}
    assert card["publishedAt"] == "2026-10-20T08:00:00Z"
    second = await client.get("/api/articles?locale=nl&pagination[pageSize]=2&pagination[page]=2")
    assert [a["slug"] for a in second.json["data"]] == ["eerste-les"]


async def test_articles_filter_by_category_and_leave_drafts_out(client, blog):
    response = await client.get("/api/articles?locale=nl&filters[category][slug][$eq]=tips")
    assert [a["slug"] for a in response.json["data"]] == ["welke-maat", "eerste-les"]


async def test_the_domain_decides_the_locale_and_swedish_articles_live_under_blogg(client, blog):
    response = await client.get("/api/articles", host="sv.localhost:8000")
    assert [a["path"] for a in response.json["data"]] == ["/blogg/forsta-lektionen"]


async def test_one_article_has_its_body_and_localizations(client, blog):
    first = await Article.get(slug="eerste-les")
    response = await client.get(f"/api/articles/{first.id}")
    assert response.status == 200
    data = response.json["data"]
    assert data["body"] == BODY
    assert [(loc["locale"], loc["path"]) for loc in data["localizations"]] == [
        ("sv", "/blogg/forsta-lektionen")
    ]


@pytest.mark.parametrize("raw, status", [("abc", 400), ("1e3", 400), ("999999", 404)])
async def test_a_malformed_id_is_400_and_an_unknown_one_404(client, blog, raw, status):
    response = await client.get(f"/api/articles/{raw}")
    assert response.status == status


async def test_a_draft_is_not_found(client, blog):
    draft = await Article.get(slug="concept")
    assert (await client.get(f"/api/articles/{draft.id}")).status == 404


async def test_categories_of_a_locale(client, blog):
    response = await client.get("/api/categories?locale=nl")
    assert response.json == {
        "data": [
            {"key": "tips", "slug": "tips", "name": "Tips"},
            {"key": "safety", "slug": "veiligheid", "name": "Veiligheid"},
        ]
    }


async def test_slugify_finds_the_page_and_its_localizations_with_requested_fields(client, seeded):
    response = await client.get(
        "/api/slugify/slugs/page/contact?locale=nl"
        "&populate[localizations][fields][0]=slug&populate[localizations][fields][1]=locale"
    )
    assert response.status == 200
    data = response.json["data"]
    assert (data["slug"], data["locale"], data["path"]) == ("contact", "nl", "/contact")
    german = next(loc for loc in data["localizations"] if loc["locale"] == "de")
    assert set(german) == {"id", "slug", "locale"}
    assert german["slug"] == "kontakt"
    assert len(data["localizations"]) == 5


async def test_slugify_gives_full_paths_of_nested_pages(client, seeded):
    parent = await Page.get(locale_id="nl", slug="contact")
    await Page.create(
        locale_id="nl",
        slug="openingstijden",
        localization_key="hours",
        title="Openingstijden",
        parent=parent,
        blocks=[],
    )
    response = await client.get("/api/slugify/slugs/page/openingstijden?locale=nl")
    assert response.json["data"]["path"] == "/contact/openingstijden"


async def test_slugify_unknown_slug_is_404_and_unknown_locale_400(client, seeded):
    missing = await client.get("/api/slugify/slugs/page/bestaat-niet?locale=nl")
    assert missing.status == 404
    assert missing.json["error"]["name"] == "NotFoundError"
    assert (await client.get("/api/slugify/slugs/page/contact?locale=xx")).status == 400


async def test_pages_are_found_per_locale_with_paths_and_localizations(client, seeded):
    response = await client.get(
        "/api/pages?locale=de&filters[slug][$eq]=kontakt&populate[localizations]=true"
    )
    assert response.status == 200
    [page] = response.json["data"]
    assert (page["slug"], page["path"], page["locale"]) == ("kontakt", "/kontakt", "de")
    assert "blocks" not in page
    assert {loc["locale"] for loc in page["localizations"]} == {"nl", "en", "es", "fr", "sv"}
    assert response.json["meta"]["pagination"]["total"] == 1


async def test_one_page_has_its_blocks_with_the_forms_fields(client, seeded):
    contact = await Page.get(locale_id="en", slug="contact")
    response = await client.get(f"/api/pages/{contact.id}")
    assert response.status == 200
    form = next(b for b in response.json["data"]["blocks"] if b["type"] == "form")
    assert [f["name"] for f in form["fields"]][:2] == ["name", "email"]
    assert (await client.get("/api/pages/x1")).status == 400
    assert (await client.get("/api/pages/987654")).status == 404


async def test_only_whitelisted_page_fields_are_asked_for(client, seeded):
    response = await client.get("/api/pages?locale=nl&fields[0]=title&fields[1]=path")
    assert response.status == 200
    assert all(set(page) == {"id", "title", "path"} for page in response.json["data"])
    refused = await client.get("/api/pages?locale=nl&fields[0]=blocksJson")
    assert refused.status == 400


async def test_in_a_read_once_block_every_article_page_comes_from_one_statement(blog, settings):
    table = RouteTable.load(settings.routes_file)
    named = [(article.locale_id, article.slug) for article in await Article.all().order_by("id")]
    named.append(("sv", "eerste-les"))  # a Dutch slug
    live = [await content.article_at(locale, slug, table) for locale, slug in named]

    with counting_statements() as statements:
        async with db.read_once():
            once = [await content.article_at(locale, slug, table) for locale, slug in named]

    assert once == live
    assert [found["slug"] if found else None for found in live] == [
        "eerste-les",
        "veilig-zwemmen",
        "welke-maat",
        None,  # the draft
        "forsta-lektionen",
        None,
    ]
    assert [loc["slug"] for loc in live[0]["localizations"]] == ["forsta-lektionen"]
    assert len(statements) == 1
