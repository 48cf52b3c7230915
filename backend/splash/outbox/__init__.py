"""The outbox: durable work committed in the same transaction as the change that causes it, and
drained by a worker with retries (see ``drain``). ``enqueue`` inside ``transaction()``;
handlers register with ``@handles(kind)``."""

from splash.outbox.queue import Job, enqueue, handles, transaction

__all__ = ["Job", "enqueue", "handles", "transaction"]
