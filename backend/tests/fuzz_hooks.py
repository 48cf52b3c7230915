"""Schemathesis hooks for ``tests/test_fuzz.py`` (loaded through SCHEMATHESIS_HOOKS).

Every request comes from its own client address: the server trusts X-Forwarded-For from
127.0.0.1 in the fuzz run, and the rate limiter keys on the client address, so a 429 never hides
what an operation does with the input. The studio's sign-in also limits per account (the
e-mail address typed): each of its requests types its own. The number of requests and of
answers per status code is written (JSON) to the file named by SPLASH_FUZZ_COUNT_FILE when the
run ends.
"""

from __future__ import annotations

import atexit
import itertools
import json
import os
from collections import Counter
from ipaddress import IPv4Address
from pathlib import Path
from typing import Any

import schemathesis

FIRST_ADDRESS = IPv4Address("10.0.0.1")
_requests = itertools.count()
_sent = [0]
_statuses: Counter[int] = Counter()


@schemathesis.hook
def before_call(context: Any, case: Any, kwargs: dict[str, Any]) -> None:
    number = next(_requests)
    _sent[0] = number + 1
    address = str(FIRST_ADDRESS + number)
    case.headers = {**(case.headers or {}), "X-Forwarded-For": address}
    body = case.body
    typed = body.get("email") if isinstance(body, dict) else None
    if case.path == "/api/studio/session" and isinstance(typed, str):
        case.body = {**body, "email": f"{number}{typed}"}


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    _statuses[response.status_code] += 1


@atexit.register
def _write_counts() -> None:
    target = os.environ.get("SPLASH_FUZZ_COUNT_FILE")
    if target:
        counts = {"requests": _sent[0], "statuses": dict(sorted(_statuses.items()))}
        Path(target).write_text(json.dumps(counts), encoding="utf-8")
