"""The content collections find/findOne may ask about: pages and articles."""

from __future__ import annotations

from splash.collections import Collection

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
)
