"""Splash side by side with its ceiling: nginx serving the very same bytes from a file.

  .venv/bin/python -m loadtests.ceiling                       # make bench
  .venv/bin/python -m loadtests.ceiling --duration 5s --rounds 1 --case payload

Starts the test server as loadtests/bench.py does (SQLite, but two workers), fetches each case's
answer once, writes those bytes into a folder that Debian's nginx (two workers) serves, then
measures both with wrk (50 connections, two threads), interleaved: each round runs every case
against Splash and then against nginx, so both see the same machine. Per case the median
round counts. The table shows req/s, p50 and p95 of both and Splash's ratio to the ceiling,
checked against the "ceiling" budgets of loadtests/budgets.json: ratios only, so they hold on
a slower or busier machine; the p95 goals there are printed, never enforced.

Splash runs with its access log on, as in production: one JSON line per request on its stdout,
a file in the run's folder (what a container's log pipe costs, and not /dev/null, which would
hide the writes). The cases that "max_logging_cost" names are also measured on a second server
with the access log off, in the same rounds, in halves that take turns (with, without, without,
with; the next round starts without): a drift of the machine's load weighs on both alike. A
round's logging cost is 1 - (req/s with the log) / (req/s without it); the median round's
counts (on a shared machine the load drifts between rounds more than the log costs).

A POST case (the cart quote, an order) is a GET of the same bytes for nginx: a file has no POST,
and the ceiling is what serving those bytes costs. Orders are placed on a second server on
PostgreSQL (a database made for the run and dropped after it, restocked first), each with its
own Idempotency-Key and a new guest's address, as parents place them. The lesson key is asked
with a fresh key token and one X-Forwarded-For per request from 4,000 addresses (the server
trusts the generator as a load balancer), so its per-address rate limit counts parents, as in
production.

Exit code: 0 within budget; 1 a budget was exceeded; 2 the run could not be done (nginx or wrk
missing, the server did not start, a case did not answer 200).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import testkit.serving
from loadtests import (
    bench,  # a healthy test server, retried when silent
    run,  # the server's stop, free ports, results, budgets
)
from loadtests.ceiling_report import (
    Case,
    Measure,
    Unlogged,
    check,
    check_logging,
    combined,
    halves,
    logging_table,
    median_measure,
    nginx_config,
    parse_wrk,
    table,
    wrk_script,
)

HERE = Path(__file__).resolve().parent

NGINX = "/usr/sbin/nginx"
WRK = "/usr/bin/wrk"
CONNECTIONS = 50


# -- the run ---------------------------------------------------------------------------------


def _fetch(base: str, host: str, case: Case) -> bytes:
    key = f"ceiling-setup-{random.getrandbits(64):x}"
    body = case.body.replace("{key}", key) if case.unique and case.body else case.body
    data = body.encode() if body is not None else None
    request = urllib.request.Request(base + case.path, data=data, method=case.method)
    request.add_header("Host", host)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if case.unique:
        request.add_header("Idempotency-Key", key)
    with urllib.request.urlopen(request, timeout=10) as response:
        if response.status not in (200, 201):
            raise run.RunError(f"{case.name}: {case.path} answered {response.status}")
        return response.read()


def _json(base: str, host: str, path: str) -> dict:
    return json.loads(_fetch(base, host, Case("setup", path)))


def discover(base: str, host: str) -> list[Case]:
    """The cases, with ids and a key token taken from the seeded shop."""
    page = _json(base, host, "/api/pages?locale=nl")["data"][0]
    product = _json(base, host, "/api/products")["data"][0]
    variant = _json(base, host, f"/api/products/{product['id']}")["data"]["variants"][0]
    course = _json(base, host, "/_payload/academy/leren-zwemmen.json")["course"]
    preview = next(
        lesson for level in course["levels"] for lesson in level["lessons"] if lesson["freePreview"]
    )
    quote = {"items": [{"variantId": variant["id"], "quantity": 1, "options": []}]}
    return [
        Case("payload", "/_payload/index.json"),
        Case("home", "/"),
        Case("product", "/shop/splash-drijfpak"),
        Case("page-api", f"/api/pages/{page['id']}?populate=*"),
        Case(
            "variant-api",
            f"/api/product-variants/{variant['id']}"
            "?populate[introImage]=true&populate[product][populate][introImage]=true",
        ),
        Case("quote", "/api/cart/quote", "POST", json.dumps(quote)),
        key_case(base, host, preview["id"]),
    ]


def order_case(base: str, host: str) -> Case:
    """A guest's order of one suit, as the checkout places it (its body names the key)."""
    product = _json(base, host, "/api/products")["data"][0]
    variant = _json(base, host, f"/api/products/{product['id']}")["data"]["variants"][0]
    address = {
        "street": "Keizersgracht",
        "housenumber": "12",
        "postalCode": "1015 CS",
        "city": "Amsterdam",
        "country": "nl",
    }
    draft = {
        "data": {
            "user": {"firstname": "Eva", "lastname": "Ceiling", "email": "{key}@example.com"},
            "locale": "nl",
            "cart": {"items": [{"variantId": variant["id"], "quantity": 1, "options": []}]},
            "shipping": {"country": "nl", "address": address},
            "consent": True,
        },
        "returnUrl": f"http://{host}/order-payment",
    }
    body = json.dumps(draft)
    return Case("order", "/api/orders", "POST", body, unique=True, database="postgres")


