"""The append-only activity log: every studio sign-in (refused ones too) and every change a
staff member makes, with the before and after of a money or access change. Written in the
same transaction as the change it records, so a change is never without its line."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from splash.core import db
from splash.staff.models import ActivityEntry, StaffMember
from splash.staff.vocabulary import Action, SubjectType


@dataclass(frozen=True)
class Actor:
    """Who did it, from where: a staff member, or (a refused sign-in) only what was typed."""

    member: StaffMember | None
    label: str
    address: str | None


async def record(
    actor: Actor,
    action: Action,
    subject: tuple[SubjectType, object] | None = None,
    *,
    before: Any = None,
    after: Any = None,
    note: str | None = None,
) -> ActivityEntry:
    subject_type, subject_id = subject if subject else (None, None)
    return await ActivityEntry.create(
        actor=actor.member,
        actor_label=actor.label[:254],
        action=action.value,
        subject_type=subject_type.value if subject_type else None,
        subject_id=None if subject_id is None else str(subject_id),
        address=actor.address,
        before=before,
        after=after,
        note=note[:500] if note else None,
    )


@dataclass(frozen=True)
class ActivityFilter:
    actor_id: int | None = None
    action: str | None = None
    subject_type: SubjectType | None = None
    subject_id: str | None = None
    since: datetime | None = None
    until: datetime | None = None


async def entries(
    wanted: ActivityFilter, offset: int, limit: int
) -> tuple[list[ActivityEntry], int]:
    """The newest first, one page, and how many match in all."""
    query = ActivityEntry.all()
    if wanted.actor_id is not None:
        query = query.filter(actor_id=wanted.actor_id)
    if wanted.action:
        query = query.filter(action=wanted.action)
    if wanted.subject_type:
        query = query.filter(subject_type=wanted.subject_type.value)
    if wanted.subject_id:
        query = query.filter(subject_id=wanted.subject_id)
    if wanted.since:
        query = query.filter(at__gte=wanted.since)
    if wanted.until:
        query = query.filter(at__lt=wanted.until)
    return await db.page_of(query.order_by("-id"), offset, limit)
