"""The answer cache (shared/edge/answers.py): kept until the content's generation changes, never
a failure, never an answer computed across a bump, bounded in bytes; generations shared through
a file (one host's workers) and through Redis (instances)."""

from __future__ import annotations

import secrets
from collections.abc import AsyncIterator, Hashable
from pathlib import Path

import pytest
from redis.asyncio import Redis

from splash.shared.edge.answers import Answer, AnswerCache, FileGeneration, RedisGeneration
from tests.support import REDIS_URL


class Counter:
    """A compute function that says how often it ran."""

    def __init__(self, body: bytes = b"{}", answer: bool = True) -> None:
        self.runs, self.body, self.answer = 0, body, answer

    async def __call__(self) -> Answer | None:
        self.runs += 1
        return Answer(self.body, "application/json") if self.answer else None


async def test_an_answer_is_computed_once_per_generation(tmp_path: Path):
    generation = FileGeneration(tmp_path / "generation")
    cache, compute = AnswerCache(generation), Counter(b'{"a":1}')

    first = (await cache.answer("k", compute))[0]
    second = (await cache.answer("k", compute))[0]
    await generation.bump()
    third = (await cache.answer("k", compute))[0]

    assert (first, second, third) == (Answer(b'{"a":1}', "application/json"),) * 3
    assert compute.runs == 2


async def test_a_key_keeps_one_answer_computed_again_when_its_token_changes(tmp_path: Path):
    """A variant's answer holds its stock: each new stock level computes it again and keeps it
    in the old one's place, so a shop selling all day keeps one answer per variant."""
    cache, compute = AnswerCache(FileGeneration(tmp_path / "generation")), Counter(b"x" * 100)

    for stock in (12, 12, 11, 10, 10, 9, 12):
        answer, generation = await cache.answer("variant 7", compute, token=stock)
        assert answer is not None and answer.token == stock and generation is not None

    assert compute.runs == 5  # 12, 11, 10, 9, 12: once per change
    assert len(cache._kept._kept) == 1 and cache._kept._bytes == 100


async def test_keys_are_kept_apart_and_failures_are_never_kept(tmp_path: Path):
    cache = AnswerCache(FileGeneration(tmp_path / "generation"))
    one, two, failing = Counter(b"1"), Counter(b"2"), Counter(answer=False)

    for _ in range(2):
        assert (await cache.answer("one", one))[0].body == b"1"
        assert (await cache.answer("two", two))[0].body == b"2"
        assert (await cache.answer("missing", failing))[0] is None

    assert (one.runs, two.runs, failing.runs) == (1, 1, 2)


async def test_an_answer_computed_while_the_content_changed_is_not_kept(tmp_path: Path):
    generation = FileGeneration(tmp_path / "generation")
    cache = AnswerCache(generation)
    runs = 0

    async def compute_during_a_publish() -> Answer:
        nonlocal runs
        runs += 1
        if runs == 1:
            await generation.bump()  # a publish commits while this answer is computed
        return Answer(str(runs).encode(), "application/json")

    first, made_during_a_bump = await cache.answer("k", compute_during_a_publish)
    second, made_after = await cache.answer("k", compute_during_a_publish)
    third, kept_at = await cache.answer("k", compute_during_a_publish)

    assert (first.body, second.body, third.body) == (b"1", b"2", b"2")
    assert runs == 2
    assert made_during_a_bump is None  # belongs to no generation: the edge keeps it nowhere
    assert made_after == kept_at == await generation.current()


async def test_memory_is_bounded_and_the_least_recently_used_go_first(tmp_path: Path):
    cache = AnswerCache(FileGeneration(tmp_path / "generation"), max_bytes=10)
    computes = {key: Counter(b"x" * 4) for key in ("a", "b", "c")}

    await cache.answer("a", computes["a"])
    await cache.answer("b", computes["b"])
    await cache.answer("a", computes["a"])  # a is used again: b is now the oldest
    await cache.answer("c", computes["c"])  # 12 bytes > 10: b goes
    await cache.answer("a", computes["a"])
    await cache.answer("b", computes["b"])

    assert {key: c.runs for key, c in computes.items()} == {"a": 1, "b": 2, "c": 1}


async def test_an_answer_larger_than_the_whole_cache_is_answered_but_not_kept(tmp_path: Path):
    cache, big = AnswerCache(FileGeneration(tmp_path / "generation"), max_bytes=3), Counter(b"1234")

    assert (await cache.answer("big", big))[0].body == b"1234"
    assert (await cache.answer("big", big))[0].body == b"1234"
    assert big.runs == 2


async def test_a_file_generation_changes_with_every_bump(tmp_path: Path):
    generation = FileGeneration(tmp_path / "var" / "generation")
    seen: list[Hashable] = [await generation.current()]
    for _ in range(5):  # faster than any clock tick: the new file's inode tells them apart
        await generation.bump()
        seen.append(await generation.current())

    assert seen[0] == (0, 0)  # never bumped
    assert len(set(seen)) == 6
    assert [p.name for p in (tmp_path / "var").iterdir()] == ["generation"]  # no temporary left


@pytest.fixture
async def redis_key(redis: Redis) -> AsyncIterator[str]:
    key = f"splash:test:{secrets.token_hex(4)}:generation"
    yield key
    await redis.delete(key)


async def test_instances_sharing_redis_drop_their_answers_together(redis_key: str):
    one, two = RedisGeneration(REDIS_URL, redis_key), RedisGeneration(REDIS_URL, redis_key)
    first, second = AnswerCache(one), AnswerCache(two)
    compute_one, compute_two = Counter(), Counter()
    try:
        await first.answer("k", compute_one)
        await second.answer("k", compute_two)
        await one.bump()  # instance one published
        await first.answer("k", compute_one)
        await second.answer("k", compute_two)
        await second.answer("k", compute_two)
    finally:
        await first.close()
        await second.close()

    assert (compute_one.runs, compute_two.runs) == (2, 2)
