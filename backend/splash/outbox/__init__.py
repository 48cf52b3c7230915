"""The outbox: durable work committed in the same transaction as the change that causes it, and
drained by a worker with retries (see ``drain``). ``enqueue`` inside ``transaction()``;
handlers register with ``@handles(kind)``, periodic work with ``@periodic(name, every=…)``."""

from splash.outbox.queue import Job, enqueue, handles, now, periodic, transaction

__all__ = ["Job", "enqueue", "handles", "now", "periodic", "transaction"]
