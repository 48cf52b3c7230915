"""The redirects table: old paths of a language answering 301 to where their entry lives now
(the rules: ``editing.redirects``)."""

from __future__ import annotations

from splash.editing.models import Redirect
from splash.editing.redirects import after_moves


async def record_moves(locale: str, moves: list[tuple[str, str]]) -> None:
    """The redirects after ``moves`` (old → new paths published at once), in the caller's
    transaction; a path that is live again (a page moved back) loses its redirect."""
    moves = [(old, new) for old, new in moves if old != new]
    if not moves:
        return
    rows = await Redirect.filter(locale=locale)
    before = {row.old_path: row.new_path for row in rows}
    after = after_moves(before, moves)
    gone = [row.id for row in rows if row.old_path not in after]
    if gone:
        await Redirect.filter(id__in=gone).delete()
    for row in rows:
        if row.old_path in after and after[row.old_path] != row.new_path:
            await Redirect.filter(id=row.id).update(new_path=after[row.old_path])
    for old, new in after.items():
        if old not in before:
            await Redirect.create(locale=locale, old_path=old, new_path=new)


async def redirect_for(locale: str, path: str) -> str | None:
    """Where an old path of a language lives now; None when it was never moved."""
    found = await Redirect.get_or_none(locale=locale, old_path=path)
    return found.new_path if found else None


async def redirects(locale: str) -> dict[str, str]:
    rows = await Redirect.filter(locale=locale).order_by("old_path")
    return {row.old_path: row.new_path for row in rows}
