"""make test-backend's halves (``tests.shards``): every test in exactly one half, cut by the
seconds each file took (``times.json``), not by its number of tests."""

from __future__ import annotations

import json
from collections import Counter
from types import SimpleNamespace

import pytest

from tests.shards import cut, file_of, merge, weights


def named(file: str, count: int) -> list[SimpleNamespace]:
    return [SimpleNamespace(nodeid=f"tests/{file}.py::test_{n}") for n in range(count)]


def test_a_file_that_takes_long_fills_a_half_however_few_its_tests(tmp_path):
    times = tmp_path / "times.json"
    times.write_text(json.dumps({"sqlite": {"tests/slow.py": 60.0, "tests/quick.py": 2.0}}))
    items = named("slow", 2) + named("quick", 40) + named("new", 10)

    first, rest = cut(items, "1/2", "sqlite", times)
    second, _ = cut(items, "2/2", "sqlite", times)

    assert {file_of(item) for item in first} == {"tests/slow.py"}
    assert sorted(item.nodeid for item in first + second) == sorted(i.nodeid for i in items)
    assert rest == second
    # a file not timed yet counts its tests at the mean: 10 times 62 s / 42 tests
    found = weights(Counter(file_of(item) for item in items), "sqlite", times)
    assert found["tests/new.py"] == pytest.approx(10 * 62 / 42)
    # the other database's times are its own: none known, so by number of tests
    assert (
        weights(Counter(file_of(item) for item in items), "postgres", times)["tests/slow.py"] == 2
    )


def test_without_times_the_halves_are_cut_by_the_number_of_tests(tmp_path):
    items = named("a", 5) + named("b", 5) + named("c", 5) + named("d", 15)

    first, _ = cut(items, "1/2", "sqlite", tmp_path / "none.json")
    second, _ = cut(items, "2/2", "sqlite", tmp_path / "none.json")

    assert (len(first), len(second)) == (15, 15)
    assert sorted(item.nodeid for item in first + second) == sorted(i.nodeid for i in items)


def test_a_shard_not_k_of_n_is_refused(tmp_path):
    with pytest.raises(ValueError, match="expected k/n"):
        cut(named("a", 1), "3/2", "sqlite", tmp_path / "none.json")


def test_the_halves_seconds_merge_per_database(tmp_path):
    (tmp_path / "postgres-1.json").write_text(json.dumps({"tests/a.py": 1.5}))
    (tmp_path / "postgres-2.json").write_text(json.dumps({"tests/b.py": 2.0}))
    (tmp_path / "sqlite-1.json").write_text(json.dumps({"tests/a.py": 0.5}))

    assert merge(tmp_path) == {
        "postgres": {"tests/a.py": 1.5, "tests/b.py": 2.0},
        "sqlite": {"tests/a.py": 0.5},
    }
