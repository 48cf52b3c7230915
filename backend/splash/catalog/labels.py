"""How a product and its variants read in one locale (pure, given the rows): title, a variant's
label ("Blauw, M"), an image with its alternative text, the product page's path, whether a
variant can be bought, a variant's entity and a product's card — shared by the catalog's cards,
pages and the cart's sellable lines."""

from __future__ import annotations

from typing import Any

from splash.catalog.models import Product, ProductText, ProductVariant
from splash.catalog.sizes import size_label
from splash.core.route_table import RouteTable


def image(product: Product, key: str, text: ProductText | None) -> dict[str, Any] | None:
    image = product.images.get(key)
    if image is None:
        return None
    return {**image, "alt": (text.image_alt.get(key) if text else None) or ""}


def intro_image(product: Product, text: ProductText | None) -> dict[str, Any] | None:
    first = next(iter(product.images), None)
    return image(product, first, text) if first else None


def on_sale(variant: ProductVariant) -> bool:
    """Whether the shop sells the variant at all, sold out or not: switched on by the owner,
    which needs a price (a new variant has none and is not shown)."""
    return variant.active and variant.price > 0


def available(variant: ProductVariant) -> bool:
    return on_sale(variant) and variant.stock > 0


def path(table: RouteTable, locale: str, text: ProductText) -> str:
    return table.path_for("product", locale, {"slug": text.slug})


def title(product: Product, text: ProductText | None) -> str:
    return text.title if text else product.key


def variant_label(variant: ProductVariant, text: ProductText | None) -> str:
    """How a variant is named after its product: "Blauw, M"."""
    colour_name = (text.colours.get(variant.colour) if text else None) or variant.colour
    return f"{colour_name}, {size_label(variant.size)}"


def variant_entity(
    variant: ProductVariant, product: Product, text: ProductText | None, with_image: bool
) -> dict[str, Any]:
    """A variant as the shop's answers show it (its product page, GET /product-variants)."""
    found: dict[str, Any] = {
        "id": variant.id,
        "sku": variant.sku,
        "colour": variant.colour,
        "size": variant.size,
        "sizeLabel": size_label(variant.size),
        "title": f"{title(product, text)} \N{EN DASH} {variant_label(variant, text)}",
        "price": variant.price,
        "stock": max(variant.stock, 0),
        "available": available(variant),
    }
    if with_image:
        found["introImage"] = image(product, variant.colour, text) or intro_image(product, text)
    return found


def card(
    product: Product, text: ProductText, variants: list[ProductVariant], table: RouteTable
) -> dict[str, Any]:
    """A product's card in ``text``'s locale (the shop's list, a page's product blocks)."""
    return {
        "id": product.id,
        "key": product.key,
        "type": product.type,
        "slug": text.slug,
        "path": path(table, text.locale, text),
        "title": text.title,
        "intro": text.intro,
        "priceFrom": min((v.price for v in variants if v.price > 0), default=0),
        "colours": list(dict.fromkeys(v.colour for v in variants)),
        "available": any(available(v) for v in variants),
        "introImage": intro_image(product, text),  # a card always shows its photo
    }
