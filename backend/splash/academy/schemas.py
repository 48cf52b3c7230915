"""The academy API's bodies and answers (contracts/academy-api.md), as the OpenAPI document
describes them."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

from pydantic import Field, StrictBool, StrictInt, StringConstraints, model_validator

from splash.academy.vocabulary import GrantSource, LessonAccess, OfferKind
from splash.content.schemas import Image
from splash.core.schemas import PublicModel, RequestBody, Trimmed

DAY_MS = 86_400_000


class OfferPublic(PublicModel):
    variant_id: int = Field(description="The catalog variant the unlock button adds to the cart")
    kind: OfferKind
    price: int = Field(description="Cents, VAT included: what this buyer pays")
    list_price: int = Field(description="Cents: the price for someone who owns nothing")
    parts: int = Field(description="Cents: the not-owned parts bought one by one")
    saving: int = Field(description="Cents: parts minus price, never below 0")
    owned: bool = Field(description="The buyer owns every lesson it unlocks")


class AcademyStats(PublicModel):
    """What the academy holds (``PublishedCourses.stats``), as the academy-intro block shows it."""

    lessons: int
    levels: int
    duration_ms: int | None = Field(
        description="Every published lesson; null until each has a video"
    )


class ContinueAt(PublicModel):
    lesson_id: int
    title: str
    path: str
    position_ms: int
    duration_ms: int | None = Field(description="How long its video lasts; null while it has none")
    poster: Image
    access: LessonAccess


class LessonState(PublicModel):
    lesson_id: int
    access: LessonAccess
    position_ms: int
    completed: bool


class LevelState(PublicModel):
    level_id: int
    completed_lessons: int
    lesson_count: int
    offer: OfferPublic | None


class CourseMe(PublicModel):
    course_id: int
    lessons: list[LessonState]
    levels: list[LevelState]
    bundle: OfferPublic | None
    lesson_offers: list[OfferPublic | None] = Field(description="One per lesson, in course order")
    continue_: ContinueAt | None = Field(
        alias="continue",
        description="The most recently watched unfinished lesson, else the one after the most "
        "recently completed; null when nothing was watched or everything is done",
    )


class CourseMeAnswer(PublicModel):
    data: CourseMe


class MyCourse(PublicModel):
    course_id: int
    title: str
    path: str
    owned_lessons: int
    completed_lessons: int
    lesson_count: int
    continue_: ContinueAt | None = Field(alias="continue")


class AcademyMe(PublicModel):
    courses: list[MyCourse] = Field(
        description="Courses where the parent owns or watched something"
    )


class AcademyMeAnswer(PublicModel):
    data: AcademyMe


class ProgressUpdate(RequestBody):
    position_ms: StrictInt = Field(ge=0, le=DAY_MS, description="Milliseconds into the video")
    completed: StrictBool = Field(
        default=False, description="Watched to the end; once true it stays true"
    )


class Progress(PublicModel):
    lesson_id: int
    position_ms: int = Field(description="Capped at the video's duration")
    completed: bool


class ProgressAnswer(PublicModel):
    data: Progress


# --- the studio ----------------------------------------------------------------------------------

Key = Annotated[str, StringConstraints(min_length=1, max_length=64)]
Reason = Annotated[str, Trimmed(500, min_length=3)]


class Grant(RequestBody):
    """Give a customer a lesson, a level's lessons or a course's lessons: exactly one key."""

    lesson: Key | None = None
    level: Key | None = None
    course: Key | None = None
    reason: Reason

    @model_validator(mode="after")
    def _one_key(self) -> Grant:
        if sum(key is not None for key in (self.lesson, self.level, self.course)) != 1:
            raise ValueError("give exactly one of lesson, level or course")
        return self


class Revoke(RequestBody):
    reason: Reason


class EntitlementStudio(PublicModel):
    """A lesson a customer may watch, and why: bought (``order``), free with a suit bought
    (``order``), or granted by a staff member (``grantedBy``, ``reason``)."""

    id: int
    lesson: str  # the lesson's key
    level: str
    course: str
    source: GrantSource
    order: str | None  # the order's number
    granted_by: str | None  # the staff member's name (None: not granted, or removed since)
    reason: str | None
    granted_at: datetime


class EntitlementsAnswer(PublicModel):
    data: list[EntitlementStudio]
