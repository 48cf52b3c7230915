"""The lesson-key token (pure): bound to one lesson and one holder, ten minutes, its own key."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta

import jwt
import pytest

from splash.academy import video_tokens
from splash.academy.video_tokens import InvalidKeyToken, mint, verify
from splash.accounts import tokens as sign_in

SECRET = "a-test-secret-that-is-long-enough-for-hs256"
NOW = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)


def _claims(token: str) -> dict:
    body = token.split(".")[1]
    return json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))


def test_a_token_carries_its_purpose_lesson_holder_and_ten_minutes():
    token = mint(5, 42, SECRET, NOW)

    assert _claims(token) == {
        "purpose": "lesson-key",
        "lesson": 5,
        "sub": "42",
        "iat": int(NOW.timestamp()),
        "exp": int(NOW.timestamp()) + 600,
    }
    grant = verify(token, 5, SECRET, NOW)
    assert (grant.lesson_id, grant.user_id) == (5, 42)
    assert grant.expires_at == NOW + timedelta(minutes=10)
    assert video_tokens.expires_at(NOW) == grant.expires_at


def test_a_preview_token_is_bound_to_nobody():
    assert verify(mint(5, None, SECRET, NOW), 5, SECRET, NOW).user_id is None


def test_a_token_is_valid_until_its_last_second_and_not_after():
    token = mint(5, 42, SECRET, NOW)

    assert verify(token, 5, SECRET, NOW + timedelta(seconds=599)).lesson_id == 5
    with pytest.raises(InvalidKeyToken, match="expired"):
        verify(token, 5, SECRET, NOW + timedelta(seconds=600))
    with pytest.raises(InvalidKeyToken, match="expired"):
        verify(mint(5, 42, SECRET, NOW, ttl=60), 5, SECRET, NOW + timedelta(seconds=61))


def test_a_tampered_signature_is_refused():
    header, body, signature = mint(5, 42, SECRET, NOW).split(".")
    flipped = ("B" if signature[0] == "A" else "A") + signature[1:]

    with pytest.raises(InvalidKeyToken):
        verify(f"{header}.{body}.{flipped}", 5, SECRET, NOW)


def test_changed_claims_break_the_signature():
    header, _, signature = mint(5, 42, SECRET, NOW).split(".")
    forged = dict(_claims(mint(5, 42, SECRET, NOW)), sub="1")
    body = base64.urlsafe_b64encode(json.dumps(forged).encode()).rstrip(b"=").decode()

    with pytest.raises(InvalidKeyToken):
        verify(f"{header}.{body}.{signature}", 5, SECRET, NOW)


def test_another_lesson_is_refused():
    with pytest.raises(InvalidKeyToken, match="another lesson"):
        verify(mint(6, 42, SECRET, NOW), 5, SECRET, NOW)


def test_another_secret_is_refused():
    with pytest.raises(InvalidKeyToken):
        verify(mint(5, 42, "another-secret-that-is-long-enough-for-hs256", NOW), 5, SECRET, NOW)


def test_another_purpose_signed_with_the_same_key_is_refused():
    claims = dict(_claims(mint(5, 42, SECRET, NOW)), purpose="password-reset")
    token = jwt.encode(claims, video_tokens.signing_key(SECRET), algorithm="HS256")

    with pytest.raises(InvalidKeyToken, match="not a lesson-key token"):
        verify(token, 5, SECRET, NOW)


def test_a_sign_in_token_never_opens_a_key():
    """Same shop secret, but a sign-in token is signed with it directly, not the derived key."""
    session = sign_in.issue(42, 1, SECRET, timedelta(days=30), now=NOW)
    with pytest.raises(InvalidKeyToken):
        verify(session, 5, SECRET, NOW)
    # Even one that carried the right claims, signed with the shop's secret itself.
    claims = _claims(mint(5, 42, SECRET, NOW))
    with pytest.raises(InvalidKeyToken):
        verify(jwt.encode(claims, SECRET, algorithm="HS256"), 5, SECRET, NOW)


def test_alg_none_is_refused():
    claims = _claims(mint(5, 42, SECRET, NOW))
    unsigned = jwt.encode(claims, None, algorithm="none")

    with pytest.raises(InvalidKeyToken):
        verify(unsigned, 5, SECRET, NOW)


def test_another_algorithm_with_the_same_key_is_refused():
    claims = _claims(mint(5, 42, SECRET, NOW))
    hs512 = jwt.encode(claims, video_tokens.signing_key(SECRET), algorithm="HS512")

    with pytest.raises(InvalidKeyToken):
        verify(hs512, 5, SECRET, NOW)


@pytest.mark.parametrize(
    "change",
    [{"lesson": "5"}, {"lesson": True}, {"sub": 42}, {"sub": "4 2"}, {"exp": "soon"}],
    ids=["lesson-text", "lesson-bool", "sub-number", "sub-text", "exp-text"],
)
def test_malformed_claims_are_refused(change):
    claims = dict(_claims(mint(5, 42, SECRET, NOW)), **change)
    token = jwt.encode(claims, video_tokens.signing_key(SECRET), algorithm="HS256")

    with pytest.raises(InvalidKeyToken):
        verify(token, 5, SECRET, NOW)


@pytest.mark.parametrize("missing", ["purpose", "lesson", "iat", "exp"])
def test_a_token_missing_a_claim_is_refused(missing):
    claims = _claims(mint(5, 42, SECRET, NOW))
    del claims[missing]
    token = jwt.encode(claims, video_tokens.signing_key(SECRET), algorithm="HS256")

    with pytest.raises(InvalidKeyToken):
        verify(token, 5, SECRET, NOW)


def test_garbage_is_refused():
    for token in ("", "abc", "a.b.c"):
        with pytest.raises(InvalidKeyToken):
            verify(token, 5, SECRET, NOW)
