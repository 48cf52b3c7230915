"""Publishing an entry's draft: checked again, refused while required fields are empty, made
live with a version and an activity entry in one transaction, then republished by an outbox
job (only what changed). Unpublishing, and publishing at a chosen time (a job that waits)."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from typing import Any

from tortoise.functions import Max

from splash.core.errors import ApiError, NotFoundError, ValidationError, field_error
from splash.core.route_table import RouteTable
from splash.editing import redirect_rows
from splash.editing.documents import validated
from splash.editing.drafts import EntryName, conflict, entry_name, find_draft
from splash.editing.editable import EVERYTHING, Document, Editable
from splash.editing.models import Draft, Version
from splash.editing.slugs import slugify
from splash.editing.vocabulary import REPUBLISH_JOB, SCHEDULED_JOB
from splash.shared import outbox
from splash.staff import activity
from splash.staff.activity import Actor
from splash.staff.models import StaffMember
from splash.staff.vocabulary import Action

log = logging.getLogger(__name__)
REFUSAL_LENGTH = 500  # the draft's column


def missing_error(missing: list[str]) -> ValidationError:
    errors = [field_error(path.split("."), "Fill this in before publishing") for path in missing]
    return ValidationError(f"Required before publishing: {', '.join(missing)}", {"errors": errors})


def with_slug(found: Editable, document: Document, locale: str) -> Document:
    """An empty slug of a collection with slugs made from the title by the language's rules."""
    if "slug" in found.document.model_fields and not document.get("slug"):
        return {**document, "slug": slugify(str(document.get("title") or ""), locale)}
    return document


async def _locked_draft(name: EntryName) -> Draft:
    draft = await Draft.filter(**name.where()).select_for_update().first()
    if draft is None:
        raise NotFoundError("Nothing to publish: save a draft first")
    return draft


async def publish(
    actor: Actor, name: EntryName, found: Editable, table: RouteTable, revision: int | None
) -> Version:
    """The draft (revision ``revision`` when given: 409 when it is not the stored one) made
    live."""
    async with outbox.transaction():
        draft = await _locked_draft(name)
        if revision is not None and revision != draft.revision:
            raise conflict(draft)
        document = with_slug(found, validated(found.document, draft.document), name.locale)
        missing = found.missing(document, name.locale)
        if missing:
            raise missing_error(missing)
        await found.check(name.key, name.locale, document)
        applied = await found.apply(name.key, name.locale, document, table)
        await redirect_rows.record_moves(name.locale, applied.moved)
        version = await _keep_version(actor, name, document)
        draft.document, draft.published_revision = document, draft.revision
        draft.publish_at, draft.schedule_refused = None, None
        await draft.save(
            update_fields=["document", "published_revision", "publish_at", "schedule_refused"]
        )
        await activity.record(
            actor, Action.CONTENT_PUBLISHED, name.subject, after={"version": version.number}
        )
        await _republish(applied.changes)
    return version


async def _republish(changes: list[str]) -> None:
    """The outbox job that republishes ``changes`` (none: the public site shows nothing of
    them, as a suit's free lessons of an unpublished course)."""
    if changes:
        await outbox.enqueue(REPUBLISH_JOB, {"changes": changes})


async def republish_everything() -> None:
    """Every public page republished by the worker, in the caller's transaction: for a change
    made live at once rather than through a draft (a lesson's new video, captions or poster,
    whose addresses the course and lesson pages carry)."""
    await outbox.enqueue(REPUBLISH_JOB, {"changes": [EVERYTHING]})


async def _keep_version(actor: Actor, name: EntryName, document: Document) -> Version:
    rows = await Version.filter(**name.where()).annotate(last=Max("number")).values("last")
    last = rows[0]["last"] if rows and rows[0]["last"] is not None else 0
    return await Version.create(
        **name.where(),
        number=last + 1,
        document=document,
        published_by_id=actor.member.id if actor.member else None,
        published_by_label=actor.label,
        published_at=outbox.now(),
    )


async def unpublish(actor: Actor, name: EntryName, found: Editable, table: RouteTable) -> None:
    """Takes the entry off the public site (its draft and versions stay)."""
    if await found.live(name.key, name.locale) is None:
        raise NotFoundError("This entry is not published")
    async with outbox.transaction():
        applied = await found.unpublish(name.key, name.locale, table)
        await Draft.filter(**name.where()).update(
            published_revision=None, publish_at=None, schedule_refused=None
        )
        await activity.record(actor, Action.CONTENT_UNPUBLISHED, name.subject)
        await _republish(applied.changes)


async def schedule(
    actor: Actor, name: EntryName, found: Editable, at: datetime | None, revision: int
) -> Draft:
    """Publishes revision ``revision`` of the draft at ``at`` (None: cancels the schedule). A
    save or a publish before then cancels it too."""
    if at is not None and at.tzinfo is None:
        raise ValidationError.for_field(["at"], "Give the time with its time zone")
    if at is not None:  # stored and compared in UTC, to the second
        at = at.astimezone(UTC).replace(microsecond=0)
    if at is not None and at <= outbox.now():
        raise ValidationError.for_field(["at"], "Choose a time in the future")
    async with outbox.transaction():
        draft = await _locked_draft(name)
        if revision != draft.revision:
            raise conflict(draft)
        if at is not None:
            missing = found.missing(with_slug(found, draft.document, name.locale), name.locale)
            if missing:
                raise missing_error(missing)
        draft.publish_at, draft.schedule_refused = at, None
        await draft.save(update_fields=["publish_at", "schedule_refused"])
        when = at.isoformat() if at else None
        await activity.record(actor, Action.CONTENT_SCHEDULED, name.subject, after={"at": when})
        if at is not None:
            member = actor.member.id if actor.member else None
            job = {**name.where(), "revision": revision, "at": when, "staff": member}
            await outbox.enqueue(SCHEDULED_JOB, job, not_before=at)
    return draft


async def publish_when_due(job: outbox.Job, resources: Any) -> None:
    """The scheduled publish's job: publishes the draft as the staff member who scheduled it,
    unless it was saved, published or rescheduled since (then this job does nothing). Refused
    then (a required field, a slug another entry took since), the schedule ends and the draft
    keeps why, which the studio's entry shows; the job is done, never retried."""
    payload = job.payload
    name, found = entry_name(payload["collection"], payload["key"], payload["locale"])
    draft = await find_draft(name)
    at = draft.publish_at if draft else None
    wanted = datetime.fromisoformat(payload["at"])
    if draft is None or draft.revision != payload["revision"] or at is None or at != wanted:
        return  # cancelled: saved, published or scheduled again since
    member = await StaffMember.get_or_none(id=payload["staff"], removed_at=None)
    actor = Actor(member, member.email if member else "scheduled publish", None)
    try:
        await publish(actor, name, found, resources.routes, payload["revision"])
    except ApiError as exc:  # refused (a slug taken meanwhile): kept for the studio, not retried
        log.warning("scheduled publish refused", extra={"entry": name.where(), "why": exc.message})
        await Draft.filter(**name.where(), revision=payload["revision"]).update(
            publish_at=None, schedule_refused=exc.message[:REFUSAL_LENGTH]
        )
