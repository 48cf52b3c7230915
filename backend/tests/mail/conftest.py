from tests.outbox.support import inbox  # noqa: F401  # the fixture, shared
