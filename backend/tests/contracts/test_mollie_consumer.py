"""Mollie, not the SPA, calls the webhook: this consumer test writes what Mollie sends and
expects (contracts/pacts/mollie-splash-api.json), and ``test_pact_provider`` verifies the
running backend against it with the other pacts.

Mollie posts ``id=<payment id>`` as application/x-www-form-urlencoded and needs a 200 to stop
calling (any other answer is retried); it reads nothing of the body. ``make test-contracts``
runs it before the verification."""

from __future__ import annotations

import os

import httpx
import pytest
from pact import Pact

from splash.core.config import REPO_ROOT
from testkit.states import PACT_PAID_PAYMENT

PACTS = REPO_ROOT / "contracts" / "pacts"
FORM = "application/x-www-form-urlencoded"
os.environ.setdefault("PACT_DO_NOT_TRACK", "true")


def _webhook_for(pact: Pact, description: str, state: str, payment_id: str) -> None:
    (
        pact.upon_receiving(description)
        .given(state)
        .with_request("POST", "/api/payments/webhook")
        .with_header("Content-Type", FORM)
        .with_body(f"id={payment_id}", content_type=FORM)
        .will_respond_with(200)
    )


@pytest.mark.contract
def test_mollie_calls_the_webhook_with_a_payment_id():
    pact = Pact("mollie", "splash-api").with_specification("V4")
    _webhook_for(
        pact,
        "a webhook for an unknown payment",
        "no payment tr_pactunknown01 exists",
        "tr_pactunknown01",
    )
    _webhook_for(
        pact,
        "a webhook for a paid payment",
        "the test payment tr_test_pactpaid01 of an order awaiting payment is paid",
        PACT_PAID_PAYMENT,
    )

    with pact.serve() as mock:
        for payment_id in ("tr_pactunknown01", PACT_PAID_PAYMENT):
            answer = httpx.post(
                f"{mock.url}/api/payments/webhook",
                content=f"id={payment_id}",
                headers={"content-type": FORM},
            )
            assert answer.status_code == 200  # Mollie stops calling

    pact.write_file(PACTS, overwrite=True)
    assert (PACTS / "mollie-splash-api.json").is_file()
