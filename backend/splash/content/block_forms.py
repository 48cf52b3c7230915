"""The studio's block forms, derived from the block models themselves (issue 28, point 2): each
block type's JSON Schema (pydantic's ``model_json_schema()``, by alias, so every name is the
key the block is stored under) becomes an ordered list of fields, each with a widget kind, its
limits and whether it is required. The studio draws and validates every block from these, so a
new block type needs no studio code.

A schema shape this module does not know raises :class:`UnknownFieldShape`: a block type with a
field nobody can edit fails ``tests/content/test_block_forms.py`` instead of reaching an editor.
Pure: Pydantic only.

``python -m splash.content.block_forms`` prints the definitions as JSON (the studio's tests read
``frontend/src/testing/block-forms.json``; a test fails when that copy is stale).
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, TypeAdapter

from splash.content.block_parts import IconName
from splash.content.blocks import BLOCK_MODELS
from splash.core.schemas import PublicModel

Schema = dict[str, Any]

# Longer texts get a text area; an icon is recognised by the pattern of its name ("mdi:truck").
LONG_TEXT_FROM = 200
ICON_PATTERN: str = TypeAdapter(IconName).json_schema()["pattern"]
# JSON Schema's limit keywords, as the form's fields name them; what only describes a value.
_LIMITS = {
    "minLength": "min_length",
    "maxLength": "max_length",
    "pattern": "pattern",
    "minimum": "minimum",
    "maximum": "maximum",
    "minItems": "min_items",
    "maxItems": "max_items",
}
_DESCRIPTIVE = {"type", "title", "description", "default"}


class FieldKind(StrEnum):
    SHORT_TEXT = "short-text"
    LONG_TEXT = "long-text"
    NUMBER = "number"
    BOOLEAN = "boolean"
    SELECT = "select"
    LINK = "link"
    IMAGE = "image"
    ICON = "icon"
    RICH_TEXT = "rich-text"
    LIST = "list"
    GROUP = "group"


class FormField(PublicModel):
    """One field of a block's form. ``name`` is the stored key (absent on a list's item);
    ``nullable``: it may be left out; a link, an image or a group has ``fields``, a list its
    ``item``; the limits are the model's own (lengths, pattern, bounds, number of items)."""

    kind: FieldKind
    name: str | None = None
    required: bool | None = None
    nullable: bool | None = None
    default: str | int | None = None
    options: list[str] | None = None
    integer: bool | None = None
    min_length: int | None = None
    max_length: int | None = None
    pattern: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    min_items: int | None = None
    max_items: int | None = None
    fields: list[FormField] | None = None
    item: FormField | None = None


# Parts with a widget of their own, by the name their model has in the JSON Schema.
PART_KINDS = {"Link": FieldKind.LINK, "Image": FieldKind.IMAGE, "RichText": FieldKind.RICH_TEXT}


class BlockForm(PublicModel):
    type: str
    fields: list[FormField]


class BlockFormList(PublicModel):
    """The answer of ``GET /studio/content/block-forms``: every block type's form."""

    data: list[BlockForm]


class UnknownFieldShape(ValueError):
    """A field whose JSON Schema no widget fits; ``where`` names it (``faq.items[].answer``)."""

    def __init__(self, where: str, schema: Schema) -> None:
        shape = json.dumps(schema, sort_keys=True)
        super().__init__(f"{where}: no form field for the schema {shape}")
        self.where = where


def block_forms(models: tuple[type[BaseModel], ...] = BLOCK_MODELS) -> BlockFormList:
    """Every block type's form, in the order of ``BLOCK_MODELS``."""
    return BlockFormList(data=[block_form(model) for model in models])


def block_form(model: type[BaseModel]) -> BlockForm:
    schema = model.model_json_schema(by_alias=True)
    definitions: Schema = schema.get("$defs", {})
    kind = schema.get("properties", {}).get("type", {})
    if "const" not in kind:
        raise UnknownFieldShape(model.__name__, kind)
    fields = _object_fields(schema, definitions, kind["const"], skip="type")
    return BlockForm(type=kind["const"], fields=fields)


