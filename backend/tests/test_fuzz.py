"""Schemathesis against a running Splash: every operation of /api/openapi.json, first anonymous,
then signed in as a seeded parent (except logout-everywhere, which would end that session).

The pass in ``make test`` is short (SPLASH_FUZZ_EXAMPLES, default 10 test cases per operation
and phase); ``make fuzz`` runs a long one. Both fail on any server error, any response that
its documented schema, status code, content type or headers do not allow, and any input the
document forbids that an operation accepts; they print how many requests ran. Not checked:
positive_data_acceptance, since wrong credentials, a taken e-mail address, mismatched password
confirmations and tokens Google refuses are 400s (the Strapi contract) no schema can foresee.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

import pytest

from splash.core.config import REPO_ROOT
from testkit.google_stub import GoogleStub
from tests.support import live_server

EXAMPLES = int(os.environ.get("SPLASH_FUZZ_EXAMPLES", "10"))
CHECKS = ",".join(
    [
        "not_a_server_error",
        "response_schema_conformance",
        "status_code_conformance",
        "content_type_conformance",
        "response_headers_conformance",
        "negative_data_rejection",
        "unsupported_method",  # 405 with Allow (issue 23: the test payment page had none)
        "allow_header_conformance",
    ]
)
SIGNED_IN_STATE = "a signed-in parent ouder@example.com"
SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"


@pytest.fixture(scope="module")
def server(database_url: str, spa_built: Path) -> Iterator[str]:
    google = GoogleStub().start()
    environment = {**google.environment(), "SPLASH_TRUSTED_PROXIES": "127.0.0.1"}
    try:
        with live_server(database_url, environment) as url:
            yield url
    finally:
        google.stop()


def _session_token(url: str) -> str:
    body = json.dumps({"state": SIGNED_IN_STATE}).encode()
    request = Request(
        f"{url}/_test/pact-state", data=body, headers={"content-type": "application/json"}
    )
    with urlopen(request, timeout=30) as response:
        token: str = json.load(response)["token"]
    return token


def _fuzz(url: str, folder: Path, *extra: str) -> dict[str, Any]:
    """One Schemathesis run; answers how many requests it sent and the statuses answered."""
    count_file = folder / "requests"
    # One worker: Schemathesis workers are threads, and CPython 3.11.7 can raise "AST constructor
    # recursion depth mismatch" when two threads compile at once (gh-106905): seen in make test.
    command = [str(SCHEMATHESIS), "run", f"{url}/api/openapi.json", "--checks", CHECKS]
    command += ["--max-examples", str(EXAMPLES), "--workers", "1", "--no-color", *extra]
    environment = {
        **os.environ,
        "SCHEMATHESIS_HOOKS": "tests.fuzz_hooks",
        "SPLASH_FUZZ_COUNT_FILE": str(count_file),
        "PYTHONPATH": str(REPO_ROOT / "backend"),
    }
    finished = subprocess.run(
        command, cwd=folder, env=environment, capture_output=True, text=True, timeout=900
    )
    output = finished.stdout + finished.stderr
    assert finished.returncode == 0, output
    counts: dict[str, Any] = json.loads(count_file.read_text(encoding="utf-8"))
    return counts


def test_no_operation_answers_a_server_error_or_breaks_its_schema(server, tmp_path):
    anonymous = _fuzz(server, tmp_path)
    bearer = f"Authorization: Bearer {_session_token(server)}"
    signed_in = _fuzz(
        server, tmp_path, "--header", bearer, "--exclude-path", "/api/auth/logout-everywhere"
    )
    for phase, counts in (("anonymous", anonymous), ("signed in", signed_in)):
        print(  # shown by `make fuzz` (pytest -s)
            f"\nfuzz ({phase}, {EXAMPLES} examples per operation): {counts['requests']} "
            f"requests, 0 failures; answers by status: {counts['statuses']}"
        )
        assert counts["requests"] > 0
        # Each request had its own client address: no rate limit hid an operation's answer.
        assert "429" not in counts["statuses"]
        assert not [status for status in counts["statuses"] if status.startswith("5")]
