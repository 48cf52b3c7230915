"""Outbox tests: a real SMTP server (aiosmtpd on 127.0.0.1) and drainers pointed at it
(tests/outbox/support.py)."""

from tests.outbox.support import inbox  # noqa: F401  # the fixture, shared
