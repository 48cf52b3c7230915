"""Password hashing with argon2id at OWASP's parameters (19 MiB, 2 passes, 1 lane).

Hashing takes tens of milliseconds of CPU, so callers run it in a thread. A password is checked
in full: argon2 has no length cut-off (unlike bcrypt's 72 bytes) and 128 characters is our
upper bound.
"""

from __future__ import annotations

import asyncio
import functools

from argon2 import PasswordHasher, Type
from argon2.exceptions import InvalidHashError, VerificationError

MIN_LENGTH = 8
MAX_LENGTH = 128

_hasher = PasswordHasher(time_cost=2, memory_cost=19 * 1024, parallelism=1, type=Type.ID)


@functools.cache
def _dummy_hash() -> str:
    """Checked against when there is no account (or no password), so "unknown e-mail" costs as
    much time as "wrong password" and answers cannot tell them apart. Made on first use: a hash
    costs tens of milliseconds, which every command that imports the accounts would pay."""
    return _hasher.hash("splash-no-such-account-dummy-password")


async def hash_password(password: str) -> str:
    return await asyncio.to_thread(_hasher.hash, password)


async def verify_password(stored: str | None, password: str) -> bool:
    """True when ``password`` matches ``stored``; spends the same time when nothing is stored."""

    def check() -> bool:
        try:
            return _hasher.verify(stored or _dummy_hash(), password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    return await asyncio.to_thread(check)


def needs_rehash(stored: str) -> bool:
    """True when ``stored`` was made with weaker parameters than today's."""
    return _hasher.check_needs_rehash(stored)
