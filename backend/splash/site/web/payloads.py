"""The published payloads as Pydantic models: what ``/_payload/<path>.json`` answers and the
first HTML inlines, for a page, an article, a product, a course, a lesson, an in-browser route
and the 404 screen.

They are the one description of a payload: every payload is checked against :class:`Payload`
before it is published or served (:func:`checked`), the OpenAPI
document lists them, and the SPA's types are generated from them
(``frontend/src/lib/payload-types.ts``, :mod:`splash.site.web.typescript`), so the two sides cannot
drift. A page's blocks are :mod:`splash.site.web.blocks`, rich text is
:mod:`splash.content.blocks`' own.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import Field

from splash.academy.schemas import OfferPublic
from splash.catalog.schemas import ProductPublic
from splash.content.block_parts import Image as ContentImage
from splash.content.blocks import RichText
from splash.content.schemas import CategoryPublic, Image, NavigationItemTree, SettingsPublic
from splash.core.schemas import PublicModel
from splash.site.web.blocks import Block

Kind = Literal["page", "article", "product", "course", "lesson"]
# core.config.LOCALES, spelled out so that the SPA's type names each (a test keeps them equal).
Locale = Literal["nl", "en", "de", "es", "fr", "sv"]


class SiteSettings(SettingsPublic):
    """The company's settings with what the SPA needs of this instance's configuration."""

    banner: str | None = Field(
        default=None, description="The announcement above every page in this locale (or none)"
    )
    origins: dict[Locale, str] = Field(description="Each locale's origin (scheme, host and port)")
    gtm_id: str | None
    recaptcha_site_key: str | None
    google_sign_in: bool = Field(description="Without it the SPA offers no Continue with Google")
    build_poll_seconds: int
    api_prefix: str


class Menus(PublicModel):
    """Every menu of the site as a tree (splash.content.navigation.MENUS)."""

    primary: list[NavigationItemTree]
    secondary: list[NavigationItemTree]
    legal: list[NavigationItemTree]


class RoutePayload(PublicModel):
    """The route table's entry the path matched (``not-found`` for the 404 screen)."""

    name: str
    kind: Literal["page", "app"]
    path: str
    params: dict[str, str]


class Head(PublicModel):
    """The entity's SEO fields and its kind; empty for an in-browser route and the 404 screen."""

    title: str | None = None
    description: str | None = None
    image: ContentImage | str | None = None
    type: Kind | None = None


class PageLocalization(PublicModel):
    locale: str
    slug: str
    path: str


class PageSeo(PublicModel):
    title: str
    description: str | None
    image: ContentImage | None


class PagePayload(PublicModel):
    """A content page with its blocks, filled with what other domains show in them."""

    id: int
    slug: str
    locale: str
    path: str
    title: str
    layout: Literal["default", "login"]
    blocks: list[Block]
    seo: PageSeo
    localizations: list[PageLocalization]


class ArticleSeo(PublicModel):
    title: str
    description: str
    image: ContentImage | None


class ArticleLocalization(PageLocalization):
    id: int


class ArticlePayload(PublicModel):
    """A published blog article (/blog/{slug}, Swedish /blogg/{slug})."""

    id: int
    slug: str
    title: str
    excerpt: str
    cover: ContentImage | None  # a library image's with its variants (splash.media.publishing)
    published_at: str
    locale: str
    path: str
    category: CategoryPublic | None
    body: RichText
    seo: ArticleSeo
    localizations: list[ArticleLocalization]


class EntitySeo(PublicModel):
    title: str
    description: str
    image: str | None = Field(description="The image's path")


class Localization(PublicModel):
    locale: str
    path: str


class LessonCard(PublicModel):
    """A lesson as its course page lists it."""

    id: int
    key: str
    slug: str
    path: str
    number: int
    title: str
    description: str
    duration_ms: int | None = Field(description="How long its video lasts; null while it has none")
    free_preview: bool
    free_with_suit: bool
    poster: Image
    offer: OfferPublic


class LevelPayload(PublicModel):
    id: int
    key: str
    number: int
    title: str
    description: str
    lesson_count: int
    duration_ms: int | None = Field(description="All its lessons; null until each has a video")
    free_with_suit: bool
    offer: OfferPublic
    lessons: list[LessonCard]


class CoursePayload(PublicModel):
    """A course page (/academy/{slug} in Dutch and English, /course/{slug} elsewhere)."""

    id: int
    key: str
    title: str
    intro: str
    image: Image
    path: str
    lesson_count: int
    duration_ms: int | None = Field(description="All its lessons; null until each has a video")
    bundle: OfferPublic
    slug: str
    description: RichText
    levels: list[LevelPayload]
    localizations: list[Localization]
    seo: EntitySeo


class LessonCourse(PublicModel):
    id: int
    title: str
    path: str


class LessonLevel(PublicModel):
    id: int
    number: int
    title: str
    offer: OfferPublic


class LessonLink(PublicModel):
    title: str
    path: str


class Caption(PublicModel):
    locale: str
    label: str
    src: str


class LessonVideo(PublicModel):
    master: str = Field(description="The HLS master playlist's URL")
    duration_ms: int
    width: int
    height: int
    captions: list[Caption]


class LessonPayload(LessonCard):
    """A lesson page: its card with its course, level, neighbours and video."""

    course: LessonCourse
    level: LessonLevel
    previous: LessonLink | None
    next: LessonLink | None
    video: LessonVideo | None
    localizations: list[Localization]
    seo: EntitySeo


class Payload(PublicModel):
    """Everything the SPA needs to render one route. At most one of ``article``, ``product``,
    ``course`` and ``lesson`` is there, on that entity's route; ``page`` on a content page."""

    locale: Locale
    navigation: Menus
    settings: SiteSettings
    status: Literal[200, 404]
    page: PagePayload | None
    article: ArticlePayload | None = None
    product: ProductPublic | None = None
    course: CoursePayload | None = None
    lesson: LessonPayload | None = None
    route: RoutePayload
    alternates: dict[Locale, str] = Field(description="The same page's path in each locale")
    head: Head


def checked(payload: dict[str, Any]) -> dict[str, Any]:
    """``payload`` as it is, once its JSON is known to be exactly what :class:`Payload`
    describes: no field it does not declare, no value of another type (strict), so a payload
    that drifts from its model fails the publish instead of reaching the SPA.

    The dict is kept rather than dumped from the model: the same keys and values, in the order
    each domain writes them, so the published bytes and their ETags stay as they were.
    """
    Payload.model_validate_json(json.dumps(payload), strict=True, extra="forbid")
    return payload
