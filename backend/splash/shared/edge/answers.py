"""Answers computed once: content reads change only when the shop is seeded, published or
edited, so an answer is kept until then instead of being computed again per request.

Every kept answer belongs to one *generation* of the content. Whatever changes content calls
:func:`bump` after its commit: every process sees the new generation on its next lookup and
drops what it kept. The generation lives where all processes of a deployment see it:

- in a file under ``var/`` by default (the workers of one host share it: one ``stat`` per
  lookup; the file is replaced, so its inode changes with every bump);
- in Redis when ``SPLASH_REDIS_URL`` is set, so N instances on N hosts drop their answers
  together (one GET per lookup).

An answer computed while a bump happened is not kept (it may hold the old content); an
answer that depends on something besides content (a variant's stock) is kept with that token
and computed again, in its place, when the token has changed (in its key, each stock level
was an answer of its own: an hour's soak grew every worker by a sixth with them).
Memory is bounded by bytes: past ``max_bytes`` the least recently used answers go first.
"""

from __future__ import annotations

import os
import secrets
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from splash.core.config import Settings

MAX_BYTES = 64 * 1024 * 1024
REDIS_KEY = "splash:answers:generation"
V = TypeVar("V")


class Generation(Protocol):
    async def current(self) -> Hashable:
        """What identifies the content as it is now (never None)."""

    async def bump(self) -> None:
        """The content changed: every process's kept answers are stale."""

    async def close(self) -> None: ...


class FileGeneration:
    """The generation as a file's identity (inode, mtime): shared by the workers of one host."""

    def __init__(self, path: Path) -> None:
        self.path = str(path)

    async def current(self) -> Hashable:
        try:
            found = os.stat(self.path)
        except FileNotFoundError:
            return (0, 0)  # never bumped
        return (found.st_ino, found.st_mtime_ns)

    async def bump(self) -> None:
        # A new file renamed over the old one: both exist at once, so the inode always differs.
        folder = os.path.dirname(self.path)
        os.makedirs(folder, exist_ok=True)
        temporary = f"{self.path}.{secrets.token_hex(4)}"
        with open(temporary, "w", encoding="utf-8") as written:
            written.write(secrets.token_hex(8))
        os.replace(temporary, self.path)

    async def close(self) -> None:
        return None


class RedisGeneration:
    """The generation as a Redis counter: shared by every instance of a deployment."""

    def __init__(self, url: str, key: str = REDIS_KEY) -> None:
        from redis.asyncio import Redis

        self.redis = Redis.from_url(url)
        self.key = key

    async def current(self) -> Hashable:
        value: bytes | None = await self.redis.get(self.key)
        return value or b"0"  # never bumped

    async def bump(self) -> None:
        await self.redis.incr(self.key)

    async def close(self) -> None:
        await self.redis.aclose()


def generation_for(settings: Settings) -> Generation:
    if settings.redis_url:
        return RedisGeneration(settings.redis_url)
    return FileGeneration(settings.var_dir / "answers.generation")


async def bump(settings: Settings) -> None:
    """The content changed (seeded, published, edited): call after the change is committed."""
    generation = generation_for(settings)
    try:
        await generation.bump()
    finally:
        await generation.close()


@dataclass(frozen=True)
class Answer:
    """One kept answer, as it goes out: status 200, its body and its content type; and the
    token it was computed for (what it holds besides content: a variant's stock)."""

    body: bytes
    content_type: str
    token: Hashable = None


class KeptBytes(Generic[V]):
    """Values by key, at most ``max_bytes`` of them (each as big as its ``size``): the least
    recently used go first."""

    def __init__(self, size: Callable[[V], int], max_bytes: int = MAX_BYTES) -> None:
        self.size = size
        self.max_bytes = max_bytes
        self._kept: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._bytes = 0

    def get(self, key: Hashable) -> V | None:
        kept = self._kept.get(key)
        if kept is None:
            return None
        self._kept.move_to_end(key)
        return kept[0]

    def keep(self, key: Hashable, value: V) -> None:
        size = self.size(value)
        if size > self.max_bytes:
            return
        replaced = self._kept.pop(key, None)  # two requests computed it at once
        if replaced is not None:
            self._bytes -= replaced[1]
        self._kept[key] = (value, size)
        self._bytes += size
        while self._bytes > self.max_bytes:
            _, (_, dropped) = self._kept.popitem(last=False)
            self._bytes -= dropped

    def clear(self) -> None:
        self._kept.clear()
        self._bytes = 0


def answer_size(answer: Answer) -> int:
    return len(answer.body)


class AnswerCache:
    def __init__(self, generation: Generation, max_bytes: int = MAX_BYTES) -> None:
        self.generation = generation
        self._seen: Hashable = None
        self._kept: KeptBytes[Answer] = KeptBytes(answer_size, max_bytes)

    async def answer(
        self,
        key: Hashable,
        compute: Callable[[], Awaitable[Answer | None]],
        token: Hashable = None,
    ) -> tuple[Answer | None, Hashable]:
        """The kept answer for ``key`` computed for ``token``, else ``compute()``'s, kept
        (in the place of one for another token: a key keeps one answer, however often its
        stock changes) unless it is None (a failure, never kept) or the content changed while
        it was computed; with the generation the answer belongs to (None when it belongs to
        none: not kept)."""
        seen = await self.generation.current()
        if seen != self._seen:
            self._kept.clear()
            self._seen = seen
        kept = self._kept.get(key)
        if kept is not None and kept.token == token:
            return kept, seen
        computed = await compute()
        if computed is not None and await self.generation.current() == seen == self._seen:
            computed = replace(computed, token=token)
            self._kept.keep(key, computed)
            return computed, seen
        return computed, None

    async def close(self) -> None:
        await self.generation.close()
