"""Page blocks as typed data (DESIGN decision 5), validated when content is written.

Pure: Pydantic only. Every block the spec names has a schema here; each has a ``type``. An
unknown type or an invalid block is skipped (and logged by the caller) when a page is read, so
one bad block never breaks a page. Rich text is structured JSON, never HTML.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import Field, TypeAdapter, ValidationError

from splash.content.block_parts import BlockModel, IconName, Image, Link, Short, Text
from splash.content.rich_text import RichText

# --- blocks -------------------------------------------------------------------------------


class IntroBlock(BlockModel):
    type: Literal["intro"]
    eyebrow: str | None = Field(default=None, max_length=80)
    title: Short
    text: str = Field(min_length=1, max_length=600)
    button: Link | None = None
    image: Image | None = None


class TextBlock(BlockModel):
    """Plain paragraphs; rich formatting belongs in the rich-text block."""

    type: Literal["text"]
    title: Short | None = None
    paragraphs: list[Text] = Field(min_length=1, max_length=20)


class RichTextBlock(BlockModel):
    type: Literal["rich-text"]
    body: RichText


class TextWithMediaBlock(BlockModel):
    type: Literal["text-with-media"]
    title: Short
    body: RichText
    image: Image
    image_position: Literal["left", "right"] = Field(default="right", alias="imagePosition")
    button: Link | None = None


class ButtonsBlock(BlockModel):
    type: Literal["buttons"]
    buttons: list[Link] = Field(min_length=1, max_length=4)


class CallToActionBlock(BlockModel):
    type: Literal["call-to-action"]
    title: Short
    text: str | None = Field(default=None, max_length=600)
    button: Link
    image: Image | None = None


class FaqItem(BlockModel):
    question: Short
    answer: RichText


class FaqBlock(BlockModel):
    type: Literal["faq"]
    title: Short | None = None
    items: list[FaqItem] = Field(min_length=1, max_length=50)


class ConsentEmbedBlock(BlockModel):
    """A third-party embed (video, map) shown only after the visitor consents."""

    type: Literal["consent-embed"]
    title: Short
    provider: Literal["youtube", "vimeo", "google-maps"]
    url: Annotated[str, Field(pattern=r"^https://", max_length=512)]
    aspect_ratio: Literal["16:9", "4:3", "1:1"] = Field(default="16:9", alias="aspectRatio")
    poster: Image | None = None


class MarqueeBlock(BlockModel):
    type: Literal["marquee"]
    items: list[Short] = Field(min_length=1, max_length=12)


class Review(BlockModel):
    name: str = Field(min_length=1, max_length=80)
    rating: int = Field(ge=1, le=5)
    text: str = Field(min_length=1, max_length=800)
    date: str | None = Field(default=None, pattern=r"^\d{4}-\d{2}-\d{2}$")


class ReviewsBlock(BlockModel):
    type: Literal["reviews"]
    title: Short | None = None
    items: list[Review] = Field(min_length=1, max_length=30)


class Statistic(BlockModel):
    value: str = Field(min_length=1, max_length=20)
    label: str = Field(min_length=1, max_length=80)


class StatisticsBlock(BlockModel):
    type: Literal["statistics"]
    title: Short | None = None
    items: list[Statistic] = Field(min_length=1, max_length=8)


class BlogIntroBlock(BlockModel):
    type: Literal["blog-intro"]
    title: Short
    text: str | None = Field(default=None, max_length=600)


class FilterBarBlock(BlockModel):
    """Filters a collection list on the same page (articles by category)."""

    type: Literal["filter-bar"]
    collection: Literal["article"] = "article"
    by: Literal["category"] = "category"


class CollectionListBlock(BlockModel):
    type: Literal["collection-list"]
    collection: Literal["article", "product"]
    title: Short | None = None
    limit: int = Field(default=6, ge=1, le=24)
    category: str | None = Field(default=None, max_length=64)


class PaginationBlock(BlockModel):
    """Pages through the collection list on the same page: Load more, or Next and Previous."""

    type: Literal["pagination"]
    mode: Literal["load-more", "pages"] = "load-more"


class ConsentFormBlock(BlockModel):
    """The visitor's choices for cookies and embeds (statistics, marketing, embeds)."""

    type: Literal["consent-form"]
    title: Short
    text: str | None = Field(default=None, max_length=600)


