import pytest

from splash.content.collections import ARTICLES
from splash.core.errors import ValidationError
from splash.shared.collections import pagination_meta, parse_collection_query, parse_id
from splash.shared.http.query import parse_query


def parsed(raw: str):
    return parse_collection_query(parse_query(raw), ARTICLES)


def test_defaults_are_page_one_of_25_newest_first():
    query = parsed("")
    assert (query.page, query.page_size, query.order_by, query.lookups) == (
        1,
        25,
        ("-published_at",),
        {},
    )


def test_filters_sort_pagination_fields_and_populate_are_translated():
    query = parsed(
        "filters[category][slug][$eq]=tips&filters[title][$containsi]=zwem"
        "&sort[0]=title:asc&pagination[page]=2&pagination[pageSize]=6"
        "&fields[0]=title&fields[1]=slug&populate[cover]=true&populate[category]=true"
    )
    assert query.lookups == {"category__slug": "tips", "title__icontains": "zwem"}
    assert query.order_by == ("title",)
    assert (query.page, query.page_size) == (2, 6)
    assert query.fields == {"title", "slug"}
    assert query.populate == {"cover", "category"}


@pytest.mark.parametrize(
    "raw, path",
    [
        ("filters[password][$eq]=x", ["query", "filters", "password"]),
        ("filters[title][$regex]=x", ["query", "filters", "title", "$regex"]),
        ("filters[title]=x", ["query", "filters", "title"]),
        ("sort[0]=secret:asc", ["query", "sort", "0"]),
        ("pagination[page]=0", ["query", "pagination", "page"]),
        ("pagination[pageSize]=101", ["query", "pagination", "pageSize"]),
        ("pagination[page]=abc", ["query", "pagination", "page"]),
        ("pagination[page]=99999999999999999999999", ["query", "pagination", "page"]),
        ("pagination[page]=²", ["query", "pagination", "page"]),
        ("fields[0]=passwordHash", ["query", "fields"]),
        ("populate[0]=author", ["query", "populate"]),
    ],
)
def test_anything_outside_the_whitelist_is_a_400_naming_the_parameter(raw, path):
    with pytest.raises(ValidationError) as refused:
        parsed(raw)
    assert refused.value.details["errors"][0]["path"] == path


def test_the_last_page_that_can_be_asked_for_is_10000():
    assert parsed("pagination[page]=10000").page == 10_000


def test_a_superscript_digit_is_no_index_and_no_id():
    assert parse_query("a[²]=x") == {"a": {"²": "x"}}
    with pytest.raises(ValidationError) as refused:
        parse_id("²")
    assert refused.value.details["errors"][0]["path"] == ["id"]


def test_pagination_meta_counts_pages():
    assert pagination_meta(parsed("pagination[pageSize]=6"), 13) == {
        "pagination": {"page": 1, "pageSize": 6, "pageCount": 3, "total": 13}
    }
    assert pagination_meta(parsed(""), 0)["pagination"]["pageCount"] == 0
