"""Request bodies (unknown fields refused) and the public user, as in contracts/accounts-api.md.

Field limits match the SPA's field groups (frontend/src/lib/forms/groups.tsx).
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    Field,
    StrictInt,
    StringConstraints,
    field_validator,
)

from splash.core.countries import Country
from splash.core.passwords import MAX_LENGTH, MIN_LENGTH
from splash.core.schemas import Email, PublicModel, RequestBody, Trimmed

MAX_ADDRESSES = 10


Password = Annotated[str, StringConstraints(min_length=MIN_LENGTH, max_length=MAX_LENGTH)]
Name = Annotated[str, Trimmed(80, min_length=1)]

Addition = Annotated[str, Trimmed(10)]
AdditionalInfo = Annotated[str, Trimmed(120)]


class Register(RequestBody):
    username: Email
    email: Email
    password: Password


class Login(RequestBody):
    identifier: Annotated[str, Trimmed(254, min_length=1)]
    password: Annotated[str, StringConstraints(min_length=1, max_length=MAX_LENGTH)]


class GoogleLink(RequestBody):
    """Proves the password of the account Google's address belongs to, to link Google to it."""

    code: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    password: Annotated[str, StringConstraints(min_length=1, max_length=MAX_LENGTH)]


class EmailOnly(RequestBody):
    email: Email


class ResetPassword(RequestBody):
    code: Annotated[str, StringConstraints(min_length=1, max_length=200)]
    password: Password
    password_confirmation: Annotated[str, StringConstraints(max_length=MAX_LENGTH)]


class ChangePassword(RequestBody):
    current_password: Annotated[str, StringConstraints(min_length=1, max_length=MAX_LENGTH)]
    password: Password
    password_confirmation: Annotated[str, StringConstraints(max_length=MAX_LENGTH)]


class ChangeEmail(RequestBody):
    email: Email
    current_password: Annotated[str, StringConstraints(min_length=1, max_length=MAX_LENGTH)]


class AddressFields(RequestBody):
    """An address as a parent types it: in the profile (``AddressInput``) and at the checkout
    (the order's shipping and billing address). One definition, so both refuse the same."""

    street: Annotated[str, Trimmed(120, min_length=1)]
    housenumber: Annotated[
        str,
        Trimmed(10, min_length=1, pattern=r"\d"),
    ]
    addition: Addition | None = None
    additional_info: AdditionalInfo | None = None
    postal_code: Annotated[str, Trimmed(10, min_length=3)]
    city: Annotated[str, Trimmed(80, min_length=1)]
    country: Country  # where Splash ships (spec §3)

    @field_validator("addition", "additional_info", mode="after")
    @classmethod
    def _empty_is_none(cls, value: str | None) -> str | None:
        return value or None

    @field_validator("postal_code", mode="after")
    @classmethod
    def _upper_case(cls, value: str) -> str:
        return value.upper()


class AddressInput(AddressFields):
    """A saved address of the profile: ``id`` names one to keep, none adds one."""

    id: StrictInt | None = None


class ProfileUpdate(RequestBody):
    """What a user may change about themselves: personal details and addresses, nothing else
    (never id, e-mail, role, confirmed, blocked, provider or password)."""

    firstname: Name | None = None
    lastname: Name | None = None
    addresses: list[AddressInput] | None = Field(default=None, max_length=MAX_ADDRESSES)


class AddressPublic(PublicModel):
    id: int
    street: str
    housenumber: str
    addition: str | None
    additional_info: str | None
    postal_code: str
    city: str
    country: str


class UserPublic(PublicModel):
    id: int
    username: str
    email: str
    provider: Literal["local", "google"]
    confirmed: bool
    blocked: bool
    firstname: str | None
    lastname: str | None
    created_at: datetime
    updated_at: datetime
    addresses: list[AddressPublic]


class AuthResponse(BaseModel):
    jwt: str
    user: UserPublic


class Ok(BaseModel):
    ok: Literal[True] = True


class ConfirmationSent(BaseModel):
    email: str
    sent: Literal[True] = True


# --- the studio ----------------------------------------------------------------------------------


class CustomerPublic(PublicModel):
    """A customer account as the studio lists it."""

    id: int
    email: str
    firstname: str | None
    lastname: str | None
    locale: str
    provider: str
    confirmed: bool
    blocked: bool
    created_at: datetime


class CustomerMeta(PublicModel):
    page: int
    page_size: int
    total: int


class CustomerList(PublicModel):
    data: list[CustomerPublic]
    meta: CustomerMeta


class PasswordLinkSent(PublicModel):
    queued: bool
    email: str
    locale: str


class PasswordLinkAnswer(PublicModel):
    data: PasswordLinkSent
