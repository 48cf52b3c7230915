from __future__ import annotations

from enum import StrEnum

from tortoise import fields
from tortoise.models import Model


class JobStatus(StrEnum):
    PENDING = "pending"  # waiting for its next attempt (or running under a lease)
    DONE = "done"
    DEAD = "dead"  # failed its last allowed attempt; kept with its last error for a person


class OutboxJob(Model):
    """Durable work (an e-mail, later a payment follow-up), committed with the change that causes
    it and drained by a worker.

    ``next_attempt_at`` is when the job may run next: a claim moves it a lease ahead (so a
    drainer that dies mid-job frees it when the lease runs out), a failure moves it by the
    back-off. ``lease`` names the claim, so only the drainer holding it records the result.
    """

    id = fields.BigIntField(primary_key=True)
    kind = fields.CharField(max_length=64)
    payload: dict[str, object] = fields.JSONField()  # type: ignore[assignment]
    status = fields.CharEnumField(JobStatus, max_length=8, default=JobStatus.PENDING)
    attempts = fields.IntField(default=0)
    next_attempt_at = fields.DatetimeField(db_index=True)
    lease = fields.CharField(max_length=32, null=True)
    last_error = fields.TextField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    finished_at = fields.DatetimeField(null=True)

    class Meta:
        table = "outbox_job"
