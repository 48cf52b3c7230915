"""One reading of ``populate`` for every route (issue 26): collections (articles, pages), the
slugify call and a product variant. The odd spellings the two earlier parsers read differently
are answered one way here; a value that asks for nothing meaningful is a 400 naming populate."""

import pytest

from splash.core.errors import ValidationError
from splash.shared.collections import parse_populate
from splash.shared.http.query import parse_query

VARIANT = frozenset({"introImage", "product.introImage"})
ARTICLE = frozenset({"cover", "category", "localizations"})
FIELDS = {"localizations": frozenset({"slug", "locale", "path"})}


def populated(raw: str, allowed: frozenset[str] = VARIANT):
    return parse_populate(parse_query(raw).get("populate"), allowed, FIELDS)


@pytest.mark.parametrize(
    ("raw", "names"),
    [
        ("", set()),
        ("populate=*", {"introImage", "product.introImage"}),
        ("populate=introImage", {"introImage"}),
        ("populate=introImage,product.introImage", {"introImage", "product.introImage"}),
        ("populate[0]=product.introImage", {"product.introImage"}),
        ("populate[introImage]=true", {"introImage"}),
        ("populate[introImage]=1", {"introImage"}),
        ("populate[introImage]=false&populate[product][populate][introImage]=0", set()),
        ("populate[product][populate][introImage]=true", {"product.introImage"}),
        ("populate[product][populate][0]=introImage", {"product.introImage"}),
        ("populate[product][populate]=*", {"product.introImage"}),
    ],
)
def test_every_spelling_names_the_same_dotted_names(raw, names):
    assert populated(raw).names == names


def test_fields_cut_a_populated_name_down():
    asked = populated(
        "populate[localizations][fields][0]=slug&populate[localizations][fields][1]=path", ARTICLE
    )
    assert asked.names == {"localizations"}
    assert asked.fields == {"localizations": {"slug", "path"}}


@pytest.mark.parametrize(
    "raw",
    [
        "populate[introImage]=yes",  # was read as false by the variant, as true by collections
        "populate[product]=true",  # the product is always there: nothing to populate
        "populate[price]=false",  # unknown, whatever its value
        "populate[product][populate][owner]=true",
        "populate[product][fields][0]=title",  # fields a name does not take
        "populate[introImage][populate]=*",  # nothing below an image
        "populate[introImage][x]=true",
        "populate[0][x]=introImage",
        "populate=",
    ],
)
def test_anything_else_is_a_400_naming_populate(raw):
    with pytest.raises(ValidationError) as refused:
        populated(raw)
    assert refused.value.details["errors"][0]["path"] == ["query", "populate"]


# --- the routes ----------------------------------------------------------------------------


def _path(response) -> list[str]:
    return response.json["error"]["details"]["errors"][0]["path"]


async def test_articles_take_a_comma_list_and_a_switched_off_name(client, seeded):
    listed = await client.get("/api/articles?locale=nl&fields[0]=title&populate=cover,category")
    assert listed.status == 200
    assert set(listed.json["data"][0]) == {"id", "title", "cover", "category"}
    off = await client.get("/api/articles?locale=nl&fields[0]=title&populate[cover]=false")
    assert set(off.json["data"][0]) == {"id", "title"}


@pytest.mark.parametrize(
    "url",
    [
        "/api/articles?populate[cover]=yes",  # was read as true
        "/api/articles?populate[category][populate][name]=true",  # was read as category
        "/api/pages?populate[localizations][fields][0]=slug",  # fields were ignored
        "/api/pages?populate[localizations][populate]=*",
    ],
)
async def test_collections_refuse_what_populate_cannot_mean(client, seeded, url):
    response = await client.get(url)
    assert response.status == 400, response.text
    assert _path(response) == ["query", "populate"]


async def test_slugify_refuses_a_meaningless_localizations_value(client, seeded):
    response = await client.get("/api/slugify/slugs/page/winkelmand?populate[localizations]=x")
    assert response.status == 400  # was answered as if it were true
    assert _path(response) == ["query", "populate"]
