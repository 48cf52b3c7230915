"""The content collections find/findOne may ask about: pages and articles."""

from __future__ import annotations

from splash.content.models import Article, Category, Page
from splash.core.db import text_length
from splash.shared.collections import Collection

ARTICLES = Collection(
    name="articles",
    filters={
        "slug": "slug",
        "title": "title",
        "publishedAt": "published_at",
        "category.slug": "category__slug",
        "category.key": "category__key",
        "localizationKey": "localization_key",
    },
    sorts={"publishedAt": "published_at", "title": "title", "id": "id"},
    fields=frozenset({"slug", "title", "excerpt", "publishedAt", "locale", "path", "body", "seo"}),
    populate=frozenset({"cover", "category", "localizations"}),
    date_filters=frozenset({"publishedAt"}),
    default_sort=(("publishedAt", False),),
    filter_lengths={
        "slug": text_length(Article, "slug"),
        "title": text_length(Article, "title"),
        "category.slug": text_length(Category, "slug"),
        "category.key": text_length(Category, "key"),
        "localizationKey": text_length(Article, "localization_key"),
    },
)

PAGES = Collection(
    name="pages",
    filters={
        "slug": "slug",
        "title": "title",
        "layout": "layout",
        "localizationKey": "localization_key",
    },
    sorts={"title": "title", "id": "id", "slug": "slug"},
    fields=frozenset({"slug", "title", "locale", "path", "layout", "seo", "blocks"}),
    populate=frozenset({"localizations"}),
    default_sort=(("id", True),),
    filter_lengths={
        "slug": text_length(Page, "slug"),
        "title": text_length(Page, "title"),
        "layout": text_length(Page, "layout"),
        "localizationKey": text_length(Page, "localization_key"),
    },
)
