"""The ceiling's cases and measures, for loadtests/ceiling.py (and scale.py, which reuses the wrk
script and its reader): the wrk script per case, reading wrk's result, the median round, the
nginx config, the ratio and access-log budgets and the tables. Pure: no process, no socket."""

from __future__ import annotations

import json
import random
import statistics
from dataclasses import dataclass
from pathlib import Path

from loadtests import run

ADDRESSES = 4000  # X-Forwarded-For addresses for the key case


@dataclass(frozen=True)
class Case:
    name: str
    path: str
    method: str = "GET"
    body: str | None = None
    forwarded: bool = False  # one X-Forwarded-For per request (rate-limited endpoints)
    unique: bool = False  # a new Idempotency-Key and guest address per request ("{key}" in body)
    database: str = "sqlite"  # the server it is measured on: sqlite, or postgres
    server: str | None = None  # another server than the database's Splash ("bare": bare Sanic)

    @property
    def where(self) -> str:
        return self.server or self.database


@dataclass(frozen=True)
class Measure:
    requests: int
    seconds: float
    errors: int
    p50_ms: float
    p95_ms: float

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0


def wrk_script(case: Case, host: str, for_nginx: bool) -> str:
    """The Lua script wrk runs: the request, and a last line with what it measured."""
    method = "GET" if for_nginx else case.method
    lines = [f'wrk.method = "{method}"', f'wrk.headers["Host"] = {json.dumps(host)}']
    if case.body is not None and not for_nginx:
        lines += [
            f"wrk.body = {json.dumps(case.body)}",
            'wrk.headers["Content-Type"] = "application/json"',
        ]
    if case.unique and not for_nginx and case.body is not None:
        before, _, after = case.body.partition("{key}")
        lines += [
            "local threads = 0",
            "setup = function(thread)",
            "  threads = threads + 1",
            '  thread:set("tid", threads)',
            "end",
            "local n = 0",
            "request = function()",
            "  n = n + 1",
            '  local key = string.format("ceiling-%d-%d-%d", run, tid, n)',
            '  wrk.headers["Idempotency-Key"] = key',
            "  return wrk.format(nil, nil, nil, "
            f"{json.dumps(before)} .. key .. {json.dumps(after)})",
            "end",
        ]
        lines.insert(0, f"run = {random.getrandbits(31)}")
    if case.forwarded and not for_nginx:
        lines += [
            "local n = 0",
            "request = function()",
            f"  n = (n + 1) % {ADDRESSES}",
            '  wrk.headers["X-Forwarded-For"] = "10.0." .. math.floor(n / 256) .. "." .. (n % 256)',
            "  return wrk.format()",
            "end",
        ]
    lines += [
        "done = function(summary, latency, requests)",
        "  local e = summary.errors",
        '  io.write(string.format("CEILING %d %d %d %d %d\\n", summary.requests,',
        "    summary.duration, e.connect + e.read + e.write + e.status + e.timeout,",
        "    latency:percentile(50), latency:percentile(95)))",
        "end",
    ]
    return "\n".join(lines) + "\n"


def parse_wrk(output: str) -> Measure:
    """The CEILING line of wrk_script's done(): requests, µs, errors, p50 µs, p95 µs."""
    for line in output.splitlines():
        if line.startswith("CEILING "):
            requests, micros, errors, p50, p95 = (int(x) for x in line.split()[1:6])
            return Measure(requests, micros / 1e6, errors, p50 / 1000, p95 / 1000)
    raise run.RunError(f"wrk printed no result:\n{output[-2000:]}")


def halves(duration: str) -> tuple[str, str]:
    """wrk's duration in whole seconds ("5s") as two parts ("2s", "3s")."""
    number = duration.removesuffix("s")
    if not duration.endswith("s") or not number.isdigit() or int(number) < 2:
        raise ValueError(f"{duration!r}: whole seconds, at least 2s")
    seconds = int(number)
    return f"{seconds // 2}s", f"{seconds - seconds // 2}s"


def combined(first: Measure, second: Measure) -> Measure:
    """Two runs against one target as one: requests, seconds and errors added up; p50 and p95
    the mean of theirs, weighed by requests (close enough for runs of one load)."""
    requests = first.requests + second.requests

    def mean(a: float, b: float) -> float:
        return (a * first.requests + b * second.requests) / requests if requests else 0.0

    return Measure(
        requests,
        first.seconds + second.seconds,
        first.errors + second.errors,
        mean(first.p50_ms, second.p50_ms),
        mean(first.p95_ms, second.p95_ms),
    )


