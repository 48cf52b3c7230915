"""Rich text as structured JSON, never HTML: headings, paragraphs, quotes, code, images and
lists, their text nodes with marks and links. Pure: Pydantic only."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field
from typing_extensions import TypeAliasType

from splash.content.block_parts import BlockModel, Image, Path


class TextNode(BlockModel):
    type: Literal["text"]
    text: str = Field(max_length=5000)
    bold: bool = False
    italic: bool = False
    underline: bool = False
    strikethrough: bool = False
    code: bool = False


class LinkNode(BlockModel):
    type: Literal["link"]
    url: Path
    children: list[TextNode] = Field(min_length=1)


# Named aliases: the JSON Schema (and so the SPA's generated types) names them too.
InlineNode = TypeAliasType(
    "InlineNode", Annotated[TextNode | LinkNode, Field(discriminator="type")]
)


class HeadingNode(BlockModel):
    type: Literal["heading"]
    level: int = Field(ge=1, le=6)
    children: list[InlineNode] = Field(min_length=1)


class ParagraphNode(BlockModel):
    type: Literal["paragraph"]
    children: list[InlineNode] = Field(min_length=1)


class QuoteNode(BlockModel):
    type: Literal["quote"]
    children: list[InlineNode] = Field(min_length=1)


class CodeNode(BlockModel):
    type: Literal["code"]
    language: str | None = Field(default=None, max_length=32)
    children: list[TextNode] = Field(min_length=1)


class ImageNode(BlockModel):
    type: Literal["image"]
    image: Image


class ListItemNode(BlockModel):
    type: Literal["list-item"]
    children: list[InlineNode] = Field(min_length=1)


class ListNode(BlockModel):
    type: Literal["list"]
    format: Literal["ordered", "unordered"]
    children: list[ListItemNode] = Field(min_length=1)


RichNode = TypeAliasType(
    "RichNode",
    Annotated[
        HeadingNode | ParagraphNode | QuoteNode | CodeNode | ImageNode | ListNode,
        Field(discriminator="type"),
    ],
)
RichText = TypeAliasType("RichText", Annotated[list[RichNode], Field(min_length=1, max_length=200)])
