"""Reading a collection once for a whole block of work (publishing), instead of once per entry."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Collection
from contextlib import asynccontextmanager
from contextvars import ContextVar
from typing import Any, TypeVar, cast

from tortoise.models import Model

ModelT = TypeVar("ModelT", bound=Model)
T = TypeVar("T")


# What a read_once block has read, by key, and which keys it keeps (None: every key).
_kept: ContextVar[tuple[dict[str, Any], frozenset[str] | None] | None] = ContextVar(
    "read_once", default=None
)


@asynccontextmanager
async def read_once(only: Collection[str] | None = None) -> AsyncIterator[None]:
    """Within this block each :func:`once` read happens once: publishing computes thousands of
    payloads from one state of the content, and reading a collection's rows for each of them
    made it cost a few statements per entry (the page tree for each page: quadratic). With
    ``only``, just those keys are kept and the other reads go as outside a block: republishing
    a few entries needs the page tree, not every product and page of the shop."""
    token = _kept.set(({}, None if only is None else frozenset(only)))
    try:
        yield
    finally:
        _kept.reset(token)


async def once(key: str, read: Callable[[], Awaitable[T]]) -> T | None:
    """What ``read`` gives, read at the first call with ``key`` in a :func:`read_once` block and
    kept for the rest of it; None outside one (or for a key it does not keep), where the caller
    reads only what it needs."""
    block = _kept.get()
    if block is None or (block[1] is not None and key not in block[1]):
        return None
    kept = block[0]
    if key not in kept:
        kept[key] = await read()
    return cast(T, kept[key])


async def filter_once(model: type[ModelT], **lookup: Any) -> list[ModelT]:
    """``model.filter(field=value)``, one field; in a :func:`read_once` block every row of
    ``model`` is read at the first call and grouped by that field, each group in model order."""
    [(field, value)] = lookup.items()
    groups = await once(f"{model.__name__} by {field}", lambda: _grouped(model, field))
    if groups is None:
        return await model.filter(**lookup)
    return groups.get(value, [])


async def _grouped(model: type[ModelT], field: str) -> dict[Any, list[ModelT]]:
    groups: dict[Any, list[ModelT]] = {}
    for row in await model.all():
        groups.setdefault(getattr(row, field), []).append(row)
    return groups
