"""Drafts: the document being edited of an entry, saved whole or not at all, with no lost
edits — a save names the revision it was based on, and a save based on an older one than the
stored draft is refused (409) with who saved the newer one and when."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from tortoise.exceptions import IntegrityError

from splash.core.errors import ConflictError, ValidationError
from splash.core.locales import LOCALES
from splash.editing.documents import validated
from splash.editing.editable import Document, Editable, editable
from splash.editing.models import Draft
from splash.shared import outbox
from splash.staff import activity
from splash.staff.activity import Actor
from splash.staff.vocabulary import Action, SubjectType

KEY_PATTERN = re.compile(r"^[a-z0-9][a-z0-9-]{0,63}$")


@dataclass(frozen=True)
class EntryName:
    """One entry: ``("page", "faq", "nl")``; ``locale`` "" for a collection not per language."""

    collection: str
    key: str
    locale: str

    @property
    def subject(self) -> tuple[SubjectType, str]:
        return SubjectType.CONTENT, f"{self.collection}:{self.key}:{self.locale}"

    def where(self) -> dict[str, Any]:
        return {"collection": self.collection, "key": self.key, "locale": self.locale}


def entry_name(collection: str, key: str, locale: str) -> tuple[EntryName, Editable]:
    """The entry and its collection; 404 for an unknown collection, 400 for a bad key or a
    locale the collection does not have."""
    found = editable(collection)
    if not KEY_PATTERN.match(key):
        raise ValidationError.for_field(["key"], "A key is lower-case letters, digits and hyphens")
    check_locale(collection, found, locale)
    return EntryName(collection, key, locale), found


def check_locale(collection: str, found: Editable, locale: str) -> None:
    """400 ``locale`` unless it is one of the shop's (a collection per language) or "" (one
    that is not)."""
    if found.localized and locale not in LOCALES:
        raise ValidationError.for_field(
            ["query", "locale"], f"locale must be one of {', '.join(LOCALES)}"
        )
    if not found.localized and locale != "":
        raise ValidationError.for_field(["query", "locale"], f"{collection} is not per language")


@dataclass(frozen=True)
class EntryState:
    """An entry as the studio opens it: the draft (or the live document when there is none),
    its revision (0: no draft yet), who saved it when, what is live, and what publishing
    still needs."""

    name: EntryName
    document: Document | None
    revision: int
    saved_by: str | None
    saved_at: datetime | None
    live: Document | None
    published_revision: int | None
    publish_at: datetime | None
    schedule_refused: str | None
    missing: list[str]


async def find_draft(name: EntryName) -> Draft | None:
    return await Draft.get_or_none(**name.where())


async def state(name: EntryName, found: Editable) -> EntryState:
    draft = await find_draft(name)
    live = await found.live(name.key, name.locale)
    document = draft.document if draft else live
    return EntryState(
        name=name,
        document=document,
        revision=draft.revision if draft else 0,
        saved_by=draft.saved_by_label if draft else None,
        saved_at=draft.saved_at if draft else None,
        live=live,
        published_revision=draft.published_revision if draft else None,
        publish_at=draft.publish_at if draft else None,
        schedule_refused=draft.schedule_refused if draft else None,
        missing=found.missing(document, name.locale) if document is not None else [],
    )


def conflict(draft: Draft) -> ConflictError:
    """Someone saved since: who, when and the revision now stored (the SPA offers "reload" and
    "show their changes")."""
    return ConflictError(
        f"{draft.saved_by_label} saved this at {draft.saved_at.isoformat()}; reload first",
        {
            "revision": draft.revision,
            "savedBy": draft.saved_by_label,
            "savedAt": draft.saved_at.isoformat().replace("+00:00", "Z"),
        },
    )


async def save(actor: Actor, name: EntryName, found: Editable, raw: object, based_on: int) -> Draft:
    """Stores the document as the entry's draft (revision ``based_on + 1``); 400 naming each
    bad field, 409 when the stored draft is not revision ``based_on``. A scheduled publish is
    cancelled: what was scheduled is no longer the draft."""
    document = validated(found.document, raw)
    await found.check(name.key, name.locale, document)
    async with outbox.transaction():
        draft = await write(actor, name, document, based_on)
        await activity.record(actor, Action.CONTENT_SAVED, name.subject, note=f"r{draft.revision}")
    return draft


async def write(actor: Actor, name: EntryName, document: Document, based_on: int) -> Draft:
    """The draft row, in the caller's transaction; 409 on a stale ``based_on``."""
    saved: dict[str, Any] = {
        "document": document,
        "saved_by_id": actor.member.id if actor.member else None,
        "saved_by_label": actor.label,
        "saved_at": outbox.now(),
        "publish_at": None,
        "schedule_refused": None,
    }
    if based_on == 0:
        current = await find_draft(name)
        if current is not None:
            raise conflict(current)
        try:
            return await Draft.create(**name.where(), revision=1, **saved)
        except IntegrityError:  # saved at the same moment by someone else: the row is theirs
            raise ConflictError("Someone saved this at the same moment; reload first") from None
    changed = await Draft.filter(**name.where(), revision=based_on).update(
        revision=based_on + 1, **saved
    )
    current = await find_draft(name)
    if changed != 1 or current is None:
        raise conflict(current) if current else ConflictError("No draft to update: reload")
    return current
