from splash.content.paths import PageNode, PageTree, full_paths


def test_full_path_is_the_parents_slugs_then_the_own_and_home_is_empty():
    nodes = [
        PageNode(1, "home", None),
        PageNode(2, "academy", None),
        PageNode(3, "zo-werkt-het", 2),
        PageNode(4, "video", 3),
    ]
    assert full_paths(nodes) == {
        1: "/",
        2: "/academy",
        3: "/academy/zo-werkt-het",
        4: "/academy/zo-werkt-het/video",
    }


def test_a_loop_or_a_missing_parent_gives_no_path():
    nodes = [PageNode(1, "a", 2), PageNode(2, "b", 1), PageNode(3, "c", 99), PageNode(4, "d", None)]
    assert full_paths(nodes) == {4: "/d"}


def page_row(page_id: int, slug: str, parent_id: int | None, locale: str, key: str) -> dict:
    return {
        "id": page_id,
        "slug": slug,
        "parent_id": parent_id,
        "locale_id": locale,
        "localization_key": key,
    }


def test_a_page_tree_finds_a_page_by_locale_and_full_path():
    rows = [
        page_row(1, "academy", None, "nl", "academy"),
        page_row(2, "zo-werkt-het", 1, "nl", "how"),
        page_row(3, "how-it-works", 4, "en", "how"),
    ]
    tree = PageTree.of(rows)

    assert tree.at("nl", "/academy/zo-werkt-het") == rows[1]
    assert tree.at("en", "/academy/zo-werkt-het") is None
    assert tree.at("en", "/how-it-works") is None  # its parent is missing: not reachable


def test_a_page_tree_lists_a_pages_reachable_translations_in_id_order():
    rows = [
        page_row(1, "over-ons", None, "nl", "about"),
        page_row(2, "about-us", None, "en", "about"),
        page_row(3, "uber-uns", 99, "de", "about"),
        page_row(4, "om-oss", None, "sv", "about"),
        page_row(5, "faq", None, "en", "faq"),
    ]

    assert PageTree.of(rows).localizations(1, "about") == [
        {"id": 2, "locale": "en", "slug": "about-us", "path": "/about-us"},
        {"id": 4, "locale": "sv", "slug": "om-oss", "path": "/om-oss"},
    ]
    assert PageTree.of(rows).localizations(5, "faq") == []
