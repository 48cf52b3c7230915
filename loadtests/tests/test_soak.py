"""loadtests/soak_report.py reads a soak's files, judges it and draws it (the pure parts of
loadtests/soak.py), from hand-made Locust history and memory samples: nothing timed here."""

from __future__ import annotations

import csv
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from loadtests import run, soak, soak_report

HISTORY_FIELDS = ["Timestamp", "User Count", "Type", "Name", "95%", "Total Request Count",
                  "Total Failure Count"]  # fmt: skip


def write_history(path: Path, rows: list[tuple[int, int, str, int, int]]) -> Path:
    """(seconds, users, p95, requests so far, failures so far) per Aggregated row."""
    with path.open("w", newline="") as handle:
        out = csv.writer(handle)
        out.writerow(HISTORY_FIELDS)
        for seconds, users, p95, requests, failures in rows:
            out.writerow(
                [1_700_000_000 + seconds, users, "", "Aggregated", p95, requests, failures]
            )
            out.writerow([1_700_000_000 + seconds, users, "GET", "/", p95, 1, 0])  # ignored
    return path


def test_minutes_count_what_each_minute_added(tmp_path: Path) -> None:
    path = write_history(
        tmp_path / "h.csv",
        [
            (0, 5, "N/A", 0, 0),
            (30, 10, "40", 100, 0),
            (59, 10, "60", 150, 0),
            (60, 20, "80", 200, 1),
            (130, 20, "90", 500, 1),
        ],
    )
    minutes = soak_report.read_minutes(path)
    assert [(m.minute, m.users, m.requests, m.failures) for m in minutes] == [
        (0, 10, 150, 0),
        (1, 20, 50, 1),
        (2, 20, 300, 0),
    ]
    assert [m.p95_ms for m in minutes] == [50.0, 80.0, 90.0]  # median, "N/A" skipped


def memory(label: str, points: list[tuple[float, int]]) -> soak_report.Memory:
    return soak_report.Memory(label, points)


MiB = 2**20
MINUTE = [soak_report.Minute(0, 50, 20.0, 1000, 0)]


def steady(label: str, after: int = 100 * MiB) -> soak_report.Memory:
    """Grows during the warm-up (0 to 600 s), then 100 MiB; the last sample is ``after``."""
    points = [(float(t), 60 * MiB + t * MiB // 15) for t in range(0, 600, 60)]
    points += [(float(t), 100 * MiB) for t in range(600, 1200, 30)]
    return memory(label, [*points, (1200.0, after)])


def test_growth_in_the_warm_up_does_not_count() -> None:
    verdict = soak_report.judge(MINUTE, [steady("server 1"), steady("worker 2")], 600)
    assert verdict.ok, verdict.problems
    assert verdict.deviations == {"server 1": 0.0, "worker 2": 0.0}


@pytest.mark.parametrize(
    ("after", "ok"), [(109 * MiB, True), (111 * MiB, False), (89 * MiB, False)]
)
def test_memory_must_stay_within_ten_percent_after_the_warm_up(after: int, ok: bool) -> None:
    verdict = soak_report.judge(MINUTE, [steady("worker 2", after)], 600)
    assert verdict.ok is ok
    assert verdict.deviations["worker 2"] == pytest.approx(abs(after / (100 * MiB) - 1))
    if not ok:
        assert "worker 2: memory moved" in verdict.problems[0]


def test_a_restarted_worker_fails_the_soak() -> None:
    gone = memory("worker 2", [(float(t), 100 * MiB) for t in range(0, 900, 30)])
    new = memory("worker 3", [(float(t), 100 * MiB) for t in range(900, 1230, 30)])
    verdict = soak_report.judge(MINUTE, [steady("server 1"), gone, new], 600)
    assert "worker 2 ended before the run (at 870 s)" in verdict.problems
    assert "worker 3 started after the warm-up (at 900 s)" in verdict.problems


def test_failures_and_an_empty_run_fail_the_soak() -> None:
    failing = [soak_report.Minute(0, 50, 20.0, 1000, 3)]
    assert soak_report.judge(failing, [steady("server 1")], 600).problems == ["3 failed requests"]
    assert "no request was made" in soak_report.judge([], [steady("server 1")], 600).problems
    assert "no memory samples" in soak_report.judge(MINUTE, [], 600).problems


def test_memory_samples_are_read_per_process(tmp_path: Path) -> None:
    path = tmp_path / "m.csv"
    path.write_text(
        "seconds,pid,label,rss_bytes\n0.0,7,server,100\n0.0,8,worker,200\n10.0,7,server,110\n"
    )
    read = soak_report.read_memory(path)
    assert [(m.label, m.samples) for m in read] == [
        ("server 7", [(0.0, 100), (10.0, 110)]),
        ("worker 8", [(0.0, 200)]),
    ]


def test_the_plot_is_an_svg_with_a_line_per_series() -> None:
    minutes = [soak_report.Minute(i, 50, 20.0 + i, 1000, 0) for i in range(20)]
    svg = soak_report.plot(minutes, [steady("server 1"), steady("worker 2")], 600, "soak & co")
    root = ET.fromstring(svg)  # well-formed, the "&" escaped
    lines = root.findall("{http://www.w3.org/2000/svg}polyline")
    assert [line.findtext("{http://www.w3.org/2000/svg}title") for line in lines] == [
        "p95",
        "server 1",
        "worker 2",
    ]
    assert len(lines[0].get("points", "").split()) == 20


def test_the_table_shows_every_fifth_minute_and_the_last() -> None:
    minutes = [soak_report.Minute(i, 50, None if i == 0 else 30.0, 100, 0) for i in range(12)]
    rows = soak_report.table(minutes).splitlines()[2:]
    assert rows == ["| 0 | 50 | 100 | 0 | - |", "| 5 | 50 | 100 | 0 | 30 |",
                    "| 10 | 50 | 100 | 0 | 30 |", "| 11 | 50 | 100 | 0 | 30 |"]  # fmt: skip


def test_the_run_must_outlast_the_warm_up() -> None:
    with pytest.raises(SystemExit):
        soak.parse_args(["--duration", "10m", "--warmup", "8m"])
    args = soak.parse_args(["--duration", "20m", "--warmup", "5m", "--users", "10"])
    assert (args.seconds, args.warmup_seconds, args.rate) == (1200, 300, 2.0)


def test_matching_finds_processes_by_command_line() -> None:
    probe = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)", "soak-probe"])
    try:
        found = soak.matching(r"time.sleep\(60\)\S* soak-probe")()
    finally:
        probe.kill()
        probe.wait()
    assert found == {probe.pid: "soak-probe main"}


@pytest.mark.parametrize(
    ("command", "expected"),
    [
        ("python -m splash serve --port 8801", "main"),
        ("python -B -c from multiprocessing.resource_tracker import main;main(5)",
         "resource tracker"),
        ("python -B -c from multiprocessing.spawn import spawn_main; spawn_main(tracker_fd=6, "
         "pipe_handle=19) --multiprocessing-fork", "worker"),
    ],
)  # fmt: skip
def test_a_server_process_is_named_by_its_role(command: str, expected: str) -> None:
    assert soak.role(command) == expected


def test_the_soak_asks_locust_for_each_seconds_own_percentiles() -> None:
    args = soak.parse_args(["--duration", "20m", "--warmup", "5m"])
    command = run.locust_command(args, "http://127.0.0.1:8800", history=True)
    assert "--csv-full-history" in command
    assert command[command.index("--host") + 1] == "http://127.0.0.1:8800"
    assert "--csv-full-history" not in run.locust_command(args, "http://127.0.0.1:8800")
