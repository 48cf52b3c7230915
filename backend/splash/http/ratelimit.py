"""Rate limits per client address and path (never per a field the client controls).

In process by default; shared through Redis when ``SPLASH_REDIS_URL`` is set, so N backend
instances count together. Past the limit: 429 RateLimitError with Retry-After.
"""

from __future__ import annotations

import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from functools import wraps
from typing import Any, Protocol

from sanic import Request

from splash.errors import RateLimitError
from splash.http.request import client_address


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


def create_rate_limiter(redis_url: str | None) -> MemoryRateLimiter | RedisRateLimiter:
    return RedisRateLimiter(redis_url) if redis_url else MemoryRateLimiter()


Handler = Callable[..., Awaitable[Any]]


def rate_limited(limit: int, window: int) -> Callable[[Handler], Handler]:
    """At most ``limit`` requests per ``window`` seconds per client address and path."""

    def decorate(handler: Handler) -> Handler:
        @wraps(handler)
        async def limited(request: Request, *args: Any, **kwargs: Any) -> Any:
            settings = request.app.ctx.settings
            key = f"{client_address(request, settings.trusted_proxies)}|{request.path}"
            wait = await request.app.ctx.rate_limiter.hit(key, limit, window)
            if wait is not None:
                raise RateLimitError(
                    f"Too many requests; try again in {wait} seconds",
                    headers={"retry-after": str(wait)},
                )
            return await handler(request, *args, **kwargs)

        return limited

    return decorate
