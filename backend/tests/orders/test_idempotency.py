"""The checkout's idempotency rules (pure): the key, the request's fingerprint, the replay."""

from __future__ import annotations

import pytest

from splash.core.errors import ConflictError, ValidationError
from splash.orders.idempotency import (
    Replay,
    Stored,
    canonical,
    checked_key,
    decide,
    key_reused,
    request_hash,
)


@pytest.mark.parametrize("key", ["a" * 16, "Z" * 64, "0123456789_-abcDEF", "x-Y_z" * 4])
def test_keys_of_16_to_64_letters_digits_dashes_and_underscores_are_taken(key):
    assert checked_key(key) == key


@pytest.mark.parametrize(
    "key",
    [
        None,
        "",
        "a" * 15,
        "a" * 65,
        "with space-123456",
        "dot.dot.dot.12345",
        "tab\tkey-12345678",
        "ключ-ключ-ключ-ключ",
        "a" * 16 + "\n",
    ],
)
def test_any_other_key_is_a_400_naming_the_header(key):
    with pytest.raises(ValidationError) as refused:
        checked_key(key)

    assert refused.value.details["errors"][0]["path"] == ["Idempotency-Key"]


def test_the_canonical_form_ignores_key_order_and_spacing_only():
    assert canonical({"b": 1, "a": [1, {"d": "é", "c": None}]}) == (
        '{"a":[1,{"c":null,"d":"é"}],"b":1}'.encode()
    )
    assert canonical({"a": [1, 2]}) != canonical({"a": [2, 1]})


def test_the_same_body_hashes_alike_whatever_its_key_order():
    first = request_hash({"data": {"x": 1, "y": 2}, "returnUrl": "u"}, None)
    second = request_hash({"returnUrl": "u", "data": {"y": 2, "x": 1}}, None)

    assert first == second
    assert len(first) == 64 and int(first, 16) >= 0


def test_another_body_or_another_sender_hashes_differently():
    body = {"data": {"x": 1}}

    assert request_hash(body, None) != request_hash({"data": {"x": 2}}, None)
    assert request_hash(body, None) != request_hash(body, 7)
    assert request_hash(body, 7) != request_hash(body, 8)


def test_the_captcha_token_is_not_part_of_the_request():
    """Each attempt brings a fresh token (Google's are single-use): a retry is the same request."""
    body = {"data": {"x": 1}, "returnUrl": "u"}

    assert request_hash({**body, "captchaToken": "first"}, None) == request_hash(body, None)
    assert request_hash({**body, "captchaToken": "retry"}, 7) == request_hash(body, 7)
    assert request_hash({**body, "captchaToken": None}, None) == request_hash(body, None)
    assert request_hash({"data": {"captchaToken": "t"}}, None) != request_hash({"data": {}}, None)


def test_a_new_key_places_the_order():
    assert decide(None, "h") is Replay.PLACE


def test_the_same_request_with_its_answer_stored_gets_that_answer():
    assert decide(Stored("h", answered=True), "h") is Replay.ANSWER


def test_the_same_request_without_an_answer_yet_resumes_the_payment():
    assert decide(Stored("h", answered=False), "h") is Replay.RESUME


@pytest.mark.parametrize("answered", [True, False])
def test_another_request_under_a_used_key_is_refused(answered):
    assert decide(Stored("h", answered=answered), "other") is Replay.REFUSE


def test_the_refusal_is_a_409_with_its_code():
    refusal = key_reused()

    assert isinstance(refusal, ConflictError)
    assert refusal.status == 409
    assert refusal.details == {"code": "idempotency_key_reused", "header": "Idempotency-Key"}
