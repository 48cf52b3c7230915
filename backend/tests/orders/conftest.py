"""Order tests use the outbox tests' real SMTP server (aiosmtpd on 127.0.0.1)."""

from tests.outbox.support import inbox  # noqa: F401  # the fixture, shared
