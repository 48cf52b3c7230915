"""Content-system tables: locales, site settings, navigation menus and pages.

Pages exist once per locale and are linked to their translations through ``localization_key``
(the same key on every locale's version of a page).
"""

from __future__ import annotations

from tortoise import fields
from tortoise.indexes import Index
from tortoise.models import Model


class Locale(Model):
    code = fields.CharField(max_length=5, primary_key=True)
    name = fields.CharField(max_length=64)
    is_default = fields.BooleanField(default=False)
    position = fields.SmallIntField(default=0)

    class Meta:
        table = "locale"
        ordering = ("position", "code")


class SiteSettings(Model):
    """The single row of shop-wide facts shown in the footer and the head tags."""

    id = fields.IntField(primary_key=True)
    company_name = fields.CharField(max_length=128)
    coc_number = fields.CharField(max_length=32)
    vat_number = fields.CharField(max_length=32)
    # The company's postal address, in the footer and on the invoice (a SellerAddress: street,
    # housenumber, postalCode, city, country); empty until the fixtures are seeded.
    address: dict[str, str] = fields.JSONField(default=dict)  # type: ignore[assignment]
    social_links: dict[str, str] = fields.JSONField(default=dict)  # type: ignore[assignment]
    # A short announcement above every page, per locale (locale → text; none: no banner).
    banner: dict[str, str] = fields.JSONField(default=dict)  # type: ignore[assignment]

    class Meta:
        table = "site_settings"


class Navigation(Model):
    id = fields.IntField(primary_key=True)
    slug = fields.CharField(max_length=32)
    locale: fields.ForeignKeyRelation[Locale] = fields.ForeignKeyField(
        "splash.Locale", related_name="navigations"
    )
    locale_id: str
    items: fields.ReverseRelation[NavigationItem]

    class Meta:
        table = "navigation"
        unique_together = (("slug", "locale"),)


class NavigationItem(Model):
    id = fields.IntField(primary_key=True)
    navigation: fields.ForeignKeyRelation[Navigation] = fields.ForeignKeyField(
        "splash.Navigation", related_name="items", on_delete=fields.CASCADE
    )
    parent: fields.ForeignKeyNullableRelation[NavigationItem] = fields.ForeignKeyField(
        "splash.NavigationItem", related_name="children", null=True, on_delete=fields.CASCADE
    )
    key = fields.CharField(
        max_length=64, description="Stable fixture key, the same in every locale"
    )
    title = fields.CharField(max_length=128)
    path = fields.CharField(max_length=512)
    position = fields.SmallIntField(default=0)

    class Meta:
        table = "navigation_item"
        unique_together = (("navigation", "key"),)
        ordering = ("position", "id")


# A content page in one locale. Its full path is its parents' slugs and its own (home is the
# empty path); its translations share localization_key. (Comments, not docstrings: Tortoise
# turns a model's docstring into a table comment.)
class Page(Model):
    id = fields.IntField(primary_key=True)
    locale: fields.ForeignKeyRelation[Locale] = fields.ForeignKeyField(
        "splash.Locale", related_name="pages"
    )
    locale_id: str
    slug = fields.CharField(max_length=190)
    localization_key = fields.CharField(max_length=64)
    title = fields.CharField(max_length=190)
    seo_title = fields.CharField(max_length=190, null=True)
    seo_description = fields.CharField(max_length=320, null=True)
    seo_image: dict[str, object] | None = fields.JSONField(null=True)  # type: ignore[assignment]
    parent: fields.ForeignKeyNullableRelation[Page] = fields.ForeignKeyField(
        "splash.Page", related_name="children", null=True, on_delete=fields.SET_NULL
    )
    parent_id: int | None
    layout = fields.CharField(max_length=16, default="default")
    blocks: list[dict[str, object]] = fields.JSONField(default=list)  # type: ignore[assignment]
    published = fields.BooleanField(default=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "page"
        unique_together = (("locale", "slug"), ("locale", "localization_key"))


# A blog category in one locale; key is the same in every locale.
class Category(Model):
    id = fields.IntField(primary_key=True)
    locale: fields.ForeignKeyRelation[Locale] = fields.ForeignKeyField(
        "splash.Locale", related_name="categories"
    )
    locale_id: str
    key = fields.CharField(max_length=64)
    slug = fields.CharField(max_length=80)
    name = fields.CharField(max_length=80)

    class Meta:
        table = "category"
        unique_together = (("locale", "key"), ("locale", "slug"))
        ordering = ("name",)


# A blog article in one locale; translations share localization_key.
class Article(Model):
    id = fields.IntField(primary_key=True)
    locale: fields.ForeignKeyRelation[Locale] = fields.ForeignKeyField(
        "splash.Locale", related_name="articles"
    )
    locale_id: str
    slug = fields.CharField(max_length=190)
    localization_key = fields.CharField(max_length=64)
    title = fields.CharField(max_length=190)
    excerpt = fields.CharField(max_length=400)
    cover: dict[str, object] | None = fields.JSONField(null=True)  # type: ignore[assignment]
    body: list[dict[str, object]] = fields.JSONField(default=list)  # type: ignore[assignment]
    category: fields.ForeignKeyNullableRelation[Category] = fields.ForeignKeyField(
        "splash.Category", related_name="articles", null=True, on_delete=fields.SET_NULL
    )
    category_id: int | None
    seo_title = fields.CharField(max_length=190, null=True)
    seo_description = fields.CharField(max_length=320, null=True)
    published_at = fields.DatetimeField(db_index=True)
    published = fields.BooleanField(default=True)
    updated_at = fields.DatetimeField(auto_now=True)

    class Meta:
        table = "article"
        unique_together = (("locale", "slug"), ("locale", "localization_key"))
        ordering = ("-published_at",)
        indexes = (
            # a locale's articles, newest first (blog lists); an article's translations
            Index(fields=("locale_id", "published_at"), name="article_locale_published"),
            Index(fields=("localization_key",), name="article_localization_key"),
        )
