"""The checkout's idempotency rules (pure): which ``Idempotency-Key`` is acceptable, what counts
as "the same request", and what a request whose key is already known gets.

A client sends a fresh random key with each new order attempt and the same key when it retries
(a double click, a lost answer, a reload). The stored request is the SHA-256 of the canonical
body together with who asked (a signed-in user's id, or nobody), so the same key replayed by
someone else is "another request", never a way to read another customer's answer. What each
attempt sends afresh (the captcha token: Google's tokens are single-use) is left out of it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from splash.core.errors import ConflictError, ValidationError
from splash.orders.vocabulary import OrderError

HEADER = "Idempotency-Key"
KEY_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"
_KEY = re.compile(KEY_PATTERN)
KEY_MESSAGE = f"Send an {HEADER} header of 16 to 64 letters, digits, '-' or '_'"
REUSED_MESSAGE = f"This {HEADER} was used for another order; send a new key for a new order"
# Top-level body fields a retry sends anew, so not part of "the same request".
PER_ATTEMPT_FIELDS = frozenset({"captchaToken"})


def checked_key(raw: str | None) -> str:
    """The header's value when it is a key; a 400 naming the header otherwise."""
    if raw is None or not _KEY.fullmatch(raw):
        raise ValidationError.for_field([HEADER], KEY_MESSAGE)
    return raw


def canonical(body: Any) -> bytes:
    """One spelling of a JSON value: keys sorted, no spaces, UTF-8."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode()


def request_hash(body: dict[str, Any], customer_id: int | None) -> str:
    """The SHA-256 (hex) of the canonical body, without its per-attempt fields, and who sent it."""
    asked = {name: value for name, value in body.items() if name not in PER_ATTEMPT_FIELDS}
    return hashlib.sha256(canonical({"body": asked, "customer": customer_id})).hexdigest()


class Replay(StrEnum):
    """What a request gets, given what is stored under its key."""

    PLACE = "place"  # a new key: place the order
    ANSWER = "answer"  # the same request again: the stored answer (keys of earlier versions)
    RESUME = "resume"  # the same request: its order's first payment, created when missing
    REFUSE = "refuse"  # another request under a used key


@dataclass(frozen=True)
class Stored:
    """A known key: the hash of its request and whether its answer is complete."""

    request_hash: str
    answered: bool


def decide(stored: Stored | None, request_hash: str) -> Replay:
    """The key is stored only together with its order (one transaction). The answer is its
    order's first payment, read when the request comes again; while that payment is not
    created yet (the provider was down, or the first request is creating it right now) the
    same request creates it (the provider's own idempotency key makes both end at the same
    payment). Keys stored by earlier versions hold their answer."""
    if stored is None:
        return Replay.PLACE
    if not hmac.compare_digest(stored.request_hash, request_hash):
        return Replay.REFUSE
    return Replay.ANSWER if stored.answered else Replay.RESUME


def key_reused() -> ConflictError:
    return ConflictError(
        REUSED_MESSAGE, {"code": OrderError.IDEMPOTENCY_KEY_REUSED, "header": HEADER}
    )
