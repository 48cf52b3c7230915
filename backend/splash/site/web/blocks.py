"""A published page's blocks: content's stored blocks (:mod:`splash.content.blocks`) with what
is filled in when a page is read — content's own parts (``splash.content.page_blocks``) and the
other domains' (:mod:`splash.site.web.compose`). Each filled block subclasses its stored model
under the same name and declares only the keys the filling adds.

The published payload is checked against them (:mod:`splash.site.web.payloads`) and the SPA's
block types are generated from them; the payload itself stays the dict each domain wrote.
The filled keys are optional but a form's fields: the SPA draws a block before the rest arrives.
"""

from __future__ import annotations

from typing import Annotated, Any, Union

from pydantic import Field
from pydantic.json_schema import SkipJsonSchema
from typing_extensions import TypeAliasType

from splash.academy.schemas import AcademyStats
from splash.content import blocks
from splash.content.schemas import CategoryPublic, Pagination
from splash.forms.schemas import FormFieldPublic

# A card of a list or an item (an article, a product, a course, a level): declared, so that the
# check knows the key, and left out of the JSON Schema, so the SPA's feature that draws the card
# types it (the SPA also reads blocks before their cards arrive: the keys are optional).
Card = SkipJsonSchema[dict[str, Any]]


class CollectionListBlock(blocks.CollectionListBlock):
    """Its first page: articles (content) or products (catalog), as many as ``limit``."""

    entries: SkipJsonSchema[list[Card]] = Field(default_factory=list)
    pagination: Pagination | None = None


class FilterBarBlock(blocks.FilterBarBlock):
    categories: list[CategoryPublic] | None = None


class FormBlock(blocks.FormBlock):
    fields: list[FormFieldPublic]


class ProductItemBlock(blocks.ProductItemBlock):
    entry: SkipJsonSchema[Card | None] = None


class AcademyItemBlock(blocks.AcademyItemBlock):
    entry: SkipJsonSchema[Card | None] = None


class ChildCoursesBlock(blocks.ChildCoursesBlock):
    entries: SkipJsonSchema[list[Card]] = Field(default_factory=list)


class AcademyIntroBlock(blocks.AcademyIntroBlock):
    stats: AcademyStats | None = None


FILLED = {
    model.__name__: model
    for model in (
        CollectionListBlock,
        FilterBarBlock,
        FormBlock,
        ProductItemBlock,
        AcademyItemBlock,
        ChildCoursesBlock,
        AcademyIntroBlock,
    )
}
PUBLISHED = tuple(FILLED.get(model.__name__, model) for model in blocks.BLOCK_MODELS)

Block = TypeAliasType(
    "Block",
    Annotated[Union[PUBLISHED], Field(discriminator="type")],  # type: ignore[valid-type]  # noqa: UP007
)
