"""The content API through real requests: locales and navigation menus."""

import pytest

from splash.content.models import Article


async def test_locales_lists_six_with_nl_as_default(client, seeded):
    response = await client.get("/api/i18n/locales")
    assert response.status == 200
    assert response.json == [
        {"code": "nl", "name": "Nederlands", "isDefault": True},
        {"code": "en", "name": "English", "isDefault": False},
        {"code": "de", "name": "Deutsch", "isDefault": False},
        {"code": "es", "name": "Español", "isDefault": False},
        {"code": "fr", "name": "Français", "isDefault": False},
        {"code": "sv", "name": "Svenska", "isDefault": False},
    ]


async def test_flat_menu_lists_id_title_and_slashed_path(client, seeded):
    response = await client.get("/api/navigation/render/legal?locale=en&type=FLAT")
    assert response.status == 200
    items = response.json
    assert [(i["title"], i["path"]) for i in items] == [
        ("Privacy policy", "/privacy-policy"),
        ("Terms and conditions", "/terms-and-conditions"),
        ("Cookies", "/cookies"),
    ]
    assert all(
        set(item) == {"id", "title", "path"} and isinstance(item["id"], int) for item in items
    )


async def test_flat_is_the_default_type_and_includes_nested_items(client, seeded):
    response = await client.get("/api/navigation/render/primary?locale=nl")
    titles = [item["title"] for item in response.json]
    assert titles == [
        "Zwempakken",
        "Zwemles-academy",
        "Niveaus en lessen",
        "Zo werkt het",
        "Blog",
        "Ervaringen",
    ]


async def test_tree_menu_nests_items(client, seeded):
    response = await client.get("/api/navigation/render/primary?locale=en&type=TREE")
    assert response.status == 200
    academy = response.json[1]
    assert academy["title"] == "Swim academy"
    assert [child["title"] for child in academy["items"]] == ["Levels and lessons", "How it works"]
    assert response.json[0]["items"] == []


async def test_every_menu_exists_in_every_locale(client, seeded):
    for locale in ("nl", "en", "de", "es", "fr", "sv"):
        for menu in ("primary", "secondary", "legal"):
            response = await client.get(f"/api/navigation/render/{menu}?locale={locale}")
            assert response.status == 200, (locale, menu)
            assert response.json, (locale, menu)
            assert all(item["path"].startswith("/") for item in response.json)


async def test_missing_locale_uses_the_default_locale(client, seeded):
    default = await client.get("/api/navigation/render/secondary")
    dutch = await client.get("/api/navigation/render/secondary?locale=nl")
    assert default.json == dutch.json


async def test_unknown_menu_is_a_404_not_found_error(client, seeded):
    response = await client.get("/api/navigation/render/footer?locale=nl")
    assert response.status == 404
    assert response.json["data"] is None
    assert response.json["error"]["name"] == "NotFoundError"
    assert response.json["error"]["status"] == 404


@pytest.mark.parametrize(
    "query, field",
    [
        ("locale=xx", ["query", "locale"]),
        ("locale=nl&type=LIST", ["query", "type"]),
        ("locale=nl&locale=en", ["query", "locale"]),
    ],
)
async def test_bad_query_is_a_400_naming_the_field(client, seeded, query, field):
    response = await client.get(f"/api/navigation/render/primary?{query}")
    assert response.status == 400
    error = response.json["error"]
    assert error["name"] == "ValidationError"
    assert error["details"]["errors"][0]["path"] == field


async def test_query_past_the_parser_limits_is_a_400_never_a_500(client, seeded):
    deep = "a[b][c][d][e][f][g]=1"
    many = "&".join(f"k{i}=1" for i in range(1001))
    wide = "a[25]=1"
    for extra in (deep, many, wide):
        response = await client.get(f"/api/navigation/render/primary?locale=nl&{extra}")
        assert response.status == 400, extra[:40]
        assert response.json["error"]["name"] == "ValidationError"


@pytest.mark.parametrize("collection", ["pages", "articles", "products"])
@pytest.mark.parametrize(
    "query, field",
    [
        ("filters[slug][$eq]=" + "x" * 500, ["query", "filters", "slug", "$eq"]),
        ("pagination[page]=99999999999999999999999", ["query", "pagination", "page"]),
        ("filters[title][$containsi]=a%00b", ["query", "filters[title][$containsi]"]),
    ],
)
async def test_find_refuses_values_no_column_holds_with_a_400(
    client, seeded, collection, query, field
):
    """A slug longer than the column, a page past any offset and text holding U+0000 match
    nothing: a 400 naming the parameter, never a 500 from the database layer."""
    response = await client.get(f"/api/{collection}?{query}")
    assert response.status == 400
    error = response.json["error"]
    assert error["name"] == "ValidationError"
    assert error["details"]["errors"][0]["path"] == field


async def test_find_articles_by_a_date_that_is_none_is_a_400(client, seeded):
    response = await client.get("/api/articles?filters[publishedAt][$gt]=tomorrow")
    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == [
        "query",
        "filters",
        "publishedAt",
        "$gt",
    ]


async def test_find_articles_after_a_date(client, seeded):
    everything = (await client.get("/api/articles?locale=en")).json["meta"]["pagination"]["total"]
    response = await client.get("/api/articles?filters[publishedAt][$gt]=2026-10-01")
    assert response.status == 200
    dates = [article["publishedAt"] for article in response.json["data"]]
    assert dates and all(date > "2026-10-01" for date in dates) and len(dates) < everything


async def test_a_field_present_as_null_stays_null_and_a_left_out_one_stays_out(client, seeded):
    """Answers are models dumped without unset fields (issue 26): an article without a cover
    or category answers them as null; one cut down by ``fields`` leaves the rest out."""
    article = await Article.filter(locale_id="nl", published=True).first()
    await Article.filter(id=article.id).update(cover=None, category_id=None)
    whole = (await client.get(f"/api/articles/{article.id}")).json["data"]
    assert (whole["cover"], whole["category"]) == (None, None)
    cut = (await client.get(f"/api/articles/{article.id}?fields[0]=title")).json["data"]
    assert set(cut) == {"id", "title"}
