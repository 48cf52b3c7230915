"""make bench-cluster's pure parts, from hand-made answers and Locust files: the client's retry
of a POST (locust_common.post), a scenario's totals, the table, and the browser's count of
build changes. The cluster itself is not started here (cluster/tests check its plan)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from loadtests import cluster_bench, locust_common
from loadtests.cluster_client import Fault
from loadtests.cluster_faults import is_newer_site


class Answer:
    """What Locust's ``client.post(..., catch_response=True)`` gives: a context manager whose
    ``request_meta`` names the request, judged by ``success`` or ``failure``."""

    def __init__(self, status: int, name: str, log: list[tuple[str, int, str]]) -> None:
        self.status_code, self.request_meta, self.log = status, {"name": name}, log

    def __enter__(self) -> Answer:
        return self

    def __exit__(self, *_: object) -> None:
        return None

    def success(self) -> None:
        self.log.append((self.request_meta["name"], self.status_code, "success"))

    def failure(self, message: str) -> None:
        self.log.append((self.request_meta["name"], self.status_code, message))


class Client:
    def __init__(self, statuses: list[int]) -> None:
        self.statuses, self.sent = list(statuses), 0
        self.log: list[tuple[str, int, str]] = []

    def post(self, path: str, *, name: str, catch_response: bool, **_: object) -> Answer:
        assert catch_response
        self.sent += 1
        return Answer(self.statuses.pop(0), name, self.log)


@pytest.fixture(autouse=True)
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(locust_common.gevent, "sleep", lambda _seconds: None)


def test_a_post_the_balancer_could_not_hand_on_is_sent_again_and_counted(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SPLASH_LOADTEST_RETRIES", "3")
    client = Client([502, 0, 201])

    with locust_common.post(client, "/api/orders", name="POST /api/orders") as answer:
        assert answer.status_code == 201
        answer.success()

    assert client.sent == 3
    assert client.log == [
        ("POST /api/orders (retried)", 502, "success"),
        ("POST /api/orders (retried)", 0, "success"),
        ("POST /api/orders", 201, "success"),
    ]


def test_an_answer_of_the_server_is_never_sent_again(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPLASH_LOADTEST_RETRIES", "3")
    client = Client([409])

    with locust_common.post(client, "/api/orders", name="POST /api/orders") as answer:
        answer.failure("conflict")

    assert client.log == [("POST /api/orders", 409, "conflict")]


def test_without_retries_the_first_answer_is_judged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SPLASH_LOADTEST_RETRIES", raising=False)
    client = Client([502])

    with locust_common.post(client, "/api/cart/quote", name="/api/cart/quote") as answer:
        answer.failure("status 502")

    assert client.log == [("/api/cart/quote", 502, "status 502")]


def test_the_last_retry_is_judged_by_the_caller(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPLASH_LOADTEST_RETRIES", "1")
    client = Client([502, 502])

    with locust_common.post(client, "/api/orders", name="POST /api/orders") as answer:
        answer.failure("status 502")

    assert client.log == [
        ("POST /api/orders (retried)", 502, "success"),
        ("POST /api/orders", 502, "status 502"),
    ]


def write_stats(path: Path, rows: list[tuple[str, int, int, int, int]]) -> None:
    """(name, requests, failures, p50, p95) rows of a Locust --csv *_stats.csv file."""
    with path.open("w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(["Type", "Name", "Request Count", "Failure Count", "50%", "95%"])
        for name, requests, failures, p50, p95 in rows:
            out.writerow(["POST" if "POST" in name else "", name, requests, failures, p50, p95])


def test_a_scenario_counts_its_requests_errors_and_retries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cluster_bench, "RESULTS", tmp_path)
    write_stats(
        tmp_path / "cluster-buyer_stats.csv",
        [
            ("POST /api/orders", 200, 0, 120, 400),
            ("POST /api/orders (retried)", 3, 0, 5, 9),
            ("/api/cart/quote (retried)", 1, 0, 5, 5),
            ("Aggregated", 1004, 2, 30, 300),
        ],
    )

    found = cluster_bench.scenario_stats("checkout", "Buyer", 6)

    assert found == cluster_bench.Scenario("checkout", 6, 1000, 2, 4, 30.0, 300.0)


def test_the_table_names_each_fault_and_whether_it_held() -> None:
    scenarios = [cluster_bench.Scenario("browse", 12, 5432, 0, 1, 11.0, 48.0)]
    faults = [
        Fault("an instance killed", True, "10 orders, one each"),
        Fault("a worker killed", False, "a mail twice"),
    ]

    shown = cluster_bench.table(scenarios, faults).splitlines()

    assert shown[0].split() == ["scenario", "users", "requests", "errors", "retried", "p50",
                                "ms", "p95", "ms"]  # fmt: skip
    assert shown[2].split() == ["browse", "12", "5,432", "0", "1", "11", "48"]
    assert shown[4:] == [
        "held: an instance killed",
        "    10 orders, one each",
        "NOT HELD: a worker killed",
        "    a mail twice",
    ]


@pytest.mark.parametrize(
    ("latest", "loaded", "newer"),
    [
        ("20261129130000-bbbbbb", "20261129120000-aaaaaa", True),
        ("20261129120000-aaaaaa", "20261129130000-bbbbbb", False),  # not switched yet
        ("20261129130000-cccccc", "20261129130000-bbbbbb", True),  # the same second
        ("20261129130000-bbbbbb", "20261129130000-bbbbbb", False),
    ],
)
def test_a_browser_reloads_only_for_a_newer_site_build_as_the_spa_does(
    latest: str, loaded: str, newer: bool
) -> None:
    assert is_newer_site(latest, loaded) is newer


def test_the_bench_needs_the_time_its_faults_take() -> None:
    with pytest.raises(SystemExit):
        cluster_bench.parse_args(["--duration", "60"])
    assert cluster_bench.parse_args([]).duration == 210
