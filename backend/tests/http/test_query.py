import pytest

from splash.shared.http.query import QueryError, parse_query


def test_bracket_notation_nests_objects_and_arrays():
    query = parse_query(
        "populate[localizations][fields][0]=slug&populate[localizations][fields][1]=locale"
        "&locale=nl"
    )
    assert query == {"populate": {"localizations": {"fields": ["slug", "locale"]}}, "locale": "nl"}


def test_repeated_and_empty_bracket_keys_become_lists():
    assert parse_query("sort[]=title:asc&sort[]=id&tag=a&tag=b") == {
        "sort": ["title:asc", "id"],
        "tag": ["a", "b"],
    }


def test_sparse_indexes_keep_their_order():
    assert parse_query("f[3]=c&f[1]=a") == {"f": ["a", "c"]}


def test_percent_encoded_brackets_and_values():
    assert parse_query("filters%5Bslug%5D%5B%24eq%5D=zwem%20pak") == {
        "filters": {"slug": {"$eq": "zwem pak"}}
    }


def test_blank_values_are_kept():
    assert parse_query("locale=&type=FLAT") == {"locale": "", "type": "FLAT"}


def test_1000_parameters_are_allowed_and_1001_refused():
    assert len(parse_query("&".join(f"k{i}=1" for i in range(1000)))) == 1000
    with pytest.raises(QueryError, match="More than 1000"):
        parse_query("&".join(f"k{i}=1" for i in range(1001)))


def test_array_index_19_is_allowed_and_20_refused():
    assert parse_query("a[19]=x") == {"a": ["x"]}
    with pytest.raises(QueryError, match="above the limit of 20"):
        parse_query("a[20]=x")


def test_more_than_20_appended_items_are_refused():
    assert len(parse_query("&".join("a[]=x" for _ in range(20)))["a"]) == 20
    with pytest.raises(QueryError, match="more than 20 items"):
        parse_query("&".join("a[]=x" for _ in range(21)))


def test_more_than_20_repeats_of_a_plain_key_are_refused():
    with pytest.raises(QueryError, match="repeated more than 20"):
        parse_query("&".join("a=x" for _ in range(21)))


def test_depth_5_is_allowed_and_6_refused():
    assert parse_query("a[b][c][d][e][f]=1") == {"a": {"b": {"c": {"d": {"e": {"f": "1"}}}}}}
    with pytest.raises(QueryError, match="deeper than 5"):
        parse_query("a[b][c][d][e][f][g]=1")


@pytest.mark.parametrize("raw", ["a=1&a[b]=2", "a[b]=1&a=2", "a[b]=1&a[b][c]=2"])
def test_a_key_that_is_both_value_and_object_is_refused(raw):
    with pytest.raises(QueryError, match="conflicts"):
        parse_query(raw)


@pytest.mark.parametrize("raw", ["a]b[=1", "[a]=1", "a[b=1", "a[b]c=1"])
def test_malformed_keys_are_refused(raw):
    with pytest.raises(QueryError, match="Malformed"):
        parse_query(raw)


@pytest.mark.parametrize("raw", ["filters[slug][$eq]=a%00b", "a%00=1"])
def test_a_nul_character_is_refused_naming_the_parameter(raw):
    """PostgreSQL cannot compare text that holds U+0000 (a 500); no URL a person follows has one."""
    with pytest.raises(QueryError) as refused:
        parse_query(raw)
    assert refused.value.key in ("filters[slug][$eq]", "a\x00")


def test_superscript_digits_are_keys_not_indexes():
    assert parse_query("a[²]=x&a[0]=y") == {"a": {"²": "x", "0": "y"}}


@pytest.mark.parametrize("raw", ["=0", "1=a", "0=0", "a=1&1=b", "1[a]=x", "=", "a=1&="])
def test_a_parameter_without_a_name_is_refused_naming_it(raw):
    """The top level holds names: a nameless or numeric one made it an array (a 500 later)."""
    with pytest.raises(QueryError, match="needs a name") as refused:
        parse_query(raw)
    assert refused.value.key == raw.rsplit("&", 1)[-1].split("=")[0]


def test_a_refusal_of_the_whole_query_names_no_parameter():
    with pytest.raises(QueryError) as refused:
        parse_query("&".join(f"k{i}=1" for i in range(1001)))
    assert refused.value.key is None


@pytest.mark.parametrize("raw", ["fields[0]=a&fields[0]=b", "a[b][1]=x&a[b][1]=y"])
def test_an_array_index_given_twice_is_refused(raw):
    """Found by Schemathesis: ``fields[0]=a&fields[0]=b`` nested a list in a list (a 500)."""
    with pytest.raises(QueryError, match="more than once"):
        parse_query(raw)
