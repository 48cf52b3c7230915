from __future__ import annotations

from typing import Any

from tortoise import fields
from tortoise.models import Model


class StaffMember(Model):
    """Someone who runs the shop in the studio: never a customer account, signed in with a
    password and a second factor. Removing one keeps the row (the activity log names them) and
    ends their sessions; ``removed_at`` set means no sign-in."""

    id = fields.IntField(primary_key=True)
    email = fields.CharField(max_length=254, unique=True)  # stored lower-case
    name = fields.CharField(max_length=120)
    role = fields.CharField(max_length=16)  # vocabulary.Role
    locale = fields.CharField(max_length=5, default="nl")  # the studio's language for them
    password_hash = fields.CharField(max_length=255, null=True)  # None: not set up yet
    totp_secret = fields.CharField(max_length=255, null=True)  # sealed (sealing.py)
    totp_step = fields.BigIntField(default=0)  # the last TOTP time step used: no replay
    removed_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "staff_member"


class StaffSession(Model):
    """A signed-in browser: the cookie holds a 256-bit secret, the row only its SHA-256. Ends
    on sign-out, on removal, after the idle timeout or at the absolute lifetime."""

    id = fields.IntField(primary_key=True)
    token_hash = fields.CharField(max_length=64, unique=True)
    staff: fields.ForeignKeyRelation[StaffMember] = fields.ForeignKeyField(
        "splash.StaffMember", related_name="sessions", on_delete=fields.RESTRICT
    )
    address = fields.CharField(max_length=64, null=True)
    user_agent = fields.CharField(max_length=255, null=True)
    created_at = fields.DatetimeField(auto_now_add=True)
    last_seen_at = fields.DatetimeField()
    expires_at = fields.DatetimeField()  # the absolute lifetime
    ended_at = fields.DatetimeField(null=True)

    class Meta:
        table = "staff_session"


class StaffRecoveryCode(Model):
    """One of a staff member's ten recovery codes, for a lost authenticator: single use,
    stored as its SHA-256 (80 random bits each)."""

    id = fields.IntField(primary_key=True)
    staff: fields.ForeignKeyRelation[StaffMember] = fields.ForeignKeyField(
        "splash.StaffMember", related_name="recovery_codes", on_delete=fields.CASCADE
    )
    code_hash = fields.CharField(max_length=64, unique=True)
    used_at = fields.DatetimeField(null=True)

    class Meta:
        table = "staff_recovery_code"


class StaffSetupLink(Model):
    """The one-time, expiring link a new staff member sets their password and authenticator
    with (printed by ``python -m splash staff add`` or e-mailed by an owner's invitation).
    ``totp_secret`` is the secret shown when the link was opened, until it is confirmed."""

    id = fields.IntField(primary_key=True)
    token_hash = fields.CharField(max_length=64, unique=True)
    staff: fields.ForeignKeyRelation[StaffMember] = fields.ForeignKeyField(
        "splash.StaffMember", related_name="setup_links", on_delete=fields.CASCADE
    )
    totp_secret = fields.CharField(max_length=255, null=True)  # sealed
    expires_at = fields.DatetimeField()
    used_at = fields.DatetimeField(null=True)
    created_at = fields.DatetimeField(auto_now_add=True)

    class Meta:
        table = "staff_setup_link"


class ActivityEntry(Model):
    """One line of the append-only activity log: who (a staff member, or nobody for a refused
    sign-in), what, on which order/customer/variant/staff member, when, from where, and for a
    money or access change the before and after. Nothing updates or deletes a row: the model
    refuses it, and the database refuses it too (migration 0019's triggers)."""

    id = fields.IntField(primary_key=True)
    at = fields.DatetimeField(auto_now_add=True)
    actor: fields.ForeignKeyNullableRelation[StaffMember] = fields.ForeignKeyField(
        "splash.StaffMember", related_name="activity", null=True, on_delete=fields.RESTRICT
    )
    actor_label = fields.CharField(max_length=254)  # the e-mail as it was (or as typed)
    action = fields.CharField(max_length=48)  # vocabulary.Action
    subject_type = fields.CharField(max_length=16, null=True)  # vocabulary.SubjectType
    subject_id = fields.CharField(max_length=64, null=True)
    address = fields.CharField(max_length=64, null=True)
    before: Any = fields.JSONField(null=True)
    after: Any = fields.JSONField(null=True)
    note = fields.CharField(max_length=500, null=True)

    class Meta:
        table = "staff_activity"
        indexes = (("subject_type", "subject_id"), ("actor_id", "at"), ("action", "at"))

    async def save(self, *args: Any, **kwargs: Any) -> None:
        if not self._saved_in_db:
            await super().save(*args, **kwargs)
            return
        raise PermissionError("the activity log is append-only")

    async def delete(self, *args: Any, **kwargs: Any) -> None:
        raise PermissionError("the activity log is append-only")
