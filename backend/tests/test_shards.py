"""make test-backend's halves (conftest's ``SPLASH_TEST_SHARD``): every test in exactly one
half, cut by the seconds each file took (``tests/times.json``), not by its number of tests."""

from __future__ import annotations

import json
from collections import Counter
from types import SimpleNamespace
from typing import Any

import pytest

from tests import conftest


def halves(items: list[Any]) -> list[list[str]]:
    config = SimpleNamespace(hook=SimpleNamespace(pytest_deselected=lambda items: None))
    kept = []
    for index in (1, 2):
        share = list(items)
        conftest._shard(config, share, f"{index}/2")  # type: ignore[arg-type]
        kept.append([item.nodeid for item in share])
    return kept


def test_a_file_that_takes_long_fills_a_half_however_few_its_tests(tmp_path, monkeypatch):
    times = {conftest.DATABASE: {"tests/test_slow.py": 60.0, "tests/test_quick.py": 2.0}}
    (tmp_path / "times.json").write_text(json.dumps(times))
    monkeypatch.setattr(conftest, "TIMES", tmp_path / "times.json")
    slow = [SimpleNamespace(nodeid=f"tests/test_slow.py::test_{n}") for n in range(2)]
    quick = [SimpleNamespace(nodeid=f"tests/test_quick.py::test_{n}") for n in range(40)]
    new = [SimpleNamespace(nodeid=f"tests/test_new.py::test_{n}") for n in range(10)]

    first, second = halves(slow + quick + new)

    assert sorted(first + second) == sorted(item.nodeid for item in slow + quick + new)
    assert {name.split("::")[0] for name in first} == {"tests/test_slow.py"}
    # a file not timed yet counts its tests at the mean: 10 times 62 s / 42 tests
    weights = conftest._weights(Counter(name.split("::")[0] for name in first + second))
    assert weights["tests/test_new.py"] == pytest.approx(10 * 62 / 42)


def test_without_times_the_halves_are_cut_by_the_number_of_tests(tmp_path, monkeypatch):
    monkeypatch.setattr(conftest, "TIMES", tmp_path / "none.json")
    items = [
        SimpleNamespace(nodeid=f"tests/test_{f}.py::test_{n}") for f in "abc" for n in range(5)
    ]
    items += [SimpleNamespace(nodeid=f"tests/test_d.py::test_{n}") for n in range(15)]

    first, second = halves(items)

    assert (len(first), len(second)) == (15, 15)
    assert sorted(first + second) == sorted(item.nodeid for item in items)
