"""The accounts domain's words, each spelled once: the error codes the SPA tells apart by
``details.code``, the kinds of single-use secret, and what following an e-mail-change link
can come to. StrEnum values equal the strings the API has always answered, so clients see
no change; ``contracts/vocabularies.json`` pins them against the SPA's types."""

from __future__ import annotations

from enum import StrEnum


class AccountError(StrEnum):
    INVALID_CREDENTIALS = "invalid_credentials"
    EMAIL_NOT_CONFIRMED = "email_not_confirmed"
    BLOCKED = "blocked"
    EMAIL_TAKEN = "email_taken"
    PASSWORDS_MISMATCH = "passwords_mismatch"
    INVALID_CODE = "invalid_code"
    PROVIDER_ERROR = "provider_error"
    NO_PASSWORD = "no_password"
    CURRENT_PASSWORD_INCORRECT = "current_password_incorrect"
    EMAIL_UNCHANGED = "email_unchanged"
    EMAIL_HAS_ACCOUNT = "email_has_account"


class SecretKind(StrEnum):
    """``AccountToken.kind``: what a single-use secret proves (the column holds 16 characters)."""

    CONFIRM = "confirm"
    RESET = "reset"
    EMAIL_CHANGE = "email_change"
    GOOGLE_STATE = "google-state"
    GOOGLE_TICKET = "google-ticket"
    GOOGLE_LINK = "google-link"


class EmailChangeOutcome(StrEnum):
    """Where the e-mail-change link lands: ``/email-confirmed?status=…``."""

    CHANGED = "changed"
    TAKEN = "taken"
    INVALID = "invalid"


# The outbox job kinds of account e-mails (their handlers: accounts/mails.py).
CONFIRMATION_JOB = "account_confirmation"
PASSWORD_RESET_JOB = "password_reset"
PASSWORD_CHANGED_JOB = "password_changed"
EMAIL_CHANGE_JOB = "email_change"
EMAIL_CHANGED_JOB = "email_changed"
