"""What the payment routes accept (form bodies, as a provider and an HTML form send them) and
answer."""

from __future__ import annotations

from typing import Annotated

from pydantic import ConfigDict, Field, StringConstraints
from pydantic.alias_generators import to_camel

from splash.core.schemas import PublicModel, RequestBody
from splash.orders.payments.sandbox_page import SandboxChoice

# Mollie's payment ids (tr_…) and the test provider's (tr_test_…): the webhook reads nothing
# else, and an id no payment can have is refused before anyone is asked about it.
PaymentId = Annotated[str, StringConstraints(pattern=r"^tr_[A-Za-z0-9_-]{1,61}$")]


class FormBody(RequestBody):
    """A form body: fields it does not declare are ignored (a provider may send more; the
    webhook trusts nothing but the id)."""

    model_config = ConfigDict(
        extra="ignore", alias_generator=to_camel, populate_by_name=True, frozen=True
    )


class PaymentWebhook(FormBody):
    id: PaymentId = Field(
        description="The payment's id at the provider", examples=["tr_5B8cwPMGnU6qLbRvo7qEZo"]
    )


class SandboxPaymentChoice(FormBody):
    status: SandboxChoice = Field(description="How the tester ends the payment")


class WebhookReceived(PublicModel):
    """The same answer for a known and an unknown payment id."""

    received: bool = True
