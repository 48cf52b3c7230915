"""Enumeration by timing: the median answer time of forgot-password and send-email-confirmation
for an address with an account against one without (50 requests per case, interleaved).

  .venv/bin/python -m loadtests.timing        # its own freshly seeded server
  (make bench runs it against the Lighthouse server, after Lighthouse)

Both should take the same time: the request only enqueues a job keyed by the address, and the
outbox worker looks the account up later. Rate limits are reset (untimed) before each request
through the test server's /_test/rate-limits/reset.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import urllib.request

from loadtests import run
from testkit import serving

REQUESTS = 50
WARM_UP = 5
ENDPOINTS = {
    "forgot-password": "/api/auth/forgot-password",
    "send-email-confirmation": "/api/auth/send-email-confirmation",
}
EXISTING = "bench-parent@example.com"


def _post(base: str, path: str, body: dict | None = None) -> float:
    """Milliseconds until the whole answer arrived."""
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body or {}).encode(),
        headers={
            "content-type": "application/json",
            "host": f"localhost:{base.rsplit(':', 1)[1]}",
        },
        method="POST",
    )
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=30) as response:
        response.read()
        if response.status >= 300:
            raise run.RunError(f"{path} answered {response.status}")
    return (time.perf_counter() - started) * 1000


def measure(port: int) -> dict[str, tuple[float, float]]:
    """Per endpoint: (median ms for the existing account, median ms for unknown addresses)."""
    base = f"http://127.0.0.1:{port}"
    reset = "/_test/rate-limits/reset"
    _post(base, reset)
    password = "Bench-Zwemmen-2026"
    register = {"username": EXISTING, "email": EXISTING, "password": password}
    _post(base, "/api/auth/local/register", register)  # unconfirmed: both endpoints mail it
    medians = {}
    for name, path in ENDPOINTS.items():
        times: dict[str, list[float]] = {"existing": [], "unknown": []}
        for number in range(WARM_UP + REQUESTS):
            for case, email in (
                ("existing", EXISTING),
                ("unknown", f"nobody{number}@example.com"),
            ):
                _post(base, reset)
                took = _post(base, path, {"email": email})
                if number >= WARM_UP:
                    times[case].append(took)
        medians[name] = (
            statistics.median(times["existing"]),
            statistics.median(times["unknown"]),
        )
    return medians


def report(medians: dict[str, tuple[float, float]]) -> None:
    print(f"\nAnswer times, median of {REQUESTS} requests per case (enumeration by timing):")
    for name, (existing, unknown) in medians.items():
        print(f"{name}: existing {existing:.1f} ms, unknown {unknown:.1f} ms")


def main() -> int:
    run.RESULTS.mkdir(parents=True, exist_ok=True)
    log_path = run.RESULTS / "timing-server.log"
    port = run.free_port()
    server = run.start_server(port, 1, log_path)
    try:
        run.wait_healthy(server, port, log_path)
        report(measure(port))
    except run.RunError as error:
        print(f"timing: FAILED — {error}", file=sys.stderr)
        return 2
    finally:
        serving.stop(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
