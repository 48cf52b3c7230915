"""Page blocks as typed data (DESIGN decision 5), validated when content is written.

Pure: Pydantic only. Each block has a ``type``; an unknown type is skipped (and logged by the
caller) when a page is read, so one bad block never breaks a page.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError


class BlockModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Link(BlockModel):
    label: str = Field(min_length=1, max_length=80)
    path: str = Field(min_length=1, max_length=512)


class IntroBlock(BlockModel):
    type: Literal["intro"]
    eyebrow: str | None = Field(default=None, max_length=80)
    title: str = Field(min_length=1, max_length=160)
    text: str = Field(min_length=1, max_length=600)
    button: Link | None = None


class TextBlock(BlockModel):
    type: Literal["text"]
    title: str | None = Field(default=None, max_length=160)
    paragraphs: list[Annotated[str, Field(min_length=1, max_length=2000)]] = Field(min_length=1)


class FormBlock(BlockModel):
    """A generic form (e.g. the contact form); its fields come from the form's definition."""

    type: Literal["form"]
    form: Literal["contact"]
    title: str | None = Field(default=None, max_length=160)
    text: str | None = Field(default=None, max_length=600)
    success_message: str = Field(alias="successMessage", min_length=1, max_length=300)


Block = Annotated[IntroBlock | TextBlock | FormBlock, Field(discriminator="type")]
_BLOCK = TypeAdapter(Block)
KNOWN_TYPES = frozenset({"intro", "text", "form"})


def validate_blocks(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Validate blocks for storage; raises pydantic's ValidationError naming the bad field."""
    return [
        _BLOCK.validate_python(block).model_dump(exclude_none=True, by_alias=True) for block in raw
    ]


def readable_blocks(raw: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[str]]:
    """Blocks fit to render, and a reason for each one skipped (unknown type or invalid)."""
    kept: list[dict[str, Any]] = []
    skipped: list[str] = []
    for index, block in enumerate(raw):
        kind = block.get("type") if isinstance(block, dict) else None
        if kind not in KNOWN_TYPES:
            skipped.append(f"block {index}: unknown type {kind!r}")
            continue
        try:
            kept.append(_BLOCK.validate_python(block).model_dump(exclude_none=True, by_alias=True))
        except ValidationError as exc:
            skipped.append(f"block {index} ({kind}): {exc.errors()[0]['msg']}")
    return kept, skipped
