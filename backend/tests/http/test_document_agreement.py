"""The OpenAPI document and the code agree where the fuzzer found them apart (issue 23,
point 11), the same on SQLite and PostgreSQL:

- ``populate[localizations][fields]`` takes only the values its enum lists;
- a filter value longer than the column it filters is a 400 naming it, whatever the operator
  (``$contains`` used to pass on one path and the ORM's check on another), and the document
  gives that length as the parameter's ``maxLength``;
- an integer in a JSON body is written as one: ``25.0`` is refused, and the document says so.
"""

from __future__ import annotations

from typing import Any

import pytest

from splash.catalog.services import PRODUCTS
from splash.content.collections import ARTICLES, PAGES
from splash.shared.collections import Collection
from splash.shared.http.openapi import STRICT_INTEGER
from testkit.factories import catalog_ids

SLUGS = "/api/slugify/slugs/page/winkelmand"
FIELDS = ["query", "populate", "localizations", "fields"]


def _error_paths(response: Any) -> list[list[Any]]:
    return [error["path"] for error in response.json["error"]["details"]["errors"]]


# --- populate[localizations][fields] --------------------------------------------------------


@pytest.mark.parametrize(
    "query",
    [
        "populate[localizations][fields][0]=bogus",
        "populate[localizations][fields][0]=slug&populate[localizations][fields][1]=title",
        "populate[localizations][fields]=id",
        "populate[localizations][fields][a]=slug",  # an object, not a list: was a 500
        "populate[localizations][fields][0][x]=slug",  # a list of objects
    ],
)
async def test_localization_fields_outside_the_enum_are_a_400_naming_them(client, seeded, query):
    response = await client.get(f"{SLUGS}?{query}")
    assert response.status == 400, response.text
    assert _error_paths(response) == [FIELDS]


async def test_localization_fields_inside_the_enum_choose_what_each_localization_carries(
    client, seeded
):
    response = await client.get(
        f"{SLUGS}?populate[localizations][fields][0]=slug&populate[localizations][fields][1]=path"
    )
    assert response.status == 200
    english = next(e for e in response.json["data"]["localizations"] if e.get("slug") == "cart")
    assert set(english) == {"id", "slug", "path"}


@pytest.mark.parametrize("query", ["populate[localizations]=true", "populate=x", "populate=*"])
async def test_populate_without_fields_gives_every_field(client, seeded, query):
    response = await client.get(f"{SLUGS}?{query}")  # populate[localizations]=x was a 500
    assert response.status == 200, response.text
    assert {"id", "slug", "locale", "path"} <= set(response.json["data"]["localizations"][0])


async def test_the_document_lists_the_localization_fields_it_takes(client, database):
    document = (await client.get("/api/openapi.json")).json
    [parameter] = [
        p
        for p in document["paths"]["/api/slugify/slugs/page/{slug}"]["get"]["parameters"]
        if p["name"].startswith("populate")
    ]
    assert parameter["schema"]["enum"] == ["slug", "locale", "path"]


@pytest.mark.parametrize("query", ["fields[0][x]=slug", "populate[0][x]=localizations"])
async def test_collection_names_given_as_objects_are_a_400(client, seeded, query):
    response = await client.get(f"/api/pages?{query}")  # a dict in a set lookup: was a 500
    assert response.status == 400, response.text


# --- filter values: one length, checked by the API on both databases -------------------------

FILTERED: list[tuple[str, Collection, str, list[str]]] = [
    ("/api/pages", PAGES, "slug", ["slug"]),
    ("/api/pages", PAGES, "title", ["title"]),
    ("/api/pages", PAGES, "layout", ["layout"]),
    ("/api/articles", ARTICLES, "category.slug", ["category", "slug"]),
    ("/api/articles", ARTICLES, "localizationKey", ["localizationKey"]),
    ("/api/products", PRODUCTS, "slug", ["slug"]),
    ("/api/products", PRODUCTS, "key", ["key"]),
]
OPERATORS = ["$eq", "$ne", "$contains", "$containsi", "$startsWith", "$lt", "$in"]


