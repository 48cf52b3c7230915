"""The SPA's types of the published payloads, generated from :mod:`splash.site.web.payloads`.

``python -m splash.site.web.typescript`` (``make payload-types``) writes
``frontend/src/lib/payload-types.ts``; a test regenerates it and fails when the committed file
differs, so a model and the SPA's type cannot disagree. It translates the part of JSON Schema
Pydantic emits for these models — objects, maps, arrays, ``anyOf``, ``enum``, ``const`` and
references — and takes a field's ``x-ts-type`` as it is (a type named, not described). A type
keeps its model's name, but for the page blocks' models (:mod:`splash.content.blocks` and
its parts :mod:`splash.content.block_parts`, :mod:`splash.site.web.blocks`): the SPA calls a
block ``IntroBlockData`` and its image and link ``ImageData`` and ``LinkData`` (an API answer's
image is ``Image``). Pure: no Node and no npm
package for a few dozen lines of translation.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import CoreModeRef, CoreRef, DefsRef, GenerateJsonSchema

from splash.site.web.payloads import Payload

REF = "#/$defs/"
TARGET = Path(__file__).parents[4] / "frontend" / "src" / "lib" / "payload-types.ts"
# Where a type named by ``x-ts-type`` comes from, relative to TARGET, unless the file defines it
# (rich text does: its models are among the payload's).
IMPORTS = {"RichText": "../ui/rich-text-types"}
HEADER = """\
/**
 * The published payloads (/_payload/<path>.json), generated from splash/site/web/payloads.py
 * by backend/splash/site/web/typescript.py: do not edit; `make payload-types` writes it again.
 */
"""
SCALARS = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean"}
SCALARS["null"] = "null"
IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")
# A page block's model, or its image or link, by its core reference (``module.Name:id``).
BLOCK_MODEL = re.compile(
    r"^(splash\.(?:content\.(?:blocks|block_parts)|site\.web\.blocks)\.)(\w*Block|Image|Link)(:\d+)$"
)
# A union longer than this is written one member a line.
WIDTH = 100


class SpaNames(GenerateJsonSchema):
    """Names the page blocks' models as the SPA does (see the module's docstring)."""

    def get_defs_ref(self, core_mode_ref: CoreModeRef) -> DefsRef:
        core_ref, mode = core_mode_ref
        named = CoreRef(BLOCK_MODEL.sub(r"\1\2Data\3", core_ref))
        return super().get_defs_ref((named, mode))


def type_of(schema: dict[str, Any]) -> str:
    """The TypeScript type of one JSON Schema node."""
    if "x-ts-type" in schema:
        return str(schema["x-ts-type"])
    if "$ref" in schema:
        return str(schema["$ref"]).removeprefix(REF)
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return " | ".join(type_of(option) for option in options)
    kind = schema.get("type")
    if kind == "array":
        item = type_of(schema.get("items", {}))
        return f"({item})[]" if " | " in item else f"{item}[]"
    if kind == "object" and "properties" in schema:
        return _object(schema, "")
    if kind == "object":
        extra = schema.get("additionalProperties", True)
        value = type_of(extra) if isinstance(extra, dict) else "unknown"
        if "propertyNames" in schema:  # a map of known keys holds any number of them
            return f"Partial<Record<{type_of(schema['propertyNames'])}, {value}>>"
        return f"Record<string, {value}>"
    if kind in SCALARS:
        return SCALARS[kind]
    return "unknown"


def _doc(schema: dict[str, Any], indent: str) -> str:
    text = " ".join(str(schema.get("description", "")).replace("``", "`").split())
    return f"{indent}/** {text} */\n" if text else ""


def _object(schema: dict[str, Any], indent: str) -> str:
    required = set(schema.get("required", ()))
    lines = []
    for name, field in schema["properties"].items():
        key = name if IDENTIFIER.match(name) else json.dumps(name)
        optional = "" if name in required else "?"
        lines.append(f"{_doc(field, indent + '  ')}{indent}  {key}{optional}: {type_of(field)};")
    return "{\n" + "\n".join(lines) + f"\n{indent}}}"


def _definition(schema: dict[str, Any]) -> str:
    """What follows ``export type Name =``: a long union one member a line."""
    if "properties" in schema:
        return " " + _object(schema, "")
    text = type_of(schema)
    options = schema.get("anyOf") or schema.get("oneOf")
    if options and len(text) > WIDTH:
        return "".join(f"\n  | {type_of(option)}" for option in options)
    return " " + text


def _imports(text: str, defined: set[str]) -> str:
    used = sorted(name for name in IMPORTS.keys() - defined if re.search(rf"\b{name}\b", text))
    return "".join(f'import type {{ {name} }} from "{IMPORTS[name]}";\n' for name in used)


def typescript(*models: type[BaseModel]) -> str:
    """One ``export type`` per model and per model it uses, by name."""
    definitions: dict[str, dict[str, Any]] = {}
    for model in models:
        schema = model.model_json_schema(
            ref_template=REF + "{model}",
            mode="serialization",
            by_alias=True,
            schema_generator=SpaNames,
        )
        definitions.update(schema.pop("$defs", {}))
        definitions[model.__name__] = schema
    body = "\n".join(
        f"{_doc(schema, '')}export type {name} ={_definition(schema)};\n"
        for name, schema in sorted(definitions.items())
    )
    imports = _imports(body, set(definitions))
    return HEADER + (imports + "\n" if imports else "") + body


def main() -> None:
    TARGET.write_text(typescript(Payload), encoding="utf-8")
    sys.stdout.write(f"wrote {TARGET}\n")


if __name__ == "__main__":
    main()
