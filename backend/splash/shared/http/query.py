"""Strapi-style bracket-notation query strings, parsed with the spec's limits.

``populate[localizations][fields][0]=slug&sort[0]=title:asc`` becomes
``{"populate": {"localizations": {"fields": ["slug"]}}, "sort": ["title:asc"]}``.
Limits (spec §9): at most 1000 parameters, array indexes below 20, nesting depth 5. Anything past
them, a key that is both a value and an object, or a parameter whose name is empty or a number
(``?=0``, ``?1=a``: the top level is an object of names, never an array) is a ``QueryError``
(mapped to 400), never a crash. Pure: no Sanic, no database.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qsl

PARAMETER_LIMIT = 1000
ARRAY_LIMIT = 20
DEPTH_LIMIT = 5

_SEGMENT = re.compile(r"\[([^\[\]]*)\]")
Query = dict[str, Any]


class QueryError(ValueError):
    """``key`` is the offending parameter as sent; None when the query as a whole is refused."""

    def __init__(self, message: str, key: str | None) -> None:
        super().__init__(message)
        self.key = key


def _split_key(key: str) -> list[str]:
    head, bracket, rest = key.partition("[")
    if not key or is_whole_number(head):
        raise QueryError(f"Query parameter {key!r} needs a name that is not empty or a number", key)
    if not bracket:
        return [key]
    rest = "[" + rest
    segments = _SEGMENT.findall(rest)
    if "".join(f"[{s}]" for s in segments) != rest or not head:
        raise QueryError(f"Malformed query parameter {key!r}", key)
    if len(segments) > DEPTH_LIMIT:
        raise QueryError(f"Query parameter {key!r} is nested deeper than {DEPTH_LIMIT}", key)
    return [head, *segments]


def is_whole_number(segment: str) -> bool:
    """ASCII digits only: str.isdigit() also says yes to '²', which int() refuses."""
    return segment.isascii() and segment.isdigit()


def _index(segment: str, key: str) -> int | None:
    if segment == "":
        return -1  # ``a[]=x`` appends
    if is_whole_number(segment):
        index = int(segment)
        if index >= ARRAY_LIMIT:
            raise QueryError(f"Array index in {key!r} is above the limit of {ARRAY_LIMIT}", key)
        return index
    return None


def _assign(node: dict[str, Any], segments: list[str], value: str, key: str) -> None:
    *parents, last = segments
    for segment in parents:
        child = node.get(segment)
        if child is None:
            child = node[segment] = {}
        if not isinstance(child, dict):
            raise QueryError(f"Query parameter {key!r} conflicts with another parameter", key)
        node = child
    if last == "":
        last = str(sum(1 for k in node if is_whole_number(k)))
        if int(last) >= ARRAY_LIMIT:
            raise QueryError(f"Array {key!r} has more than {ARRAY_LIMIT} items", key)
    if last in node:
        existing = node[last]
        if is_whole_number(last):  # ``a[0]=x&a[0]=y`` would nest a list in a list
            raise QueryError(f"Query parameter {key!r} is given more than once", key)
        if isinstance(existing, dict):
            raise QueryError(f"Query parameter {key!r} conflicts with another parameter", key)
        node[last] = [*existing, value] if isinstance(existing, list) else [existing, value]
        if len(node[last]) > ARRAY_LIMIT:
            raise QueryError(f"Parameter {key!r} is repeated more than {ARRAY_LIMIT} times", key)
        return
    node[last] = value


def _arrays(node: Any) -> Any:
    """Turn objects whose keys are all indexes into lists, in index order."""
    if not isinstance(node, dict):
        return node
    converted = {k: _arrays(v) for k, v in node.items()}
    if converted and all(is_whole_number(k) for k in converted):
        return [converted[k] for k in sorted(converted, key=int)]
    return converted


def parse_query(raw: str) -> Query:
    try:
        pairs = parse_qsl(raw, keep_blank_values=True, max_num_fields=PARAMETER_LIMIT)
    except ValueError:
        raise QueryError(f"More than {PARAMETER_LIMIT} query parameters", None) from None
    tree: dict[str, Any] = {}
    for key, value in pairs:
        if "\x00" in key or "\x00" in value:  # PostgreSQL cannot compare text holding U+0000
            raise QueryError(f"Query parameter {key!r} holds a NUL character", key)
        segments = _split_key(key)
        for segment in segments[1:]:
            _index(segment, key)
        _assign(tree, segments, value, key)
    return _arrays(tree)