class FormBlock(BlockModel):
    """A generic form (e.g. the contact form); its fields come from the form's definition."""

    type: Literal["form"]
    form: Literal["contact"]
    title: Short | None = None
    text: str | None = Field(default=None, max_length=600)
    success_message: str = Field(alias="successMessage", min_length=1, max_length=300)


class ItemBlock(BlockModel):
    type: Literal["item"]
    title: Short
    text: str | None = Field(default=None, max_length=600)
    image: Image | None = None
    link: Link | None = None


class IconPoint(BlockModel):
    icon: IconName
    title: Short
    text: str | None = Field(default=None, max_length=300)


class ShopConditionsBlock(BlockModel):
    type: Literal["shop-conditions"]
    items: list[IconPoint] = Field(min_length=1, max_length=6)


class SellingPointsCoursesBlock(BlockModel):
    type: Literal["selling-points-courses"]
    title: Short | None = None
    items: list[IconPoint] = Field(min_length=1, max_length=6)


class SellingPointsShippingBlock(BlockModel):
    type: Literal["selling-points-shipping"]
    title: Short | None = None
    items: list[IconPoint] = Field(min_length=1, max_length=6)


class IconsBlock(BlockModel):
    type: Literal["icons"]
    title: Short | None = None
    items: list[IconPoint] = Field(min_length=1, max_length=12)


# Blocks whose behaviour arrives with a later capability; until then they render a placeholder.
class CartBlock(BlockModel):
    type: Literal["cart"]


class CheckoutBlock(BlockModel):
    type: Literal["checkout"]


class ProfileBlock(BlockModel):
    type: Literal["profile"]


class OrderItemBlock(BlockModel):
    type: Literal["order-item"]


class AcademyIntroBlock(BlockModel):
    type: Literal["academy-intro"]
    title: Short
    text: str | None = Field(default=None, max_length=600)


class AcademyItemBlock(BlockModel):
    type: Literal["academy-item"]
    course: str = Field(min_length=1, max_length=64)


class ChildCoursesBlock(BlockModel):
    """The level cards of one course (``course``: its key), or of every published course."""

    type: Literal["child-courses"]
    title: Short | None = None
    course: str | None = Field(default=None, min_length=1, max_length=64)


class ProductIntroBlock(BlockModel):
    type: Literal["product-intro"]
    title: Short | None = None


class ProductItemBlock(BlockModel):
    type: Literal["product-item"]
    product: str = Field(min_length=1, max_length=64)


BLOCK_MODELS: tuple[type[BlockModel], ...] = (
    IntroBlock,
    TextBlock,
    RichTextBlock,
    TextWithMediaBlock,
    ButtonsBlock,
    CallToActionBlock,
    FaqBlock,
    ConsentEmbedBlock,
    MarqueeBlock,
    ReviewsBlock,
    StatisticsBlock,
    BlogIntroBlock,
    FilterBarBlock,
    CollectionListBlock,
    PaginationBlock,
    ConsentFormBlock,
    FormBlock,
    ItemBlock,
    ShopConditionsBlock,
    SellingPointsCoursesBlock,
    SellingPointsShippingBlock,
    IconsBlock,
    CartBlock,
    CheckoutBlock,
    ProfileBlock,
    OrderItemBlock,
    AcademyIntroBlock,
    AcademyItemBlock,
    ChildCoursesBlock,
    ProductIntroBlock,
    ProductItemBlock,
)

Block = Annotated[Union[BLOCK_MODELS], Field(discriminator="type")]  # type: ignore[valid-type]  # noqa: UP007
_BLOCK: TypeAdapter[Any] = TypeAdapter(Block)
RICH_TEXT: TypeAdapter[list[Any]] = TypeAdapter(RichText)
IMAGE = TypeAdapter(Image)
KNOWN_TYPES = frozenset(model.model_fields["type"].annotation.__args__[0] for model in BLOCK_MODELS)  # type: ignore[union-attr]


def validate_blocks(raw: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Validate blocks for storage; raises pydantic's ValidationError naming the bad field."""
    return [
        _BLOCK.validate_python(block).model_dump(exclude_unset=True, by_alias=True) for block in raw
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
            kept.append(_BLOCK.validate_python(block).model_dump(exclude_unset=True, by_alias=True))
        except ValidationError as exc:
            skipped.append(f"block {index} ({kind}): {exc.errors()[0]['msg']}")
    return kept, skipped
