"""What the page blocks and the rich text are made of (DESIGN decision 5): the strict, frozen
base model, the shared field limits, a link, and an image with its intrinsic size. Pure:
Pydantic only."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.json_schema import SkipJsonSchema

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


MEDIA_URL = r"(/media/|https://[A-Za-z0-9.-]+(:[0-9]{1,5})?/)[A-Za-z0-9/._-]+"

# A library image's variants of one format, ``/media/library/…/640.webp 640w, …`` (filled in by
# publishing, never typed: left out of the JSON Schema the studio's forms are made from).
SrcSet = Annotated[
    str,
    Field(
        max_length=2000,
        pattern=rf"^{MEDIA_URL} [0-9]{{1,5}}w(, {MEDIA_URL} [0-9]{{1,5}}w)*$",
    ),
]


class ImageSource(BlockModel):
    type: Literal["image/avif", "image/webp"]
    srcset: SrcSet


class Image(BlockModel):
    """An image with its intrinsic size, so it never shifts the layout while loading. ``media``
    names the media library's item it shows: publishing then fills in that item's current file,
    size, variants (``srcset``, ``sizes``, ``sources``) and, when ``alt`` is empty, its alt
    text in the page's language (splash.media.publishing)."""

    # This server's /media/…, or the media library's CDN (SPLASH_MEDIA_BASE_URL, which the
    # pages' Content-Security-Policy allows images from; any other host is blocked there).
    src: Annotated[str, Field(pattern=rf"^{MEDIA_URL}$", max_length=256)]
    alt: str = Field(max_length=200)
    width: int = Field(gt=0, le=16384)
    height: int = Field(gt=0, le=16384)
    media: int | None = Field(default=None, gt=0, le=2**31 - 1)
    srcset: SkipJsonSchema[SrcSet | None] = None
    sizes: SkipJsonSchema[str | None] = Field(
        default=None, max_length=120, pattern=r"^[a-z0-9 (),:.-]+$"
    )
    sources: SkipJsonSchema[list[ImageSource] | None] = Field(default=None, max_length=2)
