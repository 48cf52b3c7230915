"""Provider verification: the running backend honours every consumer contract in
contracts/pacts/ (written by the SPA's Pact tests), with provider states seeded through the
test-only /_test/pact-state endpoint."""

import os

import pytest
from pact import Verifier

from splash.core.config import REPO_ROOT

PACTS = REPO_ROOT / "contracts" / "pacts"
os.environ.setdefault("PACT_DO_NOT_TRACK", "true")


@pytest.mark.contract
def test_backend_honours_the_consumer_contracts(live_server):
    pacts = sorted(PACTS.glob("*.json"))
    assert pacts, "no pact files: run the consumer tests first (make test-contracts)"
    verifier = (
        Verifier("splash-api", host="127.0.0.1")
        .add_transport(url=live_server)
        .state_handler(f"{live_server}/_test/pact-state", teardown=True, body=True)
    )
    for pact in pacts:
        verifier.add_source(str(pact))
    verifier.verify()
