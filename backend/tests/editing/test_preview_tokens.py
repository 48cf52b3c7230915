"""Preview tokens (editing/preview_tokens.py): signed, expiring, bound to one draft."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from splash.editing.preview_tokens import PreviewOf, TokenRefused, make_token, read_token

SECRET = "a-secret-key-of-at-least-thirty-two-characters"
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
PREVIEW = PreviewOf("page", "faq", "nl", NOW + timedelta(days=7))


def test_a_token_names_its_draft_until_its_time():
    token = make_token(SECRET, PREVIEW)

    assert read_token(SECRET, token, NOW) == PREVIEW
    assert read_token(SECRET, token, NOW + timedelta(days=7, seconds=-1)) == PREVIEW


def test_a_token_past_its_time_is_refused_as_expired():
    token = make_token(SECRET, PREVIEW)

    with pytest.raises(TokenRefused) as refused:
        read_token(SECRET, token, NOW + timedelta(days=7))
    assert refused.value.expired is True


@pytest.mark.parametrize(
    "tamper",
    [
        lambda token: token[:-2] + ("AA" if not token.endswith("AA") else "BB"),
        lambda token: (
            make_token(SECRET, PreviewOf("page", "home", "nl", PREVIEW.until)).split(".")[0]
            + "."
            + token.split(".")[1]
        ),
        lambda token: "not-a-token",
        lambda token: "%%%." + token.split(".")[1],
    ],
)
def test_a_tampered_token_is_refused_as_not_ours(tamper):
    token = make_token(SECRET, PREVIEW)

    with pytest.raises(TokenRefused) as refused:
        read_token(SECRET, tamper(token), NOW)
    assert refused.value.expired is False


def test_a_token_signed_with_another_secret_is_refused():
    token = make_token("another-secret-key-of-at-least-thirty-two-chars", PREVIEW)

    with pytest.raises(TokenRefused):
        read_token(SECRET, token, NOW)
