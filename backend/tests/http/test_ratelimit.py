"""Rate limiters: the in-process sliding window (with an injected clock) and the Redis fixed
window shared by every backend process (against a real Redis, database 15)."""

import asyncio
import secrets
from collections.abc import AsyncIterator

import pytest
from redis.asyncio import Redis

from splash.app import create_app
from splash.http.ratelimit import MemoryRateLimiter, RedisRateLimiter, create_rate_limiter
from tests.conftest import REDIS_URL
from tests.support import serving

URL = "/api/forms/contact/submissions"


class Clock:
    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


# --- in process ----------------------------------------------------------------------------------


async def test_memory_limit_allows_the_limit_then_names_the_wait():
    clock = Clock(1000.0)
    limiter = MemoryRateLimiter(clock)

    answers = []
    for now in (1000.0, 1010.0, 1020.0, 1030.0):
        clock.now = now
        answers.append(await limiter.hit("1.2.3.4|/x", limit=3, window=60))

    assert answers == [None, None, None, 30]  # the first hit leaves the window at 1060


async def test_memory_window_slides_one_hit_at_a_time():
    clock = Clock(1000.0)
    limiter = MemoryRateLimiter(clock)
    for now in (1000.0, 1010.0, 1020.0):
        clock.now = now
        await limiter.hit("k", limit=3, window=60)

    clock.now = 1059.0
    assert await limiter.hit("k", limit=3, window=60) == 1
    clock.now = 1060.0  # the hit of 1000 is a full window old now
    assert await limiter.hit("k", limit=3, window=60) is None
    clock.now = 1061.0
    assert await limiter.hit("k", limit=3, window=60) == 9  # the hit of 1010 leaves at 1070
    clock.now = 1070.0
    assert await limiter.hit("k", limit=3, window=60) is None


async def test_memory_refused_hits_do_not_count():
    clock = Clock(0.0)
    limiter = MemoryRateLimiter(clock)
    await limiter.hit("k", limit=1, window=10)

    for now in (1.0, 2.0, 9.0):
        clock.now = now
        assert await limiter.hit("k", limit=1, window=10) == 10 - int(now)
    clock.now = 10.0
    assert await limiter.hit("k", limit=1, window=10) is None


async def test_memory_retry_after_is_whole_seconds_and_at_least_one():
    clock = Clock(100.0)
    limiter = MemoryRateLimiter(clock)
    await limiter.hit("k", limit=1, window=30)

    clock.now = 100.2
    assert await limiter.hit("k", limit=1, window=30) == 30  # 29.8 s rounds up
    clock.now = 129.99
    assert await limiter.hit("k", limit=1, window=30) == 1


async def test_memory_keys_count_apart_and_clear_forgets_them():
    limiter = MemoryRateLimiter(Clock())
    await limiter.hit("a", limit=1, window=60)

    assert await limiter.hit("b", limit=1, window=60) is None
    assert await limiter.hit("a", limit=1, window=60) == 60
    await limiter.clear()
    assert await limiter.hit("a", limit=1, window=60) is None
    assert await limiter.hit("b", limit=1, window=60) is None


def test_without_a_redis_url_the_limiter_is_in_process():
    assert isinstance(create_rate_limiter(None), MemoryRateLimiter)
    limiter = create_rate_limiter(REDIS_URL)
    assert isinstance(limiter, RedisRateLimiter)
    assert limiter.redis.connection_pool.connection_kwargs["db"] == 15


# --- Redis ----------------------------------------------------------------------------------------


@pytest.fixture
async def prefix(redis: Redis) -> AsyncIterator[str]:
    """A key prefix of this test alone; its keys are deleted afterwards."""
    name = f"splash:test:{secrets.token_hex(4)}:"
    yield name
    async for key in redis.scan_iter(match=name + "*"):
        await redis.delete(key)


@pytest.fixture
async def limiters(prefix: str) -> AsyncIterator[tuple[RedisRateLimiter, RedisRateLimiter]]:
    """Two limiters on one Redis, as two backend processes have."""
    first, second = RedisRateLimiter(REDIS_URL, prefix), RedisRateLimiter(REDIS_URL, prefix)
    yield first, second
    await first.close()
    await second.close()


async def test_redis_limit_within_the_window(limiters, redis, prefix):
    limiter, _ = limiters

    answers = [await limiter.hit("1.2.3.4|/x", limit=3, window=60) for _ in range(4)]

    assert answers[:3] == [None, None, None]
    assert 1 <= answers[3] <= 60
    assert int(await redis.get(prefix + "1.2.3.4|/x")) == 4
    assert 1 <= await redis.ttl(prefix + "1.2.3.4|/x") <= 60


async def test_redis_counts_are_shared_between_processes(limiters):
    first, second = limiters

    assert await first.hit("k", limit=3, window=60) is None
    assert await second.hit("k", limit=3, window=60) is None
    assert await first.hit("k", limit=3, window=60) is None
    assert await second.hit("k", limit=3, window=60) is not None
    assert await first.hit("k", limit=3, window=60) is not None
    assert await second.hit("other", limit=3, window=60) is None


async def test_redis_later_hits_do_not_extend_the_window(limiters, redis, prefix):
    limiter, _ = limiters
    await limiter.hit("k", limit=5, window=2)
    await redis.pexpire(prefix + "k", 1500)  # as if half a second had passed

    await limiter.hit("k", limit=5, window=2)

    assert 0 < await redis.pttl(prefix + "k") <= 1500


async def test_redis_key_expires_with_the_window(limiters, redis, prefix):
    limiter, _ = limiters
    assert await limiter.hit("k", limit=1, window=1) is None

    assert await limiter.hit("k", limit=1, window=1) == 1  # Retry-After never exceeds the window
    await asyncio.sleep(1.1)

    assert await redis.exists(prefix + "k") == 0
    assert await limiter.hit("k", limit=1, window=1) is None


async def test_redis_clear_forgets_only_its_own_keys(limiters, redis, prefix):
    first, second = limiters
    await first.hit("a", limit=1, window=60)
    await first.hit("b", limit=1, window=60)
    bystander = prefix.replace("splash:test:", "splash:bystander:") + "k"
    await redis.set(bystander, "1", ex=60)

    await second.clear()

    assert [key async for key in redis.scan_iter(match=prefix + "*")] == []
    assert await first.hit("a", limit=1, window=60) is None
    assert await redis.get(bystander) == b"1"
    await redis.delete(bystander)


async def test_two_backend_processes_on_one_redis_share_the_submission_limit(
    settings, database, redis
):
    with_redis = settings.model_copy(update={"redis_url": REDIS_URL})
    first, second = create_app(with_redis), create_app(with_redis)
    await first.ctx.rate_limiter.clear()
    try:
        async with serving(first) as one, serving(second) as two:
            statuses = [
                (await backend.post(URL, json={"data": {}})).status_code
                for backend in (one, two) * 5
            ]
            refused = await two.post(URL, json={"data": {}})
            also_refused = await one.post(URL, json={"data": {}})
    finally:
        await first.ctx.rate_limiter.clear()
        await first.ctx.rate_limiter.close()
        await second.ctx.rate_limiter.close()

    assert statuses == [400] * 10
    assert (refused.status_code, also_refused.status_code) == (429, 429)
    assert 1 <= int(refused.headers["retry-after"]) <= 600
