"""The soak: Locust's scenarios for an hour, watching errors, p95 and every process's memory.

  .venv/bin/python -m loadtests.soak                       # make soak: 50 users, 1 h, one machine
  .venv/bin/python -m loadtests.soak --duration 10m --warmup 3m
  .venv/bin/python -m loadtests.soak --host http://127.0.0.1:8800 --processes 'splash serve'

Without ``--host`` it starts the test server as ``make loadtest`` does (loadtests/run.py: a
freshly seeded shop on a PostgreSQL database made for the run, as compose.yaml runs one
machine; two server workers, the outbox drained inside the server) and samples the memory of
its process group. With ``--host`` it loads an already running Splash (the cluster's load
balancer) and samples every process whose command line matches ``--processes``.

Every user class of loadtests/locustfile.py runs (visitors, buyers, viewers). The sampler reads
each process's resident memory every ``--sample`` seconds. At the end soak_report judges the
run (no failed request; after the warm-up each process's memory within ±10 %) and writes
``loadtests/results/<name>.svg`` (p95 and memory over time) and ``<name>.md`` (the table).
The exit code is 0 when the verdict is good, 1 when not, 2 when the run could not be made.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import os
import re
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

import psutil

from loadtests import run, soak_report
from testkit import serving


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m loadtests.soak", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--users", type=int, default=50)
    parser.add_argument("--duration", default="1h", help="run time: 1h, 20m, ... (default 1h)")
    parser.add_argument("--warmup", default="10m", help="memory is judged after this (10m)")
    parser.add_argument("--sample", type=float, default=10.0, help="seconds between samples")
    parser.add_argument(
        "--database",
        choices=("sqlite", "postgres"),
        default="postgres",
        help="the test server's database (default postgres: compose.yaml's one-machine shape)",
    )
    parser.add_argument("--workers", type=int, default=2, help="server workers (local only)")
    parser.add_argument("--host", help="an already running Splash instead of a test server")
    parser.add_argument(
        "--processes",
        default=r"-m splash (serve|worker)",
        help="with --host: a regular expression for the command lines whose memory is sampled",
    )
    parser.add_argument("--name", default="soak", help="results file prefix (default soak)")
    args = parser.parse_args(argv)
    args.seconds = run.seconds(args.duration)
    args.warmup_seconds = run.seconds(args.warmup)
    if args.warmup_seconds + 180 > args.seconds:
        parser.error("the run must last at least the warm-up + 3 minutes")
    # what loadtests.run.run_locust reads
    args.rate, args.scenario, args.smoke = max(1.0, args.users / 5), "browse", False
    return args


# -- which processes, and their memory -------------------------------------------------------


def role(command: str) -> str:
    """What a process of a Splash server is, from its command line: Sanic's spawned workers
    and the resource tracker it starts next to them, or the process that started them."""
    if "multiprocessing.resource_tracker" in command:
        return "resource tracker"
    if "multiprocessing.spawn" in command:
        return "worker"
    return "main"


def tree(root: psutil.Process, prefix: str) -> dict[int, str]:
    """``root`` and its descendants, labelled ``<prefix> <role>``."""
    found: dict[int, str] = {}
    with contextlib.suppress(psutil.Error):
        for process in [root, *root.children(recursive=True)]:
            with contextlib.suppress(psutil.Error):
                if process.status() != psutil.STATUS_ZOMBIE:
                    found[process.pid] = f"{prefix} {role(' '.join(process.cmdline()))}"
    return found


def group_of(leader: int) -> Callable[[], dict[int, str]]:
    """The test server started by the soak: its process and what it started."""
    return lambda: tree(psutil.Process(leader), "server")


def matching(pattern: str) -> Callable[[], dict[int, str]]:
    """The processes whose command line matches ``pattern`` and what they started, labelled
    by the match's last word (``serve``, ``worker``) and their role."""
    expression = re.compile(pattern)

    def processes() -> dict[int, str]:
        found: dict[int, str] = {}
        for process in psutil.process_iter(["cmdline"]):
            hit = expression.search(" ".join(process.info["cmdline"] or ()))
            if hit and process.pid != os.getpid():
                found.update(tree(process, hit.group(0).split()[-1]))
        return found

    return processes


