"""The SPA's payload types are generated from the payload models, and kept up to date."""

from typing import Any, Literal

from pydantic import Field

from splash.core.schemas import PublicModel
from splash.site.web.payloads import Payload
from splash.site.web.typescript import TARGET, type_of, typescript


def test_the_committed_typescript_is_what_the_models_generate():
    """Fails when a payload model changed and `make payload-types` was not run (or the .ts file
    was edited by hand): the SPA would read another shape than the backend publishes."""
    assert TARGET.read_text(encoding="utf-8") == typescript(Payload)


class Card(PublicModel):
    """A card."""

    card_id: int
    tags: list[str | None]
    label: str | None = None
    body: list[dict[str, Any]] = Field(json_schema_extra={"x-ts-type": "RichText"})


class Deck(PublicModel):
    cards: dict[str, Card]
    kind: Literal["deck"]


def test_models_become_exported_types_with_their_camel_case_fields():
    text = typescript(Deck)
    assert 'import type { RichText } from "../ui/rich-text-types";' in text
    assert (
        "/** A card. */\nexport type Card = {\n"
        "  cardId: number;\n"
        "  tags: (string | null)[];\n"
        "  label?: string | null;\n"
        "  body: RichText;\n"
        "};\n"
    ) in text
    assert 'export type Deck = {\n  cards: Record<string, Card>;\n  kind: "deck";\n};\n' in text


def test_json_schema_nodes_become_typescript_types():
    assert type_of({"enum": ["nl", "en"]}) == '"nl" | "en"'
    assert type_of({"type": "integer"}) == "number"
    assert type_of({"type": "array", "items": {"$ref": "#/$defs/Image"}}) == "Image[]"
    assert type_of({"type": "object"}) == "Record<string, unknown>"
    known_keys = {
        "type": "object",
        "additionalProperties": {"type": "string"},
        "propertyNames": {"enum": ["nl", "en"]},
    }
    assert type_of(known_keys) == 'Partial<Record<"nl" | "en", string>>'


def test_page_blocks_and_rich_text_are_generated_with_the_spas_names():
    """A block is `<Name>Data` with its defaulted fields optional; rich text is generated here,
    so nothing is imported from the SPA's hand-written files."""
    text = typescript(Payload)
    assert "  blocks: BlockData[];\n" in text
    assert "export type BlockData =\n  | IntroBlockData\n  | TextBlockData\n" in text
    assert (
        "export type LinkData = {\n"
        "  label: string;\n"
        "  path: string;\n"
        '  variant?: "primary" | "secondary";\n'
        "};\n"
    ) in text
    assert "export type ImageData = {" in text and "export type Image = {" in text
    assert "export type RichText = RichNode[];\n" in text
    assert "import " not in text
