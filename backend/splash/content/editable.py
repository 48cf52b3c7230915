"""Pages and blog articles as the studio edits them (``splash.editing.editable.Editable``):
each one's document model (the blocks, rich text and images of the seed and the API), what
publishing needs, and how a document becomes the live row. Menus and site settings:
``content.editable_site``."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import Field
from tortoise.expressions import Q

from splash.content.block_parts import Image
from splash.content.blocks import Block
from splash.content.blog import article_path, full_article
from splash.content.image_alts import check_library_alts, empty_alts
from splash.content.models import Article, Category, Page
from splash.content.page_blocks import BlockFiller, blocks_of
from splash.content.paths import PageTree
from splash.content.rich_text import RichNode
from splash.core.errors import ConflictError, ValidationError
from splash.core.route_table import RouteTable
from splash.core.schemas import RequestBody
from splash.editing.editable import Applied, Document, EntrySummary, Preview
from splash.editing.slugs import SLUG_PATTERN
from splash.shared import outbox
from splash.staff.vocabulary import Permission

Slug = Annotated[str, Field(max_length=190, pattern=f"^$|{SLUG_PATTERN}")]
Key = Annotated[str, Field(max_length=64, pattern=SLUG_PATTERN)]


class PageDocument(RequestBody):
    """A page in one language, as the studio edits it; ``parent`` is the parent page's key."""

    title: str = Field(default="", max_length=190)
    slug: Slug = ""  # empty: made from the title when published
    parent: Key | None = None
    layout: str = Field(default="default", pattern=r"^[a-z-]{1,16}$")
    seo_title: str | None = Field(default=None, max_length=190)
    seo_description: str | None = Field(default=None, max_length=320)
    seo_image: Image | None = None
    blocks: list[Block] = Field(default_factory=list, max_length=100)  # type: ignore[valid-type]


class ArticleDocument(RequestBody):
    """A blog article in one language; ``category`` is its category's key."""

    title: str = Field(default="", max_length=190)
    slug: Slug = ""
    excerpt: str = Field(default="", max_length=400)
    cover: Image | None = None
    body: list[RichNode] = Field(default_factory=list, max_length=200)
    category: Key | None = None
    published_at: datetime | None = None  # the date shown; empty: when first published
    seo_title: str | None = Field(default=None, max_length=190)
    seo_description: str | None = Field(default=None, max_length=320)


def empty_fields(document: Document, *names: str) -> list[str]:
    """The ``names`` whose value is empty (or only whitespace) in ``document``."""
    return [name for name in names if not str(document.get(name) or "").strip()]


async def _slug_taken(model: type[Page] | type[Article], key: str, locale: str, slug: str) -> None:
    if (
        slug
        and await model.filter(locale_id=locale, slug=slug).exclude(localization_key=key).exists()
    ):
        raise ValidationError.for_field(["slug"], f"The slug {slug!r} is taken in this language")


async def _tree(locale: str) -> PageTree:
    rows = (
        await Page.filter(locale_id=locale, published=True)
        .order_by("id")
        .values("id", "slug", "parent_id", "locale_id", "localization_key")
    )
    return PageTree.of(rows)


def _changed_pages(before: PageTree, after: PageTree, own: int) -> Applied:
    """What republishing needs after a page changed: it, and every page whose path moved or
    vanished (the pages below it); the moves old → new for the redirects."""
    moved = [
        (path, after.paths[page])
        for page, path in before.paths.items()
        if page in after.paths and after.paths[page] != path
    ]
    touched = {page for page, path in before.paths.items() if after.paths.get(page) != path}
    return Applied([f"page:{page}" for page in sorted({own} | touched)], moved)


