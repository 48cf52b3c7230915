"""Every block type has a complete form, derived from its model's JSON Schema: a type with a
field no widget fits fails here, named. The fields keep the models' order, names (aliases, as
stored), limits and whether they are required."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field

from splash.content.block_forms import (
    BlockForm,
    FieldKind,
    FormField,
    UnknownFieldShape,
    block_form,
    block_forms,
)
from splash.content.block_parts import BlockModel
from splash.content.blocks import BLOCK_MODELS, KNOWN_TYPES

STUDIO_COPY = Path(__file__).parents[3] / "frontend" / "src" / "testing" / "block-forms.json"


def _walk(fields: list[FormField]) -> list[FormField]:
    found: list[FormField] = []
    for field in fields:
        found.append(field)
        found.extend(_walk(field.fields or []))
        if field.item is not None:
            found.extend(_walk([field.item]))
    return found


def _by_name(form: BlockForm) -> dict[str, FormField]:
    return {field.name: field for field in form.fields if field.name}


def _item_fields(field: FormField) -> dict[str, FormField]:
    """A list's item's fields by name."""
    assert field.item is not None
    return {inner.name: inner for inner in field.item.fields or [] if inner.name}


@pytest.mark.parametrize("model", BLOCK_MODELS, ids=lambda model: model.__name__)
def test_every_block_type_has_a_form_of_every_field(model):
    form = block_form(model)

    stored = set(model.model_json_schema(by_alias=True)["properties"]) - {"type"}
    assert form.type in KNOWN_TYPES
    assert [field.name for field in form.fields] == [
        name for name in model.model_json_schema(by_alias=True)["properties"] if name != "type"
    ]
    assert {field.name for field in form.fields} == stored
    assert all(field.kind in FieldKind for field in _walk(form.fields))


def test_the_forms_cover_the_31_types_in_their_order():
    forms = block_forms().data

    assert len(forms) == len(BLOCK_MODELS) == 31
    assert [form.type for form in forms] == [block_form(model).type for model in BLOCK_MODELS]
    assert {form.type for form in forms} == KNOWN_TYPES


def test_the_limits_and_requirements_are_the_models_own():
    intro = _by_name(block_form(BLOCK_MODELS[0]))

    assert intro["eyebrow"].model_dump(exclude_unset=True) == {
        "kind": FieldKind.SHORT_TEXT,
        "name": "eyebrow",
        "required": False,
        "nullable": True,
        "max_length": 80,
    }
    assert intro["title"].model_dump(exclude_unset=True) == {
        "kind": FieldKind.SHORT_TEXT,
        "name": "title",
        "required": True,
        "min_length": 1,
        "max_length": 160,
    }
    assert intro["text"].kind is FieldKind.LONG_TEXT
    assert (intro["text"].min_length, intro["text"].max_length) == (1, 600)
    link = intro["button"]
    assert (link.kind, link.nullable, link.required) == (FieldKind.LINK, True, False)
    assert [(f.name, f.kind, f.required) for f in link.fields or []] == [
        ("label", FieldKind.SHORT_TEXT, True),
        ("path", FieldKind.SHORT_TEXT, True),
        ("variant", FieldKind.SELECT, False),
    ]
    assert (link.fields or [])[1].pattern == r"^(/|https?://|mailto:|tel:|#)"
    assert (link.fields or [])[2].options == ["primary", "secondary"]
    assert (link.fields or [])[2].default == "primary"


def test_lists_carry_their_item_and_their_number_of_items():
    faq = _by_name(next(block_form(m) for m in BLOCK_MODELS if block_form(m).type == "faq"))
    items = faq["items"]

    assert (items.kind, items.min_items, items.max_items, items.required) == (
        FieldKind.LIST,
        1,
        50,
        True,
    )
    assert items.item is not None and items.item.kind is FieldKind.GROUP
    question, answer = items.item.fields or []
    assert (question.name, question.kind, question.required) == ("question", "short-text", True)
    assert (answer.name, answer.kind, answer.min_items, answer.max_items) == (
        "answer",
        FieldKind.RICH_TEXT,
        1,
        200,
    )


def test_aliases_icons_images_numbers_and_fixed_choices():
    forms = {form.type: _by_name(form) for form in block_forms().data}

    position = forms["text-with-media"]["imagePosition"]
    assert (position.kind, position.options, position.default, position.required) == (
        FieldKind.SELECT,
        ["left", "right"],
        "right",
        False,
    )
    icon = _item_fields(forms["icons"]["items"])["icon"]
    assert (icon.kind, icon.pattern) == (FieldKind.ICON, "^[a-z0-9-]+:[a-z0-9-]+$")
    image = forms["text-with-media"]["image"]
    width = {f.name: f for f in image.fields or []}["width"]
    assert (image.kind, width.kind, width.integer, width.minimum, width.maximum) == (
        FieldKind.IMAGE,
        FieldKind.NUMBER,
        True,
        1,
        16384,
    )
    rating = _item_fields(forms["reviews"]["items"])["rating"]
    assert (rating.minimum, rating.maximum) == (1, 5)
    assert forms["filter-bar"]["collection"].options == ["article"]
    assert forms["consent-embed"]["aspectRatio"].options == ["16:9", "4:3", "1:1"]
    assert forms["cart"] == {}


class Shape(BlockModel):
    type: Literal["shape"]


@pytest.mark.parametrize(
    ("annotation", "where"),
    [
        (dict[str, str], "shape.odd"),
        (str | int, "shape.odd"),
        (Annotated[str, Field(json_schema_extra={"format": "uri"})], "shape.odd"),
        (float, "shape.odd"),
        (list[dict[str, int]], "shape.odd[]"),
    ],
    ids=["mapping", "union", "format", "float", "list-of-mappings"],
)
def test_a_field_of_an_unknown_shape_raises_naming_it(annotation, where):
    odd = type("OddBlock", (Shape,), {"__annotations__": {"odd": annotation}})

    with pytest.raises(UnknownFieldShape) as raised:
        block_form(odd)

    assert raised.value.where == where


def test_a_model_without_a_fixed_type_raises():
    class Typeless(BaseModel):
        type: str

    with pytest.raises(UnknownFieldShape):
        block_form(Typeless)


def test_the_studio_tests_read_the_current_forms():
    """frontend/src/testing/block-forms.json is what the studio's Vitest tests draw; rewrite it
    with ``cd backend && ../.venv/bin/python -m splash.content.block_forms >
    ../frontend/src/testing/block-forms.json`` when a block model changes."""
    printed = subprocess.run(
        [sys.executable, "-m", "splash.content.block_forms"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).parents[2],
    ).stdout

    assert json.loads(STUDIO_COPY.read_text(encoding="utf-8")) == json.loads(printed)
