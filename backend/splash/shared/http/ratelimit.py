"""Rate limits per client address, route and parsed path parameters (never per a field the
client controls, nor per spelling: ``/lessons/2``, ``/lessons/002`` and ``/lessons/%32`` are one
lesson, and one count).

Without Redis the counts live in a small memory-mapped file under ``var/`` that every process
of the host opens (``HostRateLimiter``), so the workers of ``splash serve --workers N`` count
together; with ``SPLASH_REDIS_URL`` set they live in Redis, so N instances on N hosts do. Both
count a fixed window per key that starts at its first hit. Past the limit: 429 RateLimitError
with Retry-After.
"""

from __future__ import annotations

import fcntl
import math
import mmap
import os
import struct
import time
from collections import deque
from collections.abc import Awaitable, Callable, Iterator, Mapping
from contextlib import contextmanager
from functools import wraps
from hashlib import blake2b
from pathlib import Path
from typing import Any, Protocol

from sanic import Request

from splash.core.errors import RateLimitError
from splash.shared.http.query import is_whole_number
from splash.shared.http.request import client_address


class RateLimiter(Protocol):
    async def hit(self, key: str, limit: int, window: int) -> int | None:
        """Count one hit; the seconds to wait when this hit is over the limit, else None."""

    async def clear(self) -> None:
        """Forget every count (tests)."""


class MemoryRateLimiter:
    """Sliding window per key, for one process."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.hits: dict[str, deque[float]] = {}

    async def hit(self, key: str, limit: int, window: int) -> int | None:
        now = self.clock()
        hits = self.hits.setdefault(key, deque())
        while hits and hits[0] <= now - window:
            hits.popleft()
        if len(hits) >= limit:
            return max(1, math.ceil(hits[0] + window - now))
        hits.append(now)
        if len(self.hits) > 100_000:  # drop idle keys so memory stays bounded
            self.hits = {k: v for k, v in self.hits.items() if v and v[-1] > now - window}
        return None

    async def clear(self) -> None:
        self.hits.clear()


class HostRateLimiter:
    """Fixed windows in a memory-mapped file that every process of one host shares.

    The file is a hash table of ``slots`` slots (key hash, window end, count: 24 bytes each;
    1.5 MB), probed linearly at most ``probes`` slots from the key's own, under an exclusive
    ``flock`` held for the few microseconds a hit takes (measured: 6-7 us a hit, 13 us with two
    processes hitting at once; the in-process window took 1 us). Nothing is read from or written
    to disk on the way: the kernel writes the mapped pages back when it likes. A key whose
    window has ended gives its slot to the next new key; when all ``probes`` slots hold live
    windows (about 65,000 keys live at once), the window that ends first gives way. Window ends
    are wall-clock times, so the file stays valid across restarts; one further away than its
    window (the clock went back) counts as ended.
    """

    MAGIC = b"splash-ratelimit-1"
    HEADER = 32
    SLOT = struct.Struct("<QdI4x")  # key hash (0: never used), window end, hits

    def __init__(
        self,
        path: Path,
        clock: Callable[[], float] = time.time,
        slots: int = 1 << 16,
        probes: int = 32,
    ) -> None:
        self.path, self.clock = path, clock
        self.slots, self.probes = slots, probes
        self._fd: int | None = None
        self._map: mmap.mmap | None = None

    async def hit(self, key: str, limit: int, window: int) -> int | None:
        wanted = int.from_bytes(blake2b(key.encode(), digest_size=8).digest(), "little") or 1
        with self._locked() as table:
            # Read under the lock: a process that read the clock before another's first hit
            # would find that window ending more than a window ahead, take it for the clock
            # gone back, and start a new one (121 of 260 through a limit of 120, once).
            now = self.clock()
            free, oldest, oldest_end = None, 0, math.inf
            start = wanted % self.slots
            for step in range(self.probes):
                at = self.HEADER + ((start + step) % self.slots) * self.SLOT.size
                found, ends, hits = self.SLOT.unpack_from(table, at)
                if found == wanted:
                    if now < ends <= now + window:
                        if hits >= limit:
                            return max(1, math.ceil(ends - now))
                        self.SLOT.pack_into(table, at, wanted, ends, hits + 1)
                        return None
                    free = at  # its window ended: a new one begins
                    break
                if free is None and (found == 0 or ends <= now):
                    free = at
                if found == 0:  # never used: the key is not further along
                    break
                if ends < oldest_end:
                    oldest, oldest_end = at, ends
            self.SLOT.pack_into(table, oldest if free is None else free, wanted, now + window, 1)
        return None

    async def clear(self) -> None:
        with self._locked() as table:
            table[self.HEADER :] = bytes(len(table) - self.HEADER)

    async def close(self) -> None:
        if self._map is not None:
            self._map.close()
        if self._fd is not None:
            os.close(self._fd)
        self._map = self._fd = None

    @contextmanager
    def _locked(self) -> Iterator[mmap.mmap]:
        if self._map is None:
            self._open()
        assert self._fd is not None and self._map is not None
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        try:
            yield self._map
        finally:
            fcntl.flock(self._fd, fcntl.LOCK_UN)

    def _open(self) -> None:
        """Open (or make) the table; a file of another layout or size starts again empty."""
        size = self.HEADER + self.slots * self.SLOT.size
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            try:
                if os.fstat(fd).st_size != size or os.pread(fd, len(self.MAGIC), 0) != self.MAGIC:
                    os.ftruncate(fd, 0)
                    os.ftruncate(fd, size)
                    os.pwrite(fd, self.MAGIC, 0)
            finally:
                fcntl.flock(fd, fcntl.LOCK_UN)
            self._map = mmap.mmap(fd, size)
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd


class RedisRateLimiter:
    """Fixed window per key in Redis (INCR + EXPIRE in one transaction)."""

    def __init__(self, url: str, prefix: str = "splash:ratelimit:") -> None:
        from redis.asyncio import Redis

        self.redis = Redis.from_url(url)
        self.prefix = prefix

    async def hit(self, key: str, limit: int, window: int) -> int | None:
        name = self.prefix + key
        async with self.redis.pipeline(transaction=True) as pipe:
            pipe.incr(name)
            pipe.expire(name, window, nx=True)
            pipe.ttl(name)
            count, _, ttl = await pipe.execute()
        return max(1, int(ttl)) if int(count) > limit else None

    async def clear(self) -> None:
        async for name in self.redis.scan_iter(match=self.prefix + "*"):
            await self.redis.delete(name)

    async def close(self) -> None:
        await self.redis.aclose()


def create_rate_limiter(
    redis_url: str | None, host_file: Path | None = None
) -> MemoryRateLimiter | HostRateLimiter | RedisRateLimiter:
    """Redis when configured; else the host's file (the app passes ``var/ratelimit``); else
    this process's memory (one process alone: a script, a unit test)."""
    if redis_url:
        return RedisRateLimiter(redis_url)
    return HostRateLimiter(host_file) if host_file is not None else MemoryRateLimiter()