def key_case(base: str, host: str, lesson_id: int | str) -> Case:
    """The key of a free preview with a fresh token (it lives 10 minutes: one per round)."""
    token = _json(base, host, f"/api/lessons/{lesson_id}/access")["data"]["keyToken"]
    return Case("key", f"/api/lessons/{lesson_id}/key?token={token}", forwarded=True)


def _wrk(url: str, script: Path, duration: str) -> Measure:
    command = [WRK, "-t2", f"-c{CONNECTIONS}", f"-d{duration}", "-s", str(script), url]
    done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    return parse_wrk(done.stdout + done.stderr)


@contextlib.contextmanager
def serving(database: str, work: Path, access_log: bool = True) -> Iterator[tuple[str, str]]:
    """A test server with two workers on ``database`` (restocked on PostgreSQL, where orders
    are placed), its output (the access log) in ``work``: its base URL and Host header."""
    with run.database(database) as url:

        def launch(port: int, workers: int, log: Path) -> subprocess.Popen:
            return run.start_server(port, workers, log, database_url=url, access_log=access_log)

        log = work / f"splash-{database}{'' if access_log else '-without-access-log'}.log"
        server, port = bench.start(log, workers=2, launch=launch)
        try:
            if url is not None:
                run.restock(port)
            yield f"http://127.0.0.1:{port}", f"localhost:{port}"
        finally:
            testkit.serving.stop(server)


@contextlib.contextmanager
def bare_sanic(answer: Path) -> Iterator[tuple[str, str]]:
    """loadtests/bare_sanic.py (two workers) answering ``answer``'s bytes, started and stopped
    as the test servers are: its base URL and Host header."""

    def launch(port: int, workers: int, log: Path) -> subprocess.Popen:
        with log.open("wb") as out:  # the child holds its own descriptor
            return subprocess.Popen(
                [sys.executable, str(HERE / "bare_sanic.py"), str(port), str(workers)],
                env={**os.environ, "BARE_SANIC_FILE": str(answer)},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, so its workers stop with it
            )

    server, port = bench.start(run.RESULTS / "ceiling-bare-sanic.log", workers=2, launch=launch)
    try:
        yield f"http://127.0.0.1:{port}", f"127.0.0.1:{port}"
    finally:
        testkit.serving.stop(server)


Results = dict[str, tuple[Measure, Measure]]  # case → (Splash, nginx)


