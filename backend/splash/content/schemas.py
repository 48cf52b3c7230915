"""Request and response models of the content API (registered in the OpenAPI document)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field, RootModel

from splash.content.rich_text import RichNode as RichNode  # other domains' rich text fields
from splash.core.schemas import PublicModel


class LocalePublic(PublicModel):
    code: str = Field(examples=["nl"])
    name: str = Field(examples=["Nederlands"])
    is_default: bool


class NavigationItemFlat(PublicModel):
    id: int
    title: str
    path: str = Field(description="Always starts with a slash (or is an absolute URL)")


class NavigationItemTree(NavigationItemFlat):
    items: list[NavigationItemTree] = Field(default_factory=list)


class LocaleList(RootModel[list[LocalePublic]]):
    """The answer of /i18n/locales: a list at the top."""


class NavigationFlat(RootModel[list[NavigationItemFlat]]):
    """A menu rendered FLAT: its items in reading order."""


class NavigationTree(RootModel[list[NavigationItemTree]]):
    """A menu rendered as a TREE: items under their parent."""


class SocialLinks(PublicModel):
    facebook: str | None = None
    instagram: str | None = None
    linkedin: str | None = None
    x: str | None = None
    tiktok: str | None = None


class SellerAddress(PublicModel):
    """The company's postal address, as the footer and the invoice print it."""

    street: str = Field(min_length=1, examples=["Kanaalweg"])
    housenumber: str = Field(min_length=1, examples=["21"])
    postal_code: str = Field(min_length=1, examples=["3526 KL"])
    city: str = Field(min_length=1, examples=["Utrecht"])
    country: str = Field(pattern=r"^[a-z]{2}$", examples=["nl"])


class SettingsPublic(PublicModel):
    company_name: str
    coc_number: str
    vat_number: str
    address: SellerAddress | None = Field(description="None until the fixtures are seeded")
    social_links: SocialLinks


class LocalizedSlug(BaseModel):
    id: int
    slug: str | None = None
    locale: str | None = None
    path: str | None = None


class PageSlugs(BaseModel):
    id: int
    slug: str
    locale: str
    path: str
    localizations: list[LocalizedSlug]


class PageSlugsResponse(BaseModel):
    data: PageSlugs


class Image(BaseModel):
    src: str
    alt: str
    width: int
    height: int


class CategoryPublic(BaseModel):
    key: str
    slug: str
    name: str


class ArticlePublic(BaseModel):
    """An article in a list (a card) or alone (with body, seo and localizations). ``fields`` and
    ``populate`` choose what is answered, so all but the id are optional: answers are dumped
    without unset fields, and what is answered is exactly what is described."""

    id: int
    slug: str | None = None
    title: str | None = None
    excerpt: str | None = None
    cover: Image | None = Field(None, description="With populate[cover] or no fields")
    publishedAt: str | None = None  # the API's own spelling
    locale: str | None = None
    path: str | None = None
    category: CategoryPublic | None = Field(None, description="With populate or no fields")
    body: list[dict[str, Any]] | None = Field(None, description="Alone, or with fields[]=body")
    seo: dict[str, Any] | None = None
    localizations: list[LocalizedSlug] | None = None


class Pagination(BaseModel):
    page: int
    pageSize: int
    pageCount: int
    total: int


class ListMeta(BaseModel):
    pagination: Pagination


class ArticleList(BaseModel):
    data: list[ArticlePublic]
    meta: ListMeta


class ArticleOne(BaseModel):
    data: ArticlePublic
    meta: dict[str, Any]


class CategoryList(BaseModel):
    data: list[CategoryPublic]


class PagePublic(BaseModel):
    id: int
    slug: str | None = None
    locale: str | None = None
    path: str | None = None
    title: str | None = None
    layout: str | None = None
    seo: dict[str, Any] | None = None
    blocks: list[dict[str, Any]] | None = None
    localizations: list[LocalizedSlug] | None = None


class PageList(BaseModel):
    data: list[PagePublic]
    meta: ListMeta


class PageOne(BaseModel):
    data: PagePublic
    meta: dict[str, Any]
