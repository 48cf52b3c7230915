"""One-time secrets (pure: no I/O): 256 random bits, handed out once and stored only as their
SHA-256 — account links, a guest's device pass, a language hand-off. One shape for all of them."""

from __future__ import annotations

import hashlib
import secrets


def new_secret() -> tuple[str, str]:
    """A fresh one-time secret (URL-safe) and the hash to store."""
    raw = secrets.token_urlsafe(32)
    return raw, digest(raw)


def digest(raw: str) -> str:
    return hashlib.sha256(raw.encode()).hexdigest()
