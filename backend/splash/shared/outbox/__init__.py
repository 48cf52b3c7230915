"""The outbox: durable work committed in the same transaction as the change that causes it, and
drained by a worker with retries (see ``drain``). ``enqueue`` inside ``transaction()``; the
handlers of the job kinds and the periodic work are plugged in by ``splash.site.wiring``."""

from splash.shared.outbox.queue import Job, PeriodicWork, enqueue, forget, now, transaction

__all__ = ["Job", "PeriodicWork", "enqueue", "forget", "now", "transaction"]
