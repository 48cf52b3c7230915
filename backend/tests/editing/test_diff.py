"""A readable difference between two versions (editing/diff.py)."""

from __future__ import annotations

from splash.editing.diff import FieldChange, diff


def test_changed_added_and_removed_fields_are_named_by_their_paths():
    before = {"title": "FAQ", "seoTitle": None, "blocks": [{"type": "intro", "title": "A"}]}
    after = {
        "title": "Vragen",
        "seoTitle": None,
        "blocks": [{"type": "intro", "title": "B"}, {"type": "cart"}],
        "parent": "about",
    }

    assert diff(before, after) == [
        FieldChange("title", "FAQ", "Vragen"),
        FieldChange("blocks.0.title", "A", "B"),
        FieldChange("blocks.1", None, {"type": "cart"}),
        FieldChange("parent", None, "about"),
    ]


def test_a_removed_block_and_a_value_of_another_kind_are_one_change_each():
    before = {"blocks": [{"type": "intro"}, {"type": "cart"}], "cover": {"src": "/media/a.jpg"}}
    after = {"blocks": [{"type": "intro"}], "cover": None}

    assert diff(before, after) == [
        FieldChange("blocks.1", {"type": "cart"}, None),
        FieldChange("cover", {"src": "/media/a.jpg"}, None),
    ]


def test_equal_documents_have_no_changes():
    document = {"title": "FAQ", "blocks": [{"type": "faq", "items": [{"q": "?"}]}]}
    assert diff(document, dict(document)) == []
