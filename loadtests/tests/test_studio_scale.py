"""loadtests/studio_scale.py's pure parts: the reads it names and the goals' verdicts.
Nothing is timed here; `make bench` measures."""

from __future__ import annotations

import pytest

from loadtests import studio_scale


def test_every_read_is_a_studio_call_of_the_generated_shop():
    ids = {"order": "7", "customer": "3", "email": studio_scale.SEARCHED}
    paths = [path.format(**ids) for path in studio_scale.READS.values()]

    assert all(path.startswith("/api/studio/") for path in paths)
    assert "/api/studio/orders/7" in paths and "/api/studio/customers/3" in paths
    assert set(studio_scale.READS) >= studio_scale.WITHOUT_GOAL


def test_a_read_over_the_goal_is_missed_and_the_dashboard_only_shown():
    times = {
        "inbox, all": (149.9, 300),
        "order detail": (150.1, 900),
        "dashboard, 30 days": (900.0, 9),
    }

    assert studio_scale.verdicts(times) == [
        ("inbox, all: p95 149.9 ms (goal ≤ 150 ms)", True),
        ("order detail: p95 150.1 ms (goal ≤ 150 ms)", False),
    ]


def test_too_small_a_shop_for_the_searched_customer_is_refused():
    with pytest.raises(SystemExit):
        studio_scale.main(["--orders", "1000"])
