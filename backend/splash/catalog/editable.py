"""Products as the studio edits them (``splash.editing.editable.Editable``): a product's texts
per language (``product``: slug, title, intro, description, image alts, colour names, SEO)
and its part that is the same in every language (``product-setup``: type, images, position,
age, published). A product's key is the entry's key in both. Variants, prices and the size
guide: ``catalog.editable_variants``; the free lessons a suit grants: the academy's
``free-lessons``.

A renamed slug moves the product's page: the old path answers 301 to the new one (editing's
redirects, from ``Applied.moved``). Every change republishes the product's pages
(``product:<id>``) and the listings that show it."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from splash.catalog import labels
from splash.catalog.models import Product, ProductText
from splash.catalog.product_pages import product_page
from splash.catalog.services import variants_of
from splash.catalog.sizes import Colour
from splash.catalog.vocabulary import ProductType
from splash.content.schemas import RichNode
from splash.core.errors import NotFoundError, ValidationError
from splash.core.route_table import RouteTable
from splash.core.schemas import RequestBody
from splash.editing.editable import Applied, Document, EntrySummary, Preview
from splash.editing.slugs import SLUG_PATTERN
from splash.staff.vocabulary import Permission

SLUG_LENGTH = 120  # the texts' column; a slug made from a long title may be longer
Slug = Annotated[str, Field(max_length=SLUG_LENGTH, pattern=f"^$|{SLUG_PATTERN}")]
SHOWN_IN = "nl"  # the default language: where a preview of a shared part is shown
ImageKey = Annotated[str, Field(max_length=32, pattern=r"^[a-z0-9][a-z0-9-]*$")]


class ProductDocument(RequestBody):
    """A product's texts in one language; ``imageAlt`` per image key, ``colours`` the colour
    names its variants are called by."""

    title: str = Field(default="", max_length=160)
    slug: Slug = ""  # empty: made from the title when published
    intro: str = Field(default="", max_length=400)
    description: list[RichNode] = Field(default_factory=list, max_length=200)
    image_alt: dict[ImageKey, Annotated[str, Field(max_length=200)]] = Field(
        default_factory=dict, max_length=20
    )
    colours: dict[Colour, Annotated[str, Field(max_length=32)]] = Field(default_factory=dict)
    seo_title: str = Field(default="", max_length=160)
    seo_description: str = Field(default="", max_length=320)


def empty_texts(document: Document, *names: str) -> list[str]:
    """The fields among ``names`` that are empty (only spaces count as empty)."""
    return [name for name in names if not str(document.get(name) or "").strip()]


async def product_of(key: str) -> Product:
    found = await Product.get_or_none(key=key)
    if found is None:
        raise NotFoundError(f"No product {key!r}: set it up first (product-setup)")
    return found


def _text_document(text: ProductText) -> Document:
    return {
        "title": text.title,
        "slug": text.slug,
        "intro": text.intro,
        "description": text.description,
        "imageAlt": text.image_alt,
        "colours": text.colours,
        "seoTitle": text.seo_title,
        "seoDescription": text.seo_description,
    }


def _columns(document: Document) -> dict[str, Any]:
    title = document.get("title", "")
    intro = document.get("intro", "")
    return {
        "title": title,
        "slug": document.get("slug", ""),
        "intro": intro,
        "description": document.get("description", []),
        "image_alt": document.get("imageAlt", {}),
        "colours": document.get("colours", {}),
        "seo_title": document.get("seoTitle") or title,
        "seo_description": document.get("seoDescription") or intro,
    }


class Products:
    """A product's texts per language: what the product page, the shop and the cart show."""

    permission = Permission.CONTENT
    localized = True
    document = ProductDocument

    async def live(self, key: str, locale: str) -> Document | None:
        text = await ProductText.get_or_none(
            product__key=key, product__published=True, locale=locale
        )
        return _text_document(text) if text else None

    def missing(self, document: Document, locale: str) -> list[str]:
        description = [] if document.get("description") else ["description"]
        alts = [
            f"imageAlt.{image}"
            for image, alt in (document.get("imageAlt") or {}).items()
            if not str(alt).strip()
        ]
        return empty_texts(document, "title", "intro") + description + alts

    async def check(self, key: str, locale: str, document: Document) -> None:
        product = await product_of(key)
        unknown = sorted(set(document.get("imageAlt") or {}) - set(product.images))
        if unknown:
            raise ValidationError.for_field(
                ["imageAlt", unknown[0]], f"The product has no image {unknown[0]!r}"
            )
        slug = str(document.get("slug") or "")
        if len(slug) > SLUG_LENGTH:
            raise ValidationError.for_field(["slug"], f"A slug is at most {SLUG_LENGTH} characters")
        taken = ProductText.filter(locale=locale, slug=slug).exclude(product_id=product.id)
        if slug and await taken.exists():
            raise ValidationError.for_field(["slug"], f"The slug {slug!r} is taken here")

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        product = await product_of(key)
        columns = _columns(document)
        text = await ProductText.get_or_none(product_id=product.id, locale=locale)
        moved: list[tuple[str, str]] = []
        if text is None:
            await ProductText.create(product_id=product.id, locale=locale, **columns)
        else:
            if product.published and text.slug != columns["slug"]:
                old = labels.path(table, locale, text)
                moved = [(old, table.path_for("product", locale, {"slug": columns["slug"]}))]
            await ProductText.filter(id=text.id).update(**columns)
        return Applied([f"product:{product.id}"], moved)

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        """Off the shop in this language: its texts there go (the draft keeps them)."""
        product = await product_of(key)
        await ProductText.filter(product_id=product.id, locale=locale).delete()
        return Applied([f"product:{product.id}"])

    async def entries(self, locale: str) -> list[EntrySummary]:
        products = await Product.all().order_by("position", "id")
        texts = await ProductText.all().order_by("id")
        by_product: dict[int, list[ProductText]] = {}
        for text in texts:
            by_product.setdefault(text.product_id, []).append(text)  # type: ignore[attr-defined]
        summaries = []
        for product in products:
            found = by_product.get(product.id, [])
            own = next((text for text in found if text.locale == locale), None)
            shown = own or (found[0] if found else None)
            summaries.append(
                EntrySummary(
                    key=product.key,
                    title=shown.title if shown else product.key,
                    live=bool(own and product.published),
                    translated=own is not None,
                )
            )
        return summaries

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        product = await product_of(key)
        draft = ProductText(product=product, locale=locale, **_columns(document))
        others = await ProductText.filter(product_id=product.id).exclude(locale=locale)
        for other in others:
            other.product = product
        variants = (await variants_of([product.id]))[product.id]
        entity = product_page(draft, others, variants, table)
        return Preview(labels.path(table, locale, draft), "product", entity)