def median_measure(measures: list[Measure]) -> Measure:
    """The round with the median rate."""
    ranked = sorted(measures, key=lambda m: m.rate)
    return ranked[(len(ranked) - 1) // 2]


def nginx_config(root: Path, port: int, pid: Path) -> str:
    return f"""worker_processes 2;
pid {pid};
error_log {root}/error.log;
events {{ worker_connections 1024; }}
http {{
  access_log off;
  default_type application/octet-stream;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 1000000;
  server {{
    listen 127.0.0.1:{port};
    root {root}/files;
    location / {{ try_files $uri =404; }}
  }}
}}
"""


def check(budgets: dict, results: dict[str, tuple[Measure, Measure]]) -> list[str]:
    """Case → (Splash, nginx) in, one line per problem out. Errors always fail; each
    "min_ratio" is Splash's req/s over nginx's; a budget for a case not measured is skipped."""
    problems = []
    for name, (splash, ceiling) in results.items():
        if splash.errors or ceiling.errors:
            problems.append(f"{name}: {splash.errors} errors (nginx {ceiling.errors})")
    for name, least in (budgets.get("min_ratio") or {}).items():
        if name.startswith("$") or name not in results:
            continue
        splash, ceiling = results[name]
        ratio = splash.rate / ceiling.rate if ceiling.rate else 0.0
        if ratio < least:
            problems.append(f"{name}: {ratio:.3f}x the ceiling < budget {least:g}x")
    return problems


def logging_cost(logged: Measure, unlogged: Measure) -> float:
    """The share of the throughput the access log takes: 1 - (req/s with it) / (without)."""
    return 1 - logged.rate / unlogged.rate if unlogged.rate else 1.0


@dataclass(frozen=True)
class Unlogged:
    """A case on Splash without its access log: its median round, and the median of the
    rounds' logging costs."""

    measure: Measure
    cost: float

    @classmethod
    def of(cls, logged: list[Measure], unlogged: list[Measure]) -> Unlogged:
        """From the rounds with the log and without it, in the order they were measured."""
        costs = [logging_cost(a, b) for a, b in zip(logged, unlogged, strict=True)]
        return cls(median_measure(unlogged), statistics.median(costs))


def check_logging(budgets: dict, unlogged: dict[str, Unlogged]) -> list[str]:
    """One line per problem: errors without the access log, or a case whose logging cost
    exceeds its "max_logging_cost"; a budget for a case not measured is skipped."""
    problems = []
    for name, most in (budgets.get("max_logging_cost") or {}).items():
        if name.startswith("$") or name not in unlogged:
            continue
        quiet = unlogged[name]
        if quiet.measure.errors:
            problems.append(f"{name} without the access log: {quiet.measure.errors} errors")
        if quiet.cost > most:
            problems.append(
                f"{name}: the access log costs {quiet.cost:.1%} of its req/s > budget {most:.0%}"
            )
    return problems


def logging_table(
    results: dict[str, tuple[Measure, Measure]], unlogged: dict[str, Unlogged], budget: dict
) -> str:
    head = f"{'access log':<12}{'on req/s':>14}{'off req/s':>13}{'cost':>8}  budget"
    rows = [head, "-" * len(head)]
    for name, quiet in unlogged.items():
        rows.append(
            f"{name:<12}{results[name][0].rate:>14,.0f}{quiet.measure.rate:>13,.0f}"
            f"{quiet.cost:>8.1%}  ≤ {budget[name]:.0%}"
        )
    return "\n".join(rows)


def table(results: dict[str, tuple[Measure, Measure]], goals: dict[str, float]) -> str:
    head = (
        f"{'case':<12}{'splash req/s':>14}{'p50 ms':>8}{'p95 ms':>8}"
        f"{'nginx req/s':>13}{'p95 ms':>8}{'ratio':>8}  goal"
    )
    rows = [head, "-" * len(head)]
    for name, (splash, ceiling) in results.items():
        ratio = splash.rate / ceiling.rate if ceiling.rate else 0.0
        goal = goals.get(name)
        met = goal is not None and splash.p95_ms <= goal
        verdict = "" if goal is None else f"p95 ≤ {goal:g} ms: {'met' if met else 'not met'}"
        rows.append(
            f"{name:<12}{splash.rate:>14,.0f}{splash.p50_ms:>8.1f}{splash.p95_ms:>8.1f}"
            f"{ceiling.rate:>13,.0f}{ceiling.p95_ms:>8.1f}{ratio:>7.3f}x  {verdict}"
        )
    return "\n".join(rows)
