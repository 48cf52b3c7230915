"""Old paths that keep working (pure): when publishing moves an entry from one path to
another, every old path of a language points at the newest, in one hop.

A move from ``old`` to ``new``:
- every redirect that pointed at ``old`` now points at ``new`` (A→B, then B→C: A→C), so a
  visitor never follows a chain;
- ``old`` → ``new`` is added;
- a redirect *from* ``new`` is dropped (the path is live again: a page moved back to where it
  was), and so is any redirect that would point at itself: no loop survives.
"""

from __future__ import annotations

Redirects = dict[str, str]  # old path → the path it answers 301 to, in one language


def after_move(redirects: Redirects, old: str, new: str) -> Redirects:
    """The redirects of a language after an entry moved from ``old`` to ``new``."""
    if old == new:
        return dict(redirects)
    moved = {source: (new if target == old else target) for source, target in redirects.items()}
    moved[old] = new
    return {source: target for source, target in moved.items() if source not in (new, target)}


def after_moves(redirects: Redirects, moves: list[tuple[str, str]]) -> Redirects:
    """After several moves published at once (a page and the pages below it)."""
    for old, new in moves:
        redirects = after_move(redirects, old, new)
    return redirects