class Pages:
    permission = Permission.CONTENT
    localized = True
    document = PageDocument

    def __init__(self, fill: BlockFiller) -> None:
        self.fill = fill  # the parts of blocks other domains own (site.web.compose)

    async def live(self, key: str, locale: str) -> Document | None:
        page = await Page.get_or_none(locale_id=locale, localization_key=key, published=True)
        if page is None:
            return None
        parent = await Page.get_or_none(id=page.parent_id) if page.parent_id else None
        return {
            "title": page.title,
            "slug": page.slug,
            "parent": parent.localization_key if parent else None,
            "layout": page.layout,
            "seoTitle": page.seo_title,
            "seoDescription": page.seo_description,
            "seoImage": page.seo_image,
            "blocks": page.blocks,
        }

    def missing(self, document: Document, locale: str) -> list[str]:
        return empty_fields(document, "title") + empty_alts(document)

    async def check(self, key: str, locale: str, document: Document) -> None:
        await _slug_taken(Page, key, locale, document.get("slug") or "")
        await self._parent_id(key, locale, document.get("parent"))

    async def _parent_id(self, key: str, locale: str, parent: str | None) -> int | None:
        """The parent page's id in the language; 400 ``parent`` for none or for a loop."""
        if parent is None:
            return None
        rows = await Page.filter(locale_id=locale).values("id", "parent_id", "localization_key")
        by_key = {row["localization_key"]: row for row in rows}
        by_id = {row["id"]: row for row in rows}
        found, seen = by_key.get(parent), set()
        while found is not None and found["id"] not in seen:
            if found["localization_key"] == key:
                raise ValidationError.for_field(["parent"], "A page cannot be below itself")
            seen.add(found["id"])
            found = by_id.get(found["parent_id"])
        if parent not in by_key:
            raise ValidationError.for_field(["parent"], f"No page {parent!r} in this language")
        return int(by_key[parent]["id"])

    def _columns(self, document: Document, parent_id: int | None) -> dict[str, Any]:
        return {
            "title": document.get("title", ""),
            "slug": document.get("slug", ""),
            "parent_id": parent_id,
            "layout": document.get("layout", "default"),
            "seo_title": document.get("seoTitle"),
            "seo_description": document.get("seoDescription"),
            "seo_image": document.get("seoImage"),
            "blocks": document.get("blocks", []),
        }

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        await check_library_alts(document, locale)
        parent_id = await self._parent_id(key, locale, document.get("parent"))
        before = await _tree(locale)
        columns = {**self._columns(document, parent_id), "published": True}
        page = await Page.get_or_none(locale_id=locale, localization_key=key)
        if page is None:
            page = await Page.create(locale_id=locale, localization_key=key, **columns)
        else:
            await Page.filter(id=page.id).update(**columns)
        return _changed_pages(before, await _tree(locale), page.id)

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        """Takes the page off the site; 409 naming the published pages below it, whose paths
        and breadcrumbs go through it (unpublish or move them first)."""
        page = await Page.get(locale_id=locale, localization_key=key)
        below = Page.filter(locale_id=locale, parent_id=page.id, published=True).order_by("id")
        children = [row["localization_key"] for row in await below.values("localization_key")]
        if children:
            raise ConflictError(
                f"Pages below this one are published: {', '.join(children)}; "
                "unpublish or move them first",
                {"children": children},
            )
        before = await _tree(locale)
        await Page.filter(id=page.id).update(published=False)
        return Applied(_changed_pages(before, await _tree(locale), page.id).changes)

    async def entries(self, locale: str) -> list[EntrySummary]:
        rows = (
            await Page.all()
            .order_by("id")
            .values("localization_key", "locale_id", "title", "published")
        )
        tree = await _tree(locale)
        paths = {
            row["localization_key"]: tree.paths[row["id"]]
            for row in tree.rows
            if row["id"] in tree.paths
        }
        return _summaries(rows, locale, paths)

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        parent_id = await self._parent_id(key, locale, document.get("parent"))
        page = await Page.get_or_none(locale_id=locale, localization_key=key)
        draft = Page(
            id=page.id if page else 0,
            locale_id=locale,
            localization_key=key,
            **self._columns(document, parent_id),
        )
        path = await _draft_path(draft, key, locale)
        entity = {
            "id": draft.id,
            "slug": draft.slug,
            "locale": locale,
            "path": path,
            "title": draft.title,
            "layout": draft.layout,
            "blocks": (await blocks_of([draft], table, self.fill))[0],
            "seo": {
                "title": draft.seo_title or draft.title,
                "description": draft.seo_description,
                "image": draft.seo_image,
            },
            "localizations": await _translations(draft.id, key),
        }
        return Preview(path, "page", entity)


async def _draft_path(draft: Page, key: str, locale: str) -> str:
    """Where a draft page would be published: its parents' paths and its own slug."""
    rows = [row for row in (await _tree(locale)).rows if row["id"] != draft.id]
    own = {"id": draft.id, "slug": draft.slug, "parent_id": draft.parent_id, "locale_id": locale}
    tree = PageTree.of([*rows, {**own, "localization_key": key}])
    return tree.paths.get(draft.id, "/" + draft.slug)


async def _translations(page_id: int, key: str) -> list[dict[str, Any]]:
    """The published translations of a page, as its payload lists them."""
    every = PageTree.of(
        await Page.filter(Q(published=True) & ~Q(id=page_id))
        .order_by("id")
        .values("id", "slug", "parent_id", "locale_id", "localization_key")
    )
    return [
        {"locale": loc["locale"], "slug": loc["slug"], "path": loc["path"]}
        for loc in every.localizations(page_id, key)
    ]