class ImageDocument(RequestBody):
    src: str = Field(max_length=512, pattern=r"^/media/[\w./-]+\.(webp|avif|jpg|jpeg|png)$")
    width: int = Field(gt=0, le=8000)
    height: int = Field(gt=0, le=8000)


class ProductSetupDocument(RequestBody):
    """What a product is in every language: its type, its images by key (the first is its
    card's; a colour's image shows its variants), its place in the shop, the youngest age it
    suits, and whether it is on the site."""

    type: ProductType = ProductType.PHYSICAL
    images: dict[ImageKey, ImageDocument] = Field(default_factory=dict, max_length=20)
    position: int = Field(default=0, ge=0, le=100_000)
    min_age_years: int = Field(default=3, ge=0, le=18)
    published: bool = True


class ProductSetups:
    """The part of a product that is the same in every language (entry locale ``""``)."""

    permission = Permission.CONTENT
    localized = False
    document = ProductSetupDocument

    async def live(self, key: str, locale: str) -> Document | None:
        product = await Product.get_or_none(key=key)
        if product is None:
            return None
        return {
            "type": product.type.value,
            "images": product.images,
            "position": product.position,
            "minAgeYears": product.min_age_years,
            "published": product.published,
        }

    def missing(self, document: Document, locale: str) -> list[str]:
        return [] if document.get("images") else ["images"]

    async def check(self, key: str, locale: str, document: Document) -> None:
        product = await Product.get_or_none(key=key)
        if product is None:
            return
        colours = {str(c) for c in await product.variants.all().values_list("colour", flat=True)}
        missing = sorted(colours - set(document.get("images") or {}))
        if missing:
            raise ValidationError.for_field(
                ["images", missing[0]], f"The {missing[0]} variants show this image: keep it"
            )

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        columns = {
            "type": ProductType(document.get("type", ProductType.PHYSICAL)),
            "images": document.get("images", {}),
            "position": document.get("position", 0),
            "min_age_years": document.get("minAgeYears", 3),
            "published": document.get("published", True),
        }
        product, _ = await Product.update_or_create(key=key, defaults=columns)
        return Applied([f"product:{product.id}"])

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        product = await product_of(key)
        await Product.filter(id=product.id).update(published=False)
        return Applied([f"product:{product.id}"])

    async def entries(self, locale: str) -> list[EntrySummary]:
        products = await Product.all().order_by("position", "id")
        return [EntrySummary(p.key, p.key, p.published, True) for p in products]

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        return await live_product_preview(key, table)


async def live_product_preview(key: str, table: RouteTable, **changed: Any) -> Preview:
    """The product's page in the default language with ``changed`` over its live payload
    (``variants``, ``sizeGuide``): the preview of a part the same in every language."""
    product = await product_of(key)
    texts = await ProductText.filter(product_id=product.id).order_by("id")
    for text in texts:
        text.product = product
    shown = next((text for text in texts if text.locale == SHOWN_IN), texts[0] if texts else None)
    if shown is None:
        raise NotFoundError("The product has no texts yet: nothing to preview")
    variants = (await variants_of([product.id]))[product.id]
    entity = product_page(shown, [t for t in texts if t is not shown], variants, table)
    return Preview(labels.path(table, shown.locale, shown), "product", {**entity, **changed})
