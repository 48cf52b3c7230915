"""What the page blocks and the rich text are made of (DESIGN decision 5): the strict, frozen
base model, the shared field limits, a link, and an image with its intrinsic size. Pure:
Pydantic only."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

Text = Annotated[str, Field(min_length=1, max_length=2000)]
Short = Annotated[str, Field(min_length=1, max_length=160)]
Path = Annotated[str, Field(min_length=1, max_length=512, pattern=r"^(/|https?://|mailto:|tel:|#)")]
IconName = Annotated[str, Field(pattern=r"^[a-z0-9-]+:[a-z0-9-]+$", max_length=64)]


class BlockModel(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class Link(BlockModel):
    label: str = Field(min_length=1, max_length=80)
    path: Path
    variant: Literal["primary", "secondary"] = "primary"


class Image(BlockModel):
    """An image with its intrinsic size, so it never shifts the layout while loading."""

    src: Annotated[str, Field(pattern=r"^/media/[A-Za-z0-9/._-]+$", max_length=256)]
    alt: str = Field(max_length=200)
    width: int = Field(gt=0, le=4000)
    height: int = Field(gt=0, le=4000)
