"""An entry's history: the versions publishing kept (who, when), a readable difference
between two of them, and restoring one as the draft (publishing it makes it live again)."""

from __future__ import annotations

from splash.core.errors import NotFoundError
from splash.editing import drafts
from splash.editing.diff import FieldChange, diff
from splash.editing.drafts import EntryName
from splash.editing.models import Draft, Version
from splash.shared import outbox
from splash.staff import activity
from splash.staff.activity import Actor
from splash.staff.vocabulary import Action


async def versions(name: EntryName) -> list[Version]:
    """The newest first."""
    return await Version.filter(**name.where()).order_by("-number")


async def version(name: EntryName, number: int) -> Version:
    found = await Version.get_or_none(**name.where(), number=number)
    if found is None:
        raise NotFoundError(f"No version {number} of this entry")
    return found


async def changes(name: EntryName, older: int, newer: int) -> list[FieldChange]:
    """What changed from version ``older`` to version ``newer``."""
    before, after = await version(name, older), await version(name, newer)
    return diff(before.document, after.document)


async def restore(actor: Actor, name: EntryName, number: int) -> Draft:
    """Version ``number`` becomes the draft (a new revision over whatever was drafted)."""
    kept = await version(name, number)
    async with outbox.transaction():
        current = await Draft.filter(**name.where()).select_for_update().first()
        draft = await drafts.write(actor, name, kept.document, current.revision if current else 0)
        await activity.record(
            actor, Action.CONTENT_RESTORED, name.subject, after={"version": number}
        )
    return draft
