"""New entries the studio makes from a collection's list (a variant, a level, a lesson): the
key checked and free, the fields validated by the collection's ``new_entry`` model, a field
that needs more than the collection's permission refused (403 naming it) to a role without
it, the rows made live with an activity entry in one transaction, then republished."""

from __future__ import annotations

from collections.abc import Set

from tortoise.exceptions import IntegrityError

from splash.core.errors import ConflictError, ForbiddenError, ValidationError, field_error
from splash.editing.documents import validated
from splash.editing.drafts import EntryName, entry_name
from splash.editing.editable import Creatable, Document
from splash.editing.vocabulary import REPUBLISH_JOB
from splash.shared import outbox
from splash.staff import activity
from splash.staff.activity import Actor
from splash.staff.vocabulary import Action, Permission


def creatable(collection: str, key: str, locale: str) -> tuple[EntryName, Creatable]:
    """The new entry's name and its collection; 400 ``collection`` for one the studio does not
    make entries of (a page is made by saving its first draft)."""
    name, found = entry_name(collection, key, locale)
    if not isinstance(found, Creatable):
        raise ValidationError.for_field(
            ["collection"], f"New {collection} entries are made by saving their first draft"
        )
    return name, found


def taken(key: str) -> ConflictError:
    message = f"{key!r} exists already: choose another key"
    return ConflictError(message, {"errors": [field_error(["key"], message)]})


def check_rights(found: Creatable, fields: Document, held: Set[Permission]) -> None:
    """403 naming the first field given that needs a permission the role lacks."""
    for name, needed in found.field_permissions.items():
        if fields.get(name) is not None and needed not in held:
            raise ForbiddenError(
                f"Your role cannot set {name}", {"errors": [field_error([name], "Owners only")]}
            )


async def create(
    actor: Actor, name: EntryName, found: Creatable, raw: object, held: Set[Permission]
) -> Document:
    """Makes the entry live; answers its validated fields. 409 ``key`` when it exists."""
    fields = validated(found.new_entry, raw)
    check_rights(found, fields, held)
    if await found.exists(name.key):
        raise taken(name.key)
    try:
        async with outbox.transaction():
            applied = await found.create(name.key, name.locale, fields)
            await activity.record(actor, Action.CONTENT_CREATED, name.subject, after=fields)
            await outbox.enqueue(REPUBLISH_JOB, {"changes": applied.changes})
    except IntegrityError:  # made at the same moment by someone else
        raise taken(name.key) from None
    return fields
