import pytest

from splash.content.navigation import MenuEntry, RenderType, normalize_path, render


@pytest.mark.parametrize(
    "given, expected",
    [
        ("shop", "/shop"),
        ("/shop", "/shop"),
        ("  faq ", "/faq"),
        ("", "/"),
        ("https://example.com/x", "https://example.com/x"),
        ("mailto:hi@splash.nl", "mailto:hi@splash.nl"),
        ("#top", "#top"),
    ],
)
def test_a_path_without_a_leading_slash_gets_one(given, expected):
    assert normalize_path(given) == expected


ENTRIES = [
    MenuEntry(id=3, parent_id=None, title="Blog", path="blog", position=1),
    MenuEntry(id=1, parent_id=None, title="Shop", path="/shop", position=0),
    MenuEntry(id=5, parent_id=1, title="Blue", path="shop/blue", position=1),
    MenuEntry(id=4, parent_id=1, title="Pink", path="shop/pink", position=0),
]


def test_flat_lists_every_item_in_reading_order():
    assert render(ENTRIES, RenderType.FLAT) == [
        {"id": 1, "title": "Shop", "path": "/shop"},
        {"id": 4, "title": "Pink", "path": "/shop/pink"},
        {"id": 5, "title": "Blue", "path": "/shop/blue"},
        {"id": 3, "title": "Blog", "path": "/blog"},
    ]


def test_tree_nests_children_under_their_parent_by_position():
    assert render(ENTRIES, RenderType.TREE) == [
        {
            "id": 1,
            "title": "Shop",
            "path": "/shop",
            "items": [
                {"id": 4, "title": "Pink", "path": "/shop/pink", "items": []},
                {"id": 5, "title": "Blue", "path": "/shop/blue", "items": []},
            ],
        },
        {"id": 3, "title": "Blog", "path": "/blog", "items": []},
    ]
