"""Navigation menus as the API renders them: FLAT lists or TREEs of id, title and path (pure)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

MENUS = ("primary", "secondary", "legal")


class RenderType(StrEnum):
    FLAT = "FLAT"
    TREE = "TREE"


@dataclass(frozen=True)
class MenuEntry:
    id: int
    parent_id: int | None
    title: str
    path: str
    position: int


def normalize_path(path: str) -> str:
    """A path without a leading slash gets one; absolute URLs and anchors stay as they are."""
    path = path.strip()
    if path.startswith(("http://", "https://", "mailto:", "tel:", "#", "/")):
        return path
    return "/" + path


def render(entries: list[MenuEntry], render_type: RenderType) -> list[dict[str, Any]]:
    """TREE nests items under their parent; FLAT lists the same items in reading order."""
    children: dict[int | None, list[MenuEntry]] = {}
    for entry in sorted(entries, key=lambda e: (e.position, e.id)):
        children.setdefault(entry.parent_id, []).append(entry)

    def tree(parent: int | None) -> list[dict[str, Any]]:
        return [
            {"id": e.id, "title": e.title, "path": normalize_path(e.path), "items": tree(e.id)}
            for e in children.get(parent, [])
        ]

    def flat(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [
            entry
            for item in items
            for entry in [{k: item[k] for k in ("id", "title", "path")}, *flat(item["items"])]
        ]

    nested = tree(None)
    return nested if render_type is RenderType.TREE else flat(nested)
