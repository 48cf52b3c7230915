from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model

from splash.catalog.vocabulary import ProductType


class Product(Model):
    """A float suit (or, later, another product type), sold in variants (a colour and a size).

    ``images`` maps an image key (``blue``, ``pink``, ``floats``) to an image; the variants of a
    colour show that colour's image. Texts live per locale in :class:`ProductText`.
    """

    id = fields.IntField(primary_key=True)
    key = fields.CharField(max_length=64, unique=True)
    type = fields.CharEnumField(ProductType, max_length=16, default=ProductType.PHYSICAL)
    position = fields.IntField(default=0)
    published = fields.BooleanField(default=True)
    images: dict[str, Any] = fields.JSONField(default=dict)  # type: ignore[assignment]
    size_guide: list[dict[str, Any]] = fields.JSONField(default=list)  # type: ignore[assignment]
    min_age_years = fields.IntField(default=3)

    texts: fields.ReverseRelation[ProductText]
    variants: fields.ReverseRelation[ProductVariant]

    class Meta:
        table = "catalog_product"
        ordering = ("position", "id")


class ProductText(Model):
    id = fields.IntField(primary_key=True)
    product: fields.ForeignKeyRelation[Product] = fields.ForeignKeyField(
        "splash.Product", related_name="texts", on_delete=fields.CASCADE
    )
    locale = fields.CharField(max_length=5)
    slug = fields.CharField(max_length=120)
    title = fields.CharField(max_length=160)
    intro = fields.CharField(max_length=400)
    description: list[dict[str, Any]] = fields.JSONField(default=list)  # type: ignore[assignment]
    image_alt: dict[str, str] = fields.JSONField(default=dict)  # type: ignore[assignment]
    colours: dict[str, str] = fields.JSONField(default=dict)  # type: ignore[assignment]
    seo_title = fields.CharField(max_length=160)
    seo_description = fields.CharField(max_length=320)

    class Meta:
        table = "catalog_product_text"
        unique_together = (("locale", "slug"), ("product", "locale"))


class ProductVariant(Model):
    """One colour and size of a product. ``active`` switches a variant off by hand, and a variant
    is available when it is active and in stock."""

    id = fields.IntField(primary_key=True)
    product: fields.ForeignKeyRelation[Product] = fields.ForeignKeyField(
        "splash.Product", related_name="variants", on_delete=fields.CASCADE
    )
    sku = fields.CharField(max_length=64, unique=True)
    colour = fields.CharField(max_length=16)
    size = fields.CharField(max_length=8)
    price = fields.IntField()  # cents
    stock = fields.IntField(default=0)  # on sale: what unpaid orders reserve is taken already
    # The studio's low-stock list: available at or below it (the database's default fills the
    # variants that existed before).
    low_stock_threshold = fields.IntField(default=3, db_default=3)
    active = fields.BooleanField(default=True)
    position = fields.IntField(default=0)

    class Meta:
        table = "catalog_product_variant"
        indexes = (Index(fields=("product_id",), name="catalog_product_variant_product"),)
        ordering = ("position", "id")
