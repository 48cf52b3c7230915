"""How a product and its variants read in one locale (pure, given the rows): title, a variant's
label ("Blauw, M"), an image with its alternative text, the product page's path, and whether a
variant can be bought — shared by the catalog's cards, pages and the cart's sellable lines."""

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


def available(variant: ProductVariant) -> bool:
    return variant.active and variant.stock > 0


def path(table: RouteTable, locale: str, text: ProductText) -> str:
    return table.path_for("product", locale, {"slug": text.slug})


def title(product: Product, text: ProductText | None) -> str:
    return text.title if text else product.key


def variant_label(variant: ProductVariant, text: ProductText | None) -> str:
    """How a variant is named after its product: "Blauw, M"."""
    colour_name = (text.colours.get(variant.colour) if text else None) or variant.colour
    return f"{colour_name}, {size_label(variant.size)}"