class Sampler(threading.Thread):
    """Writes ``seconds,pid,label,rss_bytes`` for every process ``find`` names, every
    ``interval`` seconds, until stopped."""

    def __init__(self, find: Callable[[], dict[int, str]], path: Path, interval: float):
        super().__init__(daemon=True)
        self.find, self.path, self.interval = find, path, interval
        self.done = threading.Event()

    def run(self) -> None:
        started = time.monotonic()
        with self.path.open("w", newline="") as handle:
            out = csv.writer(handle)
            out.writerow(["seconds", "pid", "label", "rss_bytes"])
            while not self.done.is_set():
                now = time.monotonic() - started
                for pid, label in sorted(self.find().items()):
                    with contextlib.suppress(psutil.Error):
                        out.writerow(
                            [f"{now:.1f}", pid, label, psutil.Process(pid).memory_info().rss]
                        )
                handle.flush()
                self.done.wait(self.interval)


# -- the run ---------------------------------------------------------------------------------


@contextlib.contextmanager
def local_server(args: argparse.Namespace):
    """A freshly seeded test server (as ``make loadtest`` starts it): its URL and processes.
    It serves a copy of the built SPA, made at its start: a ``make build`` in this checkout
    during the hour (twice so far) would otherwise replace the files under it, and the pages it
    published would name scripts that are gone (404s that are the run's, not the shop's)."""
    log_path = run.RESULTS / f"{args.name}-server.log"
    with run.database(args.database) as database_url, tempfile.TemporaryDirectory() as kept:
        dist = Path(kept) / "dist"
        shutil.copytree(run.ROOT / "frontend" / "dist", dist)
        port = run.free_port()
        copy = {"SPLASH_FRONTEND_DIST": str(dist)}
        server = run.start_server(port, args.workers, log_path, database_url, extra_env=copy)
        try:
            run.wait_healthy(server, port, log_path)
            run.restock(port)
            yield f"http://127.0.0.1:{port}", group_of(server.pid)
        finally:
            print(f"soak: server stopped in {serving.stop(server):.1f} s", flush=True)


@contextlib.contextmanager
def running_host(args: argparse.Namespace):
    yield args.host.rstrip("/"), matching(args.processes)


def soak(args: argparse.Namespace) -> int:
    memory_path = run.RESULTS / f"{args.name}-memory.csv"
    target = running_host(args) if args.host else local_server(args)
    with target as (url, processes):
        if not processes():
            raise run.RunError(f"no process to watch (--processes {args.processes!r})")
        print(
            f"soak: {args.users} users for {args.duration} against {url}; memory of "
            f"{len(processes())} processes every {args.sample:g} s",
            flush=True,
        )
        sampler = Sampler(processes, memory_path, args.sample)
        sampler.start()
        try:
            return run.run_locust(args, url, history=True)
        finally:
            sampler.done.set()
            sampler.join()


def report(args: argparse.Namespace, locust_code: int) -> int:
    minutes = soak_report.read_minutes(run.RESULTS / f"{args.name}_stats_history.csv")
    memory = soak_report.read_memory(run.RESULTS / f"{args.name}-memory.csv")
    verdict = soak_report.judge(minutes, memory, args.warmup_seconds)
    if locust_code != 0:
        verdict.problems.append(f"Locust exited with code {locust_code}")
    title = f"soak: {args.users} users, {args.duration}"
    (run.RESULTS / f"{args.name}.svg").write_text(
        soak_report.plot(minutes, memory, args.warmup_seconds, title)
    )
    lines = [
        soak_report.table(minutes),
        "",
        *(
            f"- {label}: memory within {deviation:.1%} of its level after the warm-up"
            for label, deviation in sorted(verdict.deviations.items())
        ),
    ]
    (run.RESULTS / f"{args.name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    summary = f"soak: {verdict.requests} requests, {verdict.failures} failures"
    return run.verdict(summary, verdict.problems)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    run.RESULTS.mkdir(parents=True, exist_ok=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        locust_code = soak(args)
    except run.RunError as error:
        print(f"soak: FAILED — {error}", file=sys.stderr)
        return 2
    return report(args, locust_code)


if __name__ == "__main__":
    sys.exit(main())
