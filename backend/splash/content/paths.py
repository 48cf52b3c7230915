"""Full paths of pages: the parents' slugs and the page's own, 'home' being the empty path.

Pure. A parent chain that loops or points at a missing page gives no path (the page is not
reachable), never an endless walk.
"""

from __future__ import annotations

from dataclasses import dataclass

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