def _summaries(
    rows: list[dict[str, Any]], locale: str, paths: dict[str, str]
) -> list[EntrySummary]:
    """One entry per key: its row in ``locale`` (or another language's title, untranslated)."""
    by_key: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_key.setdefault(row["localization_key"], []).append(row)
    summaries = []
    for key, found in by_key.items():
        own = next((row for row in found if row["locale_id"] == locale), None)
        shown = own or found[0]
        summaries.append(
            EntrySummary(
                key=key,
                title=shown["title"],
                live=bool(own and own["published"]),
                translated=own is not None,
                path=paths.get(key),
                category=shown.get("category"),
                date=shown.get("published_at"),
            )
        )
    return summaries


class Articles:
    permission = Permission.CONTENT
    localized = True
    document = ArticleDocument

    async def live(self, key: str, locale: str) -> Document | None:
        article = await Article.get_or_none(
            locale_id=locale, localization_key=key, published=True
        ).select_related("category")
        if article is None:
            return None
        return {
            "title": article.title,
            "slug": article.slug,
            "excerpt": article.excerpt,
            "cover": article.cover,
            "body": article.body,
            "category": article.category.key if article.category else None,
            "publishedAt": article.published_at.isoformat().replace("+00:00", "Z"),
            "seoTitle": article.seo_title,
            "seoDescription": article.seo_description,
        }

    def missing(self, document: Document, locale: str) -> list[str]:
        body = [] if document.get("body") else ["body"]
        return empty_fields(document, "title", "excerpt") + body + empty_alts(document)

    async def check(self, key: str, locale: str, document: Document) -> None:
        await _slug_taken(Article, key, locale, document.get("slug") or "")
        await self._category(locale, document.get("category"))

    async def _category(self, locale: str, key: str | None) -> Category | None:
        if key is None:
            return None
        found = await Category.get_or_none(locale_id=locale, key=key)
        if found is None:
            raise ValidationError.for_field(["category"], f"No category {key!r} in this language")
        return found

    async def _columns(self, locale: str, document: Document) -> dict[str, Any]:
        published_at = document.get("publishedAt")
        return {
            "title": document.get("title", ""),
            "slug": document.get("slug", ""),
            "excerpt": document.get("excerpt", ""),
            "cover": document.get("cover"),
            "body": document.get("body", []),
            "category": await self._category(locale, document.get("category")),
            "published_at": datetime.fromisoformat(published_at) if published_at else outbox.now(),
            "seo_title": document.get("seoTitle"),
            "seo_description": document.get("seoDescription"),
        }

    async def apply(self, key: str, locale: str, document: Document, table: RouteTable) -> Applied:
        await check_library_alts(document, locale)
        columns = {**await self._columns(locale, document), "published": True}
        article = await Article.get_or_none(locale_id=locale, localization_key=key)
        if article is None:
            article = await Article.create(locale_id=locale, localization_key=key, **columns)
            return Applied([f"article:{article.id}"])
        moved = []
        if article.published and article.slug != columns["slug"]:
            moved = [
                (
                    article_path(table, locale, article.slug),
                    article_path(table, locale, columns["slug"]),
                )
            ]
        await article.update_from_dict(columns).save()
        return Applied([f"article:{article.id}"], moved)

    async def unpublish(self, key: str, locale: str, table: RouteTable) -> Applied:
        article = await Article.get(locale_id=locale, localization_key=key)
        await Article.filter(id=article.id).update(published=False)
        return Applied([f"article:{article.id}"])

    async def entries(self, locale: str) -> list[EntrySummary]:
        rows = (
            await Article.all()
            .order_by("-published_at", "id")
            .values(
                "localization_key",
                "locale_id",
                "title",
                "published",
                "published_at",
                category="category__key",
            )
        )
        return _summaries(rows, locale, {})

    async def preview(
        self, key: str, locale: str, document: Document, table: RouteTable
    ) -> Preview:
        article = await Article.get_or_none(locale_id=locale, localization_key=key)
        draft = Article(
            id=article.id if article else 0,
            locale_id=locale,
            localization_key=key,
            **await self._columns(locale, document),
        )
        others = (
            await Article.filter(localization_key=key, published=True)
            .exclude(locale_id=locale)
            .order_by("id")
            .values("id", "locale_id", "slug")
        )
        localizations = [
            {
                "id": o["id"],
                "locale": o["locale_id"],
                "slug": o["slug"],
                "path": article_path(table, o["locale_id"], o["slug"]),
            }
            for o in others
        ]
        path = article_path(table, locale, draft.slug)
        return Preview(path, "article", full_article(draft, table, localizations))
