"""Where each library item is used. The library imports none of the domains that show its
images: each plugs in a finder (``plug_in``, from splash.site.wiring) that says which of the
asked items its rows show — content's pages (blocks, SEO image) and articles (cover, body),
the catalog's products. The editing domain's drafts plug in a finder of their own the same
way; until then a draft is the page row itself (``published`` false)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Use:
    """One row that shows a library item: what kind (``page``, ``article``, ``product``,
    ``draft``…), its id, a title to show and the language it is in (None: every language)."""

    media_id: int
    kind: str
    id: int
    title: str
    locale: str | None = None


# ``async def finder(media_ids) -> list[Use]``: the uses of those items among its rows.
UseFinder = Callable[[Collection[int]], Awaitable[list[Use]]]
FINDERS: list[UseFinder] = []


def plug_in(finders: Iterable[UseFinder]) -> None:
    """Every finder, replacing what was plugged in before."""
    FINDERS[:] = list(finders)


async def uses_of(media_ids: Collection[int]) -> list[Use]:
    """Every use of ``media_ids``, by kind, title and id."""
    if not media_ids:
        return []
    found: list[Use] = []
    for finder in FINDERS:
        found += [use for use in await finder(media_ids) if use.media_id in media_ids]
    return sorted(set(found), key=lambda u: (u.media_id, u.kind, u.title, u.id))