Handler = Callable[..., Awaitable[Any]]


def limit_key(request: Request, parameters: Mapping[str, Any]) -> str:
    """Client address, route and path parameters: a whole number by its value (``02`` is
    ``2``; ``%32`` reaches a handler decoded, see ``http.path``), so no spelling counts apart."""
    address = client_address(request, request.app.ctx.settings.trusted_proxies)
    route = request.route.name if request.route else request.path
    values = (
        f"{name}={int(value) if isinstance(value, str) and is_whole_number(value) else value}"
        for name, value in sorted(parameters.items())
    )
    return "|".join((address, route, *values))


async def hit(request: Request, key: str, limit: int, window: int) -> None:
    """Count one request under ``key``; past ``limit`` in ``window`` seconds, a 429 with
    Retry-After."""
    wait = await request.app.ctx.rate_limiter.hit(key, limit, window)
    if wait is not None:
        raise RateLimitError(
            f"Too many requests; try again in {wait} seconds", headers={"retry-after": str(wait)}
        )


def rate_limited(limit: int, window: int) -> Callable[[Handler], Handler]:
    """At most ``limit`` requests per ``window`` seconds per client address, route and path
    parameters (see ``limit_key``)."""

    def decorate(handler: Handler) -> Handler:
        @wraps(handler)
        async def limited(request: Request, *args: Any, **kwargs: Any) -> Any:
            await hit(request, limit_key(request, kwargs), limit, window)
            return await handler(request, *args, **kwargs)

        return limited

    return decorate
