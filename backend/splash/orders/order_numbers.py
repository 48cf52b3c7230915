"""Order numbers and slugs (pure).

An order number is what a parent reads out on the phone and finds on a bank statement:
``SPL-7K3M-9QX2``, eight characters from an alphabet without look-alikes (no 0/O, 1/I/L, U/V),
29^8 (about 5 * 10^11) numbers, so a clash is rare and retried (the column is unique). The slug is
the guest's capability to see the order: 32 random bytes, 43 URL-safe characters.
"""

from __future__ import annotations

import re
import secrets

ALPHABET = "23456789ABCDEFGHJKMNPQRSTWXYZ"
PREFIX = "SPL"
GROUP = 4
PATTERN = re.compile(rf"^{PREFIX}-[{ALPHABET}]{{{GROUP}}}-[{ALPHABET}]{{{GROUP}}}$")
# What a slug can be (URL-safe base64, at most the column's 64): anything else names no order
# and is not looked up (a NUL byte would be a database error on PostgreSQL, not a 404).
SLUG_PATTERN = re.compile(r"^[A-Za-z0-9_-]{1,64}$")


def new_order_nr() -> str:
    chars = "".join(secrets.choice(ALPHABET) for _ in range(2 * GROUP))
    return f"{PREFIX}-{chars[:GROUP]}-{chars[GROUP:]}"


def new_slug() -> str:
    return secrets.token_urlsafe(32)


def is_slug(text: str) -> bool:
    return SLUG_PATTERN.fullmatch(text) is not None
