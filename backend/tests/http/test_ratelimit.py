"""Rate limiters: the in-process sliding window (with an injected clock), the Redis fixed
window shared by every backend process (against a real Redis, database 15), and the limit of a
real server with two worker processes and no Redis."""

import asyncio
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

import httpx
import pytest
from redis.asyncio import Redis

from splash.academy import video_tokens
from splash.academy.routes import KEY_LIMIT
from splash.shared.http.ratelimit import (
    HostRateLimiter,
    MemoryRateLimiter,
    RedisRateLimiter,
    create_rate_limiter,
)
from splash.site.app import create_app
from tests.academy.video_rows import lesson_with_video
from tests.support import REDIS_URL, free_port, serving

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
    on_the_host = create_rate_limiter(None, Path("var/ratelimit"))
    assert isinstance(on_the_host, HostRateLimiter)
    assert on_the_host.path == Path("var/ratelimit")
    limiter = create_rate_limiter(REDIS_URL)
    assert isinstance(limiter, RedisRateLimiter)
    assert limiter.redis.connection_pool.connection_kwargs["db"] == 15


# --- on the host (a memory-mapped file every worker process opens) -----------------------------


@pytest.fixture
async def host_limiters(tmp_path) -> AsyncIterator[tuple[HostRateLimiter, HostRateLimiter, Clock]]:
    """Two limiters on one file, as two worker processes of a host have, on one clock."""
    clock = Clock(1_000_000.0)
    first = HostRateLimiter(tmp_path / "ratelimit", clock)
    second = HostRateLimiter(tmp_path / "ratelimit", clock)
    yield first, second, clock
    await first.close()
    await second.close()


async def test_host_counts_are_shared_by_every_process_on_the_file(host_limiters):
    first, second, _ = host_limiters

    answers = [await limiter.hit("k", limit=3, window=60) for limiter in (first, second) * 2]

    assert answers == [None, None, None, 60]
    assert await first.hit("k", limit=3, window=60) == 60
    assert await second.hit("other", limit=3, window=60) is None


async def test_host_window_starts_at_the_first_hit_and_names_the_wait(host_limiters):
    limiter, _, clock = host_limiters
    await limiter.hit("k", limit=2, window=30)
    clock.now += 10
    await limiter.hit("k", limit=2, window=30)

    clock.now += 9.5
    assert await limiter.hit("k", limit=2, window=30) == 11  # 10.5 s left, rounded up
    clock.now += 10.4
    assert await limiter.hit("k", limit=2, window=30) == 1
    clock.now += 0.1  # the window of the first hit is over: a new one begins
    assert await limiter.hit("k", limit=2, window=30) is None
    assert await limiter.hit("k", limit=2, window=30) is None
    assert await limiter.hit("k", limit=2, window=30) == 30


async def test_host_window_ends_when_the_clock_went_back(host_limiters):
    limiter, _, clock = host_limiters
    await limiter.hit("k", limit=1, window=60)
    assert await limiter.hit("k", limit=1, window=60) == 60

    clock.now -= 3600  # the window now seems to end in an hour: longer than any window
    assert await limiter.hit("k", limit=1, window=60) is None


async def test_host_clear_forgets_every_count(host_limiters):
    first, second, _ = host_limiters
    await first.hit("a", limit=1, window=60)

    await second.clear()

    assert await first.hit("a", limit=1, window=60) is None


async def test_host_table_gives_the_first_ending_window_away_when_a_run_is_full(tmp_path):
    clock = Clock(1000.0)
    limiter = HostRateLimiter(tmp_path / "ratelimit", clock, slots=2, probes=2)
    for key in ("a", "b"):
        assert await limiter.hit(key, limit=1, window=60) is None
        clock.now += 1

    assert await limiter.hit("c", limit=1, window=60) is None  # takes the slot of "a"

    assert await limiter.hit("b", limit=1, window=60) == 59
    assert await limiter.hit("c", limit=1, window=60) == 60
    assert await limiter.hit("a", limit=1, window=60) is None  # forgotten, counted anew
    await limiter.close()


