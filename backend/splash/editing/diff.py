"""A readable difference between two versions of a document (pure): every field path whose
value differs, with its value before and after. Lists are compared item by item (a block
added at the end is one path, ``blocks.3``); a value that changed type is one path."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

_ABSENT = object()


@dataclass(frozen=True)
class FieldChange:
    path: str  # dotted, as a validation error names a field: ``blocks.2.title``
    before: Any  # None when the field did not exist
    after: Any  # None when the field no longer exists


def diff(before: Any, after: Any) -> list[FieldChange]:
    """What changed from ``before`` to ``after``, in document order."""
    changes: list[FieldChange] = []
    _walk(before, after, [], changes)
    return changes


def _walk(before: Any, after: Any, path: list[str], changes: list[FieldChange]) -> None:
    if isinstance(before, dict) and isinstance(after, dict):
        for name in [*before, *(key for key in after if key not in before)]:
            _walk(before.get(name, _ABSENT), after.get(name, _ABSENT), [*path, name], changes)
    elif isinstance(before, list) and isinstance(after, list):
        for index in range(max(len(before), len(after))):
            old = before[index] if index < len(before) else _ABSENT
            new = after[index] if index < len(after) else _ABSENT
            _walk(old, new, [*path, str(index)], changes)
    elif before != after:
        changes.append(
            FieldChange(
                ".".join(path),
                None if before is _ABSENT else before,
                None if after is _ABSENT else after,
            )
        )