@pytest.mark.parametrize(("url", "collection", "name", "path"), FILTERED)
async def test_a_filter_value_longer_than_its_column_is_a_400_naming_it(
    client, seeded, url, collection, name, path
):
    limit = collection.filter_lengths[name]
    brackets = "".join(f"[{part}]" for part in path)
    for operator in OPERATORS:
        index = "[0]" if operator == "$in" else ""
        at_limit = await client.get(f"{url}?filters{brackets}[{operator}]{index}={'a' * limit}")
        assert at_limit.status == 200, (operator, at_limit.text)
        over = await client.get(f"{url}?filters{brackets}[{operator}]{index}={'é' * (limit + 1)}")
        assert over.status == 400, (operator, over.text)
        assert _error_paths(over) == [["query", "filters", *path, operator]]
        assert f"at most {limit} characters" in over.json["error"]["message"]


async def test_the_document_gives_each_filter_parameter_its_length(client, database):
    document = (await client.get("/api/openapi.json")).json

    def schema(path: str, name: str) -> dict[str, Any]:
        [parameter] = [p for p in document["paths"][path]["get"]["parameters"] if p["name"] == name]
        return dict(parameter["schema"])

    assert schema("/api/pages", "filters[slug][$eq]")["maxLength"] == 190
    assert schema("/api/articles", "filters[category][slug][$eq]")["maxLength"] == 80
    assert schema("/api/products", "filters[key][$eq]")["maxLength"] == 64


# --- integers in JSON bodies ------------------------------------------------------------------


@pytest.mark.parametrize("quantity", [2.0, 2.5, "2", True, 2e0])
async def test_a_quantity_not_written_as_a_json_integer_is_a_400_naming_it(
    client, seeded, quantity
):
    variant = (await catalog_ids())["variantId"]
    response = await client.post(
        "/api/cart/quote", json={"items": [{"variantId": variant, "quantity": quantity}]}
    )
    assert response.status == 400, response.text
    assert _error_paths(response) == [["items", "0", "quantity"]]


async def test_a_quantity_written_as_a_json_integer_is_taken(client, seeded):
    variant = (await catalog_ids())["variantId"]
    response = await client.post(
        "/api/cart/quote", json={"items": [{"variantId": variant, "quantity": 2}]}
    )
    assert response.status == 200, response.text


async def test_the_document_says_body_integers_are_written_without_a_fraction(client, database):
    document = (await client.get("/api/openapi.json")).json
    line = document["components"]["schemas"]["CartLine"]["properties"]
    for name in ("variantId", "quantity"):
        assert line[name]["type"] == "integer"
        assert "25.0" in line[name]["description"], name
    progress = document["components"]["schemas"]["ProgressUpdate"]["properties"]["positionMs"]
    assert "25.0" in progress["description"]


def _integers(node: Any, schemas: dict[str, Any], seen: set[str]) -> list[dict[str, Any]]:
    """Every integer schema a request body holds, following references once each."""
    found: list[dict[str, Any]] = []
    if isinstance(node, list):
        for item in node:
            found += _integers(item, schemas, seen)
    elif isinstance(node, dict):
        if "$ref" in node and node["$ref"] not in seen:
            seen.add(node["$ref"])
            found += _integers(schemas[node["$ref"].rsplit("/", 1)[1]], schemas, seen)
        if node.get("type") == "integer":
            found.append(node)
        for value in node.values():
            found += _integers(value, schemas, seen)
    return found


async def test_every_integer_a_request_body_takes_is_strict_and_says_so(client, database):
    """One rule for every body (an address id too: "2" or true named address 2 or 1)."""
    document = (await client.get("/api/openapi.json")).json
    schemas = document["components"]["schemas"]
    bodies = [
        operation["requestBody"]
        for operations in document["paths"].values()
        for operation in operations.values()
        if "requestBody" in operation
    ]
    integers = _integers(bodies, schemas, set())
    assert len(integers) >= 4
    assert [i for i in integers if STRICT_INTEGER not in i.get("description", "")] == []
