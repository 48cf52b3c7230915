"""The studio's staff, sessions and activity log on the wire (camelCase)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import StringConstraints

from splash.core.passwords import MAX_LENGTH, MIN_LENGTH
from splash.core.schemas import Email, PublicModel, RequestBody, Trimmed
from splash.staff.vocabulary import Permission, Role

Locale = Literal["nl", "en", "de", "es", "fr", "sv"]
Code = Annotated[str, StringConstraints(min_length=6, max_length=32)]
Token = Annotated[str, StringConstraints(min_length=16, max_length=128)]
Password = Annotated[str, StringConstraints(min_length=MIN_LENGTH, max_length=MAX_LENGTH)]
Name = Annotated[str, Trimmed(120, min_length=1)]


class SignIn(RequestBody):
    email: Annotated[str, StringConstraints(max_length=254)]  # any text: same answer
    password: Annotated[str, StringConstraints(max_length=MAX_LENGTH)]
    code: Code  # six digits from the authenticator, or a recovery code


class SetupOpen(RequestBody):
    token: Token


class SetupFinish(RequestBody):
    token: Token
    password: Password
    code: Annotated[str, StringConstraints(pattern=r"^\s*[0-9]{6}\s*$")]


class Invite(RequestBody):
    email: Email
    name: Name
    role: Role
    locale: Locale = "nl"


class RoleChange(RequestBody):
    role: Role


class StaffPublic(PublicModel):
    id: int
    email: str
    name: str
    role: Role
    locale: Locale
    set_up: bool
    created_at: datetime


class StaffList(PublicModel):
    data: list[StaffPublic]


class Me(PublicModel):
    staff: StaffPublic
    permissions: list[Permission]
    session_expires_at: datetime


class MeAnswer(PublicModel):
    data: Me


class SetupOpened(PublicModel):
    email: str
    name: str
    totp_secret: str  # to type in when the QR code cannot be scanned
    totp_uri: str  # otpauth://, drawn as a QR code by the studio


class SetupOpenedAnswer(PublicModel):
    data: SetupOpened


class SetupDone(PublicModel):
    me: Me
    recovery_codes: list[str]  # shown this once


class SetupDoneAnswer(PublicModel):
    data: SetupDone


class Invited(PublicModel):
    staff: StaffPublic
    setup_url: str  # also e-mailed; shown so the owner can pass it on another way


class InvitedAnswer(PublicModel):
    data: Invited


class StaffAnswer(PublicModel):
    data: StaffPublic


class SignedOut(PublicModel):
    signed_out: bool = True


class ActivityPublic(PublicModel):
    id: int
    at: datetime
    actor_id: int | None
    actor: str
    action: str
    subject_type: str | None
    subject_id: str | None
    address: str | None
    before: Any
    after: Any
    note: str | None


class ActivityMeta(PublicModel):
    page: int
    page_size: int
    total: int


class ActivityList(PublicModel):
    data: list[ActivityPublic]
    meta: ActivityMeta
