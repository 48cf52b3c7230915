"""Blog use cases: articles per locale (find, findOne, cards for lists), their categories."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from splash.content.models import Article, Category
from splash.content.schemas import ArticleList, ArticleOne, CategoryPublic
from splash.core import db
from splash.core.errors import NotFoundError
from splash.core.route_table import RouteTable
from splash.shared.collections import CollectionQuery, pagination_meta, parse_id


def article_path(table: RouteTable, locale: str, slug: str) -> str:
    return table.path_for("blog-article", locale, {"slug": slug})


def _category(category: Category | None) -> dict[str, str] | None:
    return {"key": category.key, "slug": category.slug, "name": category.name} if category else None


def article_card(article: Article, table: RouteTable) -> dict[str, Any]:
    """An article as lists show it (collection list, blog index)."""
    return {
        "id": article.id,
        "slug": article.slug,
        "title": article.title,
        "excerpt": article.excerpt,
        "cover": article.cover,
        "publishedAt": article.published_at.isoformat().replace("+00:00", "Z"),
        "locale": article.locale_id,
        "path": article_path(table, article.locale_id, article.slug),
        "category": _category(article.category),
    }


# What an article's translations are listed by.
_TRANSLATION = ("id", "locale_id", "slug", "localization_key")


async def _localizations_of(
    articles: list[Article], table: RouteTable
) -> dict[int, list[dict[str, Any]]]:
    """Each article's published translations, for all of them in one query."""
    keys = {article.localization_key for article in articles}
    others = (
        await Article.filter(localization_key__in=keys, published=True)
        .order_by("id")
        .values(*_TRANSLATION)
    )
    return {article.id: _localizations(article, others, table) for article in articles}


def _localizations(
    article: Article, others: list[dict[str, Any]], table: RouteTable
) -> list[dict[str, Any]]:
    """The translations of ``article`` among ``others`` (published articles in id order)."""
    return [
        {
            "id": o["id"],
            "locale": o["locale_id"],
            "slug": o["slug"],
            "path": article_path(table, o["locale_id"], o["slug"]),
        }
        for o in others
        if o["localization_key"] == article.localization_key and o["id"] != article.id
    ]


def full_article(
    article: Article, table: RouteTable, localizations: list[dict[str, Any]]
) -> dict[str, Any]:
    return {
        **article_card(article, table),
        "body": article.body,
        "seo": {
            "title": article.seo_title or article.title,
            "description": article.seo_description or article.excerpt,
            "image": article.cover,
        },
        "localizations": localizations,
    }


async def full_articles(articles: list[Article], table: RouteTable) -> list[dict[str, Any]]:
    localizations = await _localizations_of(articles, table) if articles else {}
    return [full_article(article, table, localizations[article.id]) for article in articles]


def _shape(entry: dict[str, Any], query: CollectionQuery) -> dict[str, Any]:
    keep = {"id"} | (query.fields if query.fields is not None else set(entry))
    keep |= {name for name in ("cover", "category", "localizations") if name in query.populate}
    return {key: value for key, value in entry.items() if key in keep}


async def find_articles(locale: str, query: CollectionQuery, table: RouteTable) -> ArticleList:
    found = Article.filter(locale_id=locale, published=True, **query.lookups)
    rows, total = await db.page_of(
        found.order_by(*query.order_by).select_related("category"),
        (query.page - 1) * query.page_size,
        query.page_size,
    )
    full = "body" in (query.fields or ()) or "localizations" in query.populate
    entries = (
        await full_articles(rows, table) if full else [article_card(row, table) for row in rows]
    )
    return ArticleList.model_validate(
        {"data": [_shape(entry, query) for entry in entries], "meta": pagination_meta(query, total)}
    )


async def find_article(raw_id: str, query: CollectionQuery, table: RouteTable) -> ArticleOne:
    article = await Article.get_or_none(id=parse_id(raw_id), published=True).select_related(
        "category"
    )
    if article is None:
        raise NotFoundError(f"Article {raw_id} not found")
    [full] = await full_articles([article], table)
    return ArticleOne.model_validate({"data": _shape(full, query), "meta": {}})


async def article_at(locale: str, slug: str, table: RouteTable) -> dict[str, Any] | None:
    """The published article at a blog path, for publishing: in a :func:`db.read_once` block
    every published article is read at the first."""
    every = await db.once("content.articles", _published_articles)
    if every is None:
        found = Article.get_or_none(locale_id=locale, slug=slug, published=True)
        article = await found.select_related("category")
        return (await full_articles([article], table))[0] if article else None
    article = every.at.get((locale, slug))
    if article is None:
        return None
    return full_article(article, table, _localizations(article, every.keyed(article), table))


@dataclass(frozen=True)
class _Published:
    """Every published article by locale and slug, and each one's translations as
    :func:`_localizations` reads them (in id order), by localization key."""

    at: dict[tuple[str, str], Article]
    translations: dict[str, list[dict[str, Any]]]

    def keyed(self, article: Article) -> list[dict[str, Any]]:
        return self.translations[article.localization_key]


async def _published_articles() -> _Published:
    articles = await Article.filter(published=True).order_by("id").select_related("category")
    translations: dict[str, list[dict[str, Any]]] = {}
    for article in articles:
        row = {name: getattr(article, name) for name in _TRANSLATION}
        translations.setdefault(article.localization_key, []).append(row)
    return _Published({(a.locale_id, a.slug): a for a in articles}, translations)


async def article_slugs(locale: str) -> list[str]:
    return [
        str(slug)
        for slug in await Article.filter(locale_id=locale, published=True)
        .order_by("-published_at")
        .values_list("slug", flat=True)
    ]


async def categories(locale: str) -> list[CategoryPublic]:
    return [
        CategoryPublic(key=c.key, slug=c.slug, name=c.name)
        for c in await Category.filter(locale_id=locale).order_by("name")
    ]


async def article_family_paths(
    article_ids: list[int], table: RouteTable
) -> list[tuple[int, str, str]]:
    """(id, locale, path) of the published articles among ``article_ids`` and of their
    translations: what republishing them rewrites."""
    keys = await Article.filter(id__in=article_ids).values_list("localization_key", flat=True)
    rows = await Article.filter(localization_key__in=list(keys), published=True).values(
        "id", "locale_id", "slug"
    )
    return [(r["id"], r["locale_id"], article_path(table, r["locale_id"], r["slug"])) for r in rows]
