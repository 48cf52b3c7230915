"""Full paths of pages: the parents' slugs and the page's own, 'home' being the empty path.

Pure. A parent chain that loops or points at a missing page gives no path (the page is not
reachable), never an endless walk.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

HOME = "home"
MAX_DEPTH = 10


@dataclass(frozen=True)
class PageNode:
    id: int
    slug: str
    parent_id: int | None


def full_paths(nodes: list[PageNode]) -> dict[int, str]:
    by_id = {node.id: node for node in nodes}
    paths: dict[int, str] = {}
    for node in nodes:
        slugs: list[str] = []
        current: PageNode | None = node
        seen: set[int] = set()
        while current is not None and current.id not in seen and len(seen) < MAX_DEPTH:
            seen.add(current.id)
            if current.slug != HOME:
                slugs.append(current.slug)
            if current.parent_id is None:
                paths[node.id] = "/" + "/".join(reversed(slugs))
                break
            current = by_id.get(current.parent_id)
    return paths


@dataclass(frozen=True)
class PageTree:
    """Every published page as a row (``id``, ``slug``, ``parent_id``, ``locale_id``,
    ``localization_key``) in id order, the full path of each reachable one, and the two lookups
    every page's answer makes, indexed: publishing makes one per page, and scanning the rows
    for each made it quadratic in the number of pages."""

    rows: list[dict[str, Any]]
    paths: dict[int, str]

    @classmethod
    def of(cls, rows: list[dict[str, Any]]) -> PageTree:
        return cls(rows, full_paths([PageNode(r["id"], r["slug"], r["parent_id"]) for r in rows]))

    def at(self, locale: str, path: str) -> dict[str, Any] | None:
        """The reachable page at a full path of a locale."""
        return self._by_path.get((locale, path))

    def localizations(self, page_id: int, key: str) -> list[dict[str, Any]]:
        """The reachable translations of the page ``page_id`` (localization key ``key``)."""
        return [
            {
                "id": r["id"],
                "locale": r["locale_id"],
                "slug": r["slug"],
                "path": self.paths[r["id"]],
            }
            for r in self._by_key.get(key, ())
            if r["id"] != page_id and r["id"] in self.paths
        ]

    @cached_property
    def _by_path(self) -> dict[tuple[str, str], dict[str, Any]]:
        found: dict[tuple[str, str], dict[str, Any]] = {}
        for row in self.rows:
            if row["id"] in self.paths:
                found.setdefault((row["locale_id"], self.paths[row["id"]]), row)
        return found

    @cached_property
    def _by_key(self) -> dict[str, list[dict[str, Any]]]:
        found: dict[str, list[dict[str, Any]]] = {}
        for row in self.rows:
            found.setdefault(row["localization_key"], []).append(row)
        return found