async def test_host_ended_windows_give_their_slot_to_new_keys(tmp_path):
    clock = Clock(1000.0)
    limiter = HostRateLimiter(tmp_path / "ratelimit", clock, slots=2, probes=2)
    await limiter.hit("a", limit=1, window=10)
    await limiter.hit("b", limit=1, window=100)
    clock.now += 20

    assert await limiter.hit("c", limit=1, window=100) is None

    assert await limiter.hit("b", limit=1, window=100) == 80  # kept: its window is still open
    await limiter.close()


async def test_host_file_of_another_layout_starts_again_empty(tmp_path):
    path = tmp_path / "ratelimit"
    path.write_bytes(b"not a rate limit table")
    limiter = HostRateLimiter(path, Clock(), slots=8)

    assert await limiter.hit("k", limit=1, window=60) is None
    assert await limiter.hit("k", limit=1, window=60) == 60
    assert path.stat().st_size == HostRateLimiter.HEADER + 8 * HostRateLimiter.SLOT.size
    await limiter.close()
    again = HostRateLimiter(path, Clock(), slots=8)  # the same layout: the counts stay
    assert await again.hit("k", limit=1, window=60) == 60
    await again.close()


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


# --- two worker processes, no Redis -------------------------------------------------------------


@contextmanager
def two_workers(settings, tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """``python -m splash serve --workers 2`` on the test's database; its URL and its log."""
    port = free_port()
    env = {
        **os.environ,
        "SPLASH_ENV": "test",
        "SPLASH_DATABASE_URL": settings.database_url,
        "SPLASH_VAR_DIR": str(tmp_path / "var"),
        "SPLASH_VIDEO_STORAGE": settings.video_storage,
        "SPLASH_MAIL_URL": f"outbox://{tmp_path / 'outbox'}",
        "SPLASH_PUBLIC_PORT": str(port),
        "SPLASH_OUTBOX_EMBEDDED": "false",
    }
    env.pop("SPLASH_REDIS_URL", None)
    log = tmp_path / "server.log"
    command = [sys.executable, "-m", "splash", "serve", "--port", str(port), "--workers", "2"]
    with log.open("wb") as output:
        process = subprocess.Popen(
            command,
            cwd=Path(__file__).resolve().parents[2],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        try:
            _wait_for_workers(process, port, log)
            yield f"http://127.0.0.1:{port}", log
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=10)


def _wait_for_workers(process: subprocess.Popen, port: int, log: Path) -> None:
    """Healthy, and both workers started (each logs "Starting worker")."""
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        assert process.poll() is None, log.read_text(errors="replace")[-2000:]
        started = log.read_text(errors="replace").count("Starting worker")
        try:
            healthy = httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200
        except httpx.HTTPError:
            healthy = False
        if healthy and started >= 2:
            return
        time.sleep(0.2)
    raise AssertionError("the two workers did not start within 90 s")


async def _fetch_keys(base: str, path: str, count: int) -> list[httpx.Response]:
    """``count`` requests, eight at a time, each on a connection of its own (a worker takes
    connections, not requests: one kept-alive connection would reach one worker only)."""
    gate = asyncio.Semaphore(8)
    limits = httpx.Limits(max_keepalive_connections=0)
    async with httpx.AsyncClient(base_url=base, limits=limits, timeout=30) as client:

        async def one() -> httpx.Response:
            async with gate:
                return await client.get(path, headers={"connection": "close"})

        return await asyncio.gather(*(one() for _ in range(count)))


async def test_the_key_limit_holds_across_two_worker_processes_without_redis(
    settings, database, tmp_path
):
    given = await lesson_with_video("video-test-preview", free_preview=True)
    token = video_tokens.mint(given.id, None, settings.secret_key, datetime.now(UTC))
    path = f"/api/lessons/{given.id}/key?token={token}"

    with two_workers(settings, tmp_path) as (base, _log):
        answers = await _fetch_keys(base, path, 2 * KEY_LIMIT + 20)
        after = await _fetch_keys(base, path, 4)

    statuses = [answer.status_code for answer in answers]
    assert statuses.count(200) == KEY_LIMIT  # each worker counting alone let up to 240 through
    assert statuses.count(429) == KEY_LIMIT + 20
    assert [answer.status_code for answer in after] == [429] * 4
    assert all(1 <= int(answer.headers["retry-after"]) <= 60 for answer in after)
