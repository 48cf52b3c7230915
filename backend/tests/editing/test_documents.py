"""Documents checked by their collection's model, errors naming the editor's field
(editing/documents.py)."""

from __future__ import annotations

import pytest

from splash.content.editable import PageDocument
from splash.core.errors import ValidationError
from splash.editing.documents import field_path, validated


def test_a_bad_blocks_field_is_named_without_the_blocks_type():
    raw = {
        "title": "FAQ",
        "blocks": [
            {"type": "intro", "title": "Welkom", "text": "Fijn dat je er bent."},
            {"type": "intro", "title": "Tweede", "text": "Nog een."},
            {"type": "intro", "title": "", "text": "Zonder titel."},
        ],
    }

    with pytest.raises(ValidationError) as refused:
        validated(PageDocument, raw)

    assert [error["path"] for error in refused.value.details["errors"]] == [
        ["blocks", "2", "title"]
    ]


def test_an_unknown_field_and_a_bad_slug_are_each_named():
    with pytest.raises(ValidationError) as refused:
        validated(PageDocument, {"title": "FAQ", "slug": "Vragen En", "colour": "red"})

    paths = sorted(error["path"] for error in refused.value.details["errors"])
    assert paths == [["colour"], ["slug"]]


def test_a_valid_document_is_kept_as_sent_in_camel_case():
    raw = {"title": "FAQ", "slug": "faq", "seoTitle": "Vragen", "blocks": []}

    assert validated(PageDocument, raw) == raw


def test_a_tag_is_skipped_only_where_it_is_the_items_type():
    raw = {"body": [{"type": "text", "text": "x"}]}

    assert field_path(raw, ("body", 0, "text", "bold")) == ["body", 0, "bold"]
    assert field_path(raw, ("body", 0, "text", "text")) == ["body", 0, "text"]
    assert field_path({"title": "x"}, ("title",)) == ["title"]
