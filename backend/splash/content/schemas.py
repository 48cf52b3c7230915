"""Request and response models of the content API (registered in the OpenAPI document)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel


class PublicModel(BaseModel):
    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)


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


class SocialLinks(PublicModel):
    facebook: str | None = None
    instagram: str | None = None
    linkedin: str | None = None
    x: str | None = None
    tiktok: str | None = None


class SettingsPublic(PublicModel):
    company_name: str
    coc_number: str
    vat_number: str
    social_links: SocialLinks


class NavigationQuery(BaseModel):
    model_config = ConfigDict(extra="ignore")
    locale: str | None = None
    type: str = "FLAT"