def _object_fields(
    schema: Schema, definitions: Schema, where: str, skip: str = ""
) -> list[FormField]:
    if schema.get("type") != "object" or "properties" not in schema:
        raise UnknownFieldShape(where, schema)
    required = set(schema.get("required", ()))
    return [
        _field(name, prop, definitions, f"{where}.{name}", name in required)
        for name, prop in schema["properties"].items()
        if name != skip
    ]


def _field(name: str, schema: Schema, definitions: Schema, where: str, required: bool) -> FormField:
    widget = _widget(schema, definitions, where)
    extra: Schema = {"name": name, "required": required}
    if schema.get("default") is not None:
        extra["default"] = schema["default"]
    return widget.model_copy(update=extra)


def _widget(schema: Schema, definitions: Schema, where: str) -> FormField:
    """The widget for one value's schema (an optional value: the widget of what it may be)."""
    options = schema.get("anyOf")
    if options is not None:
        kept = [option for option in options if option != {"type": "null"}]
        if len(kept) != 1 or len(options) != 2:
            raise UnknownFieldShape(where, schema)
        return _widget(kept[0], definitions, where).model_copy(update={"nullable": True})
    if "$ref" in schema:
        return _part(schema["$ref"], definitions, where)
    return _plain(schema, definitions, where)


def _part(ref: str, definitions: Schema, where: str) -> FormField:
    name = ref.removeprefix("#/$defs/")
    if name not in definitions:
        raise UnknownFieldShape(where, {"$ref": ref})
    target = definitions[name]
    kind = PART_KINDS.get(name, FieldKind.GROUP)
    if kind is FieldKind.RICH_TEXT:
        if target.get("type") != "array":
            raise UnknownFieldShape(where, target)
        return FormField(kind=kind, **_limits(target, where, {"items"}))
    return FormField(kind=kind, fields=_object_fields(target, definitions, where))


def _plain(schema: Schema, definitions: Schema, where: str) -> FormField:
    kind = schema.get("type")
    if "const" in schema or "enum" in schema:
        values = [schema["const"]] if "const" in schema else list(schema["enum"])
        if not all(isinstance(value, str) for value in values):
            raise UnknownFieldShape(where, schema)
        return FormField(kind=FieldKind.SELECT, options=values)
    if kind == "string":
        return FormField(kind=_text_kind(schema), **_limits(schema, where))
    if kind == "integer":
        return FormField(kind=FieldKind.NUMBER, integer=True, **_bounds(schema, where))
    if kind == "boolean":
        return FormField(kind=FieldKind.BOOLEAN, **_limits(schema, where))
    if kind == "array" and "items" in schema:
        item = _widget(schema["items"], definitions, f"{where}[]")
        return FormField(kind=FieldKind.LIST, item=item, **_limits(schema, where, {"items"}))
    raise UnknownFieldShape(where, schema)


def _text_kind(schema: Schema) -> FieldKind:
    if schema.get("pattern") == ICON_PATTERN:
        return FieldKind.ICON
    if schema.get("maxLength", 0) > LONG_TEXT_FROM and "pattern" not in schema:
        return FieldKind.LONG_TEXT
    return FieldKind.SHORT_TEXT


def _limits(schema: Schema, where: str, also: set[str] | None = None) -> Schema:
    """The limits a widget carries; a keyword it would not enforce raises."""
    unknown = set(schema) - set(_LIMITS) - _DESCRIPTIVE - (also or set())
    if unknown:
        raise UnknownFieldShape(where, schema)
    return {_LIMITS[key]: value for key, value in schema.items() if key in _LIMITS}


def _bounds(schema: Schema, where: str) -> Schema:
    """An integer's bounds, inclusive (above 0 is at least 1)."""
    inclusive = dict(schema)
    if "exclusiveMinimum" in inclusive:
        inclusive["minimum"] = inclusive.pop("exclusiveMinimum") + 1
    if "exclusiveMaximum" in inclusive:
        inclusive["maximum"] = inclusive.pop("exclusiveMaximum") - 1
    return _limits(inclusive, where)


def block_forms_json() -> str:
    """The forms as the route answers them (``data``), for the studio's tests."""
    answer = block_forms().model_dump(mode="json", by_alias=True, exclude_unset=True)
    return json.dumps(answer["data"], indent=2, ensure_ascii=False)


if __name__ == "__main__":
    print(block_forms_json())