def measure(
    args: argparse.Namespace, work: Path, unlogged: set[str]
) -> tuple[Results, dict[str, Unlogged]]:
    """Every case's median on Splash and on nginx; and on a Splash without its access log, each
    case named in ``unlogged`` (measured on SQLite)."""
    run.RESULTS.mkdir(exist_ok=True)
    wanted = [name for name in args.case or ()]
    nginx_port = run.free_port()
    nginx: subprocess.Popen | None = None
    with contextlib.ExitStack() as servers:
        where = {"sqlite": servers.enter_context(serving("sqlite", work))}
        cases = [c for c in discover(*where["sqlite"]) if not wanted or c.name in wanted]
        quiet = {c.name for c in cases if c.name in unlogged}
        if quiet:
            where["quiet"] = servers.enter_context(serving("sqlite", work, access_log=False))
        if not wanted or "sanic" in wanted:
            answer = work / "bare.json"
            answer.write_bytes(_fetch(*where["sqlite"], Case("payload", "/_payload/index.json")))
            where["bare"] = servers.enter_context(bare_sanic(answer))
            cases.append(Case("sanic", "/payload", server="bare"))
        if not wanted or "order" in wanted:
            where["postgres"] = servers.enter_context(serving("postgres", work))
            cases.append(order_case(*where["postgres"]))
        try:
            work.chmod(0o755)  # nginx's workers run as www-data when started by root
            (work / "files").mkdir()
            for case in cases:
                (work / "files" / case.name).write_bytes(_fetch(*where[case.where], case))
                if case.name in quiet:
                    _fetch(*where["quiet"], case)  # it answers, and the edge keeps it
            config = work / "nginx.conf"
            config.write_text(nginx_config(work, nginx_port, work / "nginx.pid"))
            command = [NGINX, "-c", str(config), "-p", str(work), "-g", "daemon off;"]
            nginx = subprocess.Popen(command)
            scripts = {}
            for case in cases:
                for target in ("splash", "nginx", "quiet"):
                    if target == "quiet" and case.name not in quiet:
                        continue
                    script = work / f"{case.name}-{target}.lua"
                    host = where["quiet" if target == "quiet" else case.where][1]
                    script.write_text(wrk_script(case, host, for_nginx=target == "nginx"))
                    scripts[case.name, target] = script
            rounds = {c.name: ([], []) for c in cases}  # type: dict[str, tuple[list[Measure], list[Measure]]]
            quiet_rounds: dict[str, list[Measure]] = {name: [] for name in quiet}
            # The PostgreSQL server's cases after all rounds of the others: its outbox drains
            # the thousands of orders' e-mails afterwards, on the same cores.
            schedule = [
                (number, case)
                for database in ("sqlite", "postgres")
                for number in range(1, args.rounds + 1)
                for case in cases
                if case.database == database
            ]
            for number, case in schedule:
                print(f"ceiling: round {number}/{args.rounds}, {case.name}", flush=True)

                def splash_run(target: str, duration: str, case: Case = case) -> Measure:
                    base, host = where["quiet" if target == "quiet" else case.where]
                    path = case.path
                    if case.name == "key":  # /api/lessons/<id>/key?token=…, its token fresh
                        path = key_case(base, host, case.path.split("/")[3]).path
                    return _wrk(base + path, scripts[case.name, target], duration)

                if case.name in quiet:
                    order = ["splash", "quiet"] if number % 2 else ["quiet", "splash"]
                    runs: dict[str, list[Measure]] = {target: [] for target in order}
                    first, second = halves(args.duration)
                    for target, part in zip(
                        [*order, *order[::-1]], [first, first, second, second], strict=True
                    ):
                        runs[target].append(splash_run(target, part))
                    rounds[case.name][0].append(combined(*runs["splash"]))
                    quiet_rounds[case.name].append(combined(*runs["quiet"]))
                else:
                    rounds[case.name][0].append(splash_run("splash", args.duration))
                ceiling = _wrk(
                    f"http://127.0.0.1:{nginx_port}/{case.name}",
                    scripts[case.name, "nginx"],
                    args.duration,
                )
                rounds[case.name][1].append(ceiling)
                quiet_rate = quiet_rounds[case.name][-1].rate if case.name in quiet else None
                print(
                    f"  {rounds[case.name][0][-1].rate:,.0f} req/s"
                    + ("" if quiet_rate is None else f" ({quiet_rate:,.0f} without the access log)")
                    + f", nginx {ceiling.rate:,.0f}",
                    flush=True,
                )
            results = {n: (median_measure(s), median_measure(c)) for n, (s, c) in rounds.items()}
            return results, {n: Unlogged.of(rounds[n][0], m) for n, m in quiet_rounds.items()}
        finally:
            if nginx is not None:
                nginx.terminate()
                nginx.wait(timeout=10)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m loadtests.ceiling", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--duration", default="10s", help="wrk's run per case and target, in whole seconds"
    )
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (median counts)")
    parser.add_argument("--case", action="append", help="only this case (repeatable)")
    args = parser.parse_args(argv)
    try:
        halves(args.duration)
    except ValueError as error:
        parser.error(f"--duration {error}")
    missing = [tool for tool in (NGINX, WRK) if not shutil.which(tool)]
    if missing:
        print(f"ceiling: {', '.join(missing)} missing (make nginx-wrk installs them)")
        return 2
    budgets = json.loads(run.BUDGETS.read_text())["ceiling"]
    logging_budget = {
        name: most
        for name, most in (budgets.get("max_logging_cost") or {}).items()
        if not name.startswith("$")
    }
    try:
        with tempfile.TemporaryDirectory(prefix="splash-ceiling-") as work:
            results, unlogged = measure(args, Path(work), set(logging_budget))
    except (run.RunError, OSError, subprocess.SubprocessError, StopIteration, KeyError) as error:
        print(f"ceiling: the run could not be done: {error}")
        return 2
    print()
    print(table(results, budgets.get("goal_p95_ms") or {}))
    if "sanic" in results and "payload" in results:
        bare, splash = results["sanic"][0].rate, results["payload"][0].rate
        print(
            "  sanic: a bare Sanic app answering the payload's bytes from memory, two workers "
            f"(loadtests/bare_sanic.py): Python's ceiling here; Splash's payload runs at "
            f"{splash / bare if bare else 0:.2f}x of it"
        )
    if unlogged:
        print()
        print(logging_table(results, unlogged, logging_budget))
    problems = check(budgets, results) + check_logging(budgets, unlogged)
    for problem in problems:
        print(f"  out of budget: {problem}")
    verdict = "OUT OF BUDGET" if problems else "within budget"
    print(f"bench ceiling: {len(results)} cases, median of {args.rounds} rounds — {verdict}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
