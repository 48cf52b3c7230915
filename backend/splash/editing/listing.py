"""The studio's list of a collection in one language: every entry the collection knows, the
entries that exist only as drafts, and which have changes not yet published."""

from __future__ import annotations

from dataclasses import dataclass

from splash.editing.editable import Editable, EntrySummary
from splash.editing.models import Draft


@dataclass(frozen=True)
class Listed:
    entry: EntrySummary
    drafted: bool  # a draft whose revision is not the one live


async def listing(collection: str, found: Editable, locale: str) -> list[Listed]:
    entries = await found.entries(locale)
    drafts = {
        draft.key: draft
        for draft in await Draft.filter(collection=collection, locale=locale).order_by("id")
    }
    listed = [Listed(entry, _drafted(drafts.get(entry.key))) for entry in entries]
    known = {entry.key for entry in entries}
    for key, draft in drafts.items():
        if key not in known:
            title = str(draft.document.get("title") or key)
            listed.append(Listed(EntrySummary(key, title, False, False), True))
    return listed


def _drafted(draft: Draft | None) -> bool:
    return draft is not None and draft.published_revision != draft.revision
