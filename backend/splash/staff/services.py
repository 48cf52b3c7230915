"""Staff accounts, their sign-in with a second factor and their server-side sessions.

A sign-in takes the e-mail address, the password and a code (TOTP, or one of the recovery
codes) at once and answers the same refusal, after the same argon2 work, whatever was wrong —
an unknown address included. A code is only used up when the password was right, so someone
without it cannot burn a staff member's codes. Every attempt is a line of the activity log.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from tortoise.transactions import in_transaction

from splash.core import passwords
from splash.core.config import Settings
from splash.core.errors import ConflictError, NotFoundError, UnauthorizedError, ValidationError
from splash.core.one_time import digest, new_secret
from splash.staff import activity, factors
from splash.staff.activity import Actor
from splash.staff.models import StaffMember, StaffRecoveryCode, StaffSession, StaffSetupLink
from splash.staff.vocabulary import Action, Role, SubjectType

SIGN_IN_REFUSED = "E-mail address, password or code incorrect"
SETUP_REFUSED = "This set-up link is not valid (any more): ask an owner for a new one"
TOTP_CODE = re.compile(r"^[0-9]{6}$")
SEEN_EVERY = timedelta(seconds=60)  # a session's last request is written at most this often


def now() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True)
class Signed:
    """A new session: the cookie's raw secret (the row keeps only its SHA-256)."""

    member: StaffMember
    token: str
    expires_at: datetime


async def _open_session(
    member: StaffMember, address: str | None, user_agent: str | None, settings: Settings
) -> Signed:
    raw, hashed = new_secret()
    at = now()
    session = await StaffSession.create(
        token_hash=hashed,
        staff=member,
        address=address,
        user_agent=(user_agent or "")[:255] or None,
        last_seen_at=at,
        expires_at=at + timedelta(hours=settings.staff_session_hours),
    )
    return Signed(member, raw, session.expires_at)


async def _recovery_code(member: StaffMember | None, code: str) -> StaffRecoveryCode | None:
    """The unused recovery code ``code`` is, for ``member`` (one lookup either way)."""
    return await StaffRecoveryCode.get_or_none(
        staff_id=member.id if member else 0, code_hash=factors.recovery_digest(code), used_at=None
    )


async def sign_in(
    email: str,
    password: str,
    code: str,
    address: str | None,
    user_agent: str | None,
    settings: Settings,
) -> Signed:
    typed = email.strip().lower()
    member = await StaffMember.get_or_none(email=typed, removed_at=None)
    password_ok = await passwords.verify_password(
        member.password_hash if member else None, password
    )
    code = code.strip()
    step, recovery = None, None
    if TOTP_CODE.match(code):
        sealed = member.totp_secret if member else None
        secret = factors.unseal(sealed, settings.secret_key) if sealed else factors.DUMMY_SECRET
        last = member.totp_step if member else 0
        step = factors.matching_step(secret, code, last, time.time())
        step = step if sealed else None
    else:
        recovery = await _recovery_code(member, code)
    actor = Actor(member, typed, address)
    async with in_transaction():
        used = member is not None and password_ok and await _use(member, step, recovery)
        if not used or member is None:
            await activity.record(actor, Action.SIGN_IN_REFUSED)
        else:
            await activity.record(actor, Action.SIGN_IN)
            if recovery is not None:
                await activity.record(
                    actor, Action.RECOVERY_CODE_USED, (SubjectType.STAFF, member.id)
                )
            return await _open_session(member, address, user_agent, settings)
    raise UnauthorizedError(SIGN_IN_REFUSED)


async def _use(member: StaffMember, step: int | None, recovery: StaffRecoveryCode | None) -> bool:
    """Use the code up, once: two sign-ins racing with one code, one wins."""
    if step is not None:
        taken = await StaffMember.filter(id=member.id, totp_step__lt=step).update(totp_step=step)
        return taken == 1
    if recovery is not None:
        taken = await StaffRecoveryCode.filter(id=recovery.id, used_at=None).update(used_at=now())
        return taken == 1
    return False


async def session_for(raw: str | None, settings: Settings) -> StaffSession | None:
    """The live session a cookie holds, with its staff member; None when it is unknown, ended,
    idle too long, past its lifetime, or its staff member was removed."""
    if not raw or len(raw) > 128:
        return None
    at = now()
    found = (
        await StaffSession.filter(
            token_hash=digest(raw),
            ended_at=None,
            expires_at__gt=at,
            last_seen_at__gt=at - timedelta(minutes=settings.staff_idle_minutes),
            staff__removed_at__isnull=True,
        )
        .select_related("staff")
        .first()
    )
    if found is not None and at - found.last_seen_at > SEEN_EVERY:
        await StaffSession.filter(id=found.id).update(last_seen_at=at)
    return found


async def sign_out(session: StaffSession, actor: Actor) -> None:
    async with in_transaction():
        await StaffSession.filter(id=session.id, ended_at=None).update(ended_at=now())
        await activity.record(actor, Action.SIGN_OUT)


# --- accounts ---------------------------------------------------------------------------------


async def add(email: str, name: str, role: Role, locale: str) -> StaffMember:
    """A new staff member (or a removed one back) who still has to set up a password and an
    authenticator; a 409 for someone who is staff already."""
    email = email.strip().lower()
    existing = await StaffMember.get_or_none(email=email)
    if existing is not None and existing.removed_at is None:
        raise ConflictError(f"{email} is staff already")
    if existing is not None:
        existing.update_from_dict(
            {"name": name, "role": role.value, "locale": locale, "removed_at": None}
        )
        existing.update_from_dict({"password_hash": None, "totp_secret": None})
        await existing.save()
        return existing
    return await StaffMember.create(email=email, name=name, role=role.value, locale=locale)


async def new_setup_link(member: StaffMember, settings: Settings) -> str:
    """The raw secret of a fresh set-up link (earlier unused ones stop working)."""
    await StaffSetupLink.filter(staff=member, used_at=None).update(used_at=now())
    raw, hashed = new_secret()
    expires = now() + timedelta(hours=settings.staff_setup_hours)
    await StaffSetupLink.create(token_hash=hashed, staff=member, expires_at=expires)
    return raw


def setup_url(raw: str, settings: Settings) -> str:
    """Where the link goes: the studio on the default domain, the secret in the fragment (never
    sent to a server, never in a log or a Referer)."""
    return f"{settings.origin(settings.default_locale)}/studio/setup#{raw}"


async def _live_link(raw: str) -> StaffSetupLink:
    link = await StaffSetupLink.get_or_none(
        token_hash=digest(raw), used_at=None, expires_at__gt=now(), staff__removed_at__isnull=True
    ).select_related("staff")
    if link is None:
        raise ValidationError.for_field(["token"], SETUP_REFUSED)
    return link


async def open_setup(raw: str, settings: Settings) -> tuple[StaffMember, str]:
    """The staff member a set-up link is for and a new TOTP secret for their authenticator
    (opening the link again gives another)."""
    link = await _live_link(raw)
    secret = factors.new_totp_secret()
    link.totp_secret = factors.seal(secret, settings.secret_key)
    await link.save(update_fields=["totp_secret"])
    return link.staff, secret


async def finish_setup(
    raw: str,
    password: str,
    code: str,
    address: str | None,
    user_agent: str | None,
    settings: Settings,
) -> tuple[Signed, list[str]]:
    """Set the password and the authenticator (its first code proves it works); the link is
    used up, the member signed in, and their ten recovery codes shown this once."""
    link = await _live_link(raw)
    if link.totp_secret is None:
        raise ValidationError.for_field(["token"], "Open the set-up link first")
    secret = factors.unseal(link.totp_secret, settings.secret_key)
    step = factors.matching_step(secret, code.strip(), 0, time.time())
    if step is None:
        raise ValidationError.for_field(["code"], "This code is not right: try the next one")
    member = link.staff
    password_hash = await passwords.hash_password(password)
    codes = factors.new_recovery_codes()
    async with in_transaction():
        if await StaffSetupLink.filter(id=link.id, used_at=None).update(used_at=now()) != 1:
            raise ValidationError.for_field(["token"], SETUP_REFUSED)
        member.update_from_dict(
            {"password_hash": password_hash, "totp_secret": link.totp_secret, "totp_step": step}
        )
        await member.save(update_fields=["password_hash", "totp_secret", "totp_step"])
        await StaffRecoveryCode.filter(staff=member).delete()
        await StaffRecoveryCode.bulk_create(
            [StaffRecoveryCode(staff=member, code_hash=factors.recovery_digest(c)) for c in codes]
        )
        await StaffSession.filter(staff=member, ended_at=None).update(ended_at=now())
        await activity.record(Actor(member, member.email, address), Action.SET_UP)
        signed = await _open_session(member, address, user_agent, settings)
    return signed, codes


async def members() -> list[StaffMember]:
    return await StaffMember.filter(removed_at=None).order_by("name", "id")


async def live_member(member_id: int) -> StaffMember:
    member = await StaffMember.get_or_none(id=member_id, removed_at=None)
    if member is None:
        raise NotFoundError(f"No staff member with id {member_id}")
    return member


async def _refuse_losing_the_last_owner(member: StaffMember) -> None:
    if (
        member.role == Role.OWNER
        and await StaffMember.filter(role=Role.OWNER, removed_at=None).count() <= 1
    ):
        raise ConflictError("The shop needs an owner: make someone else owner first")


async def invite(actor: Actor, email: str, name: str, role: Role, locale: str) -> StaffMember:
    async with in_transaction():
        member = await add(email, name, role, locale)
        await activity.record(
            actor, Action.INVITED, (SubjectType.STAFF, member.id), after={"role": role.value}
        )
    return member


async def change_role(actor: Actor, member_id: int, role: Role) -> StaffMember:
    async with in_transaction():
        member = await live_member(member_id)
        before = member.role
        if before != role.value:
            await _refuse_losing_the_last_owner(member)
            member.role = role.value
            await member.save(update_fields=["role"])
            await activity.record(
                actor,
                Action.ROLE_CHANGED,
                (SubjectType.STAFF, member.id),
                before={"role": before},
                after={"role": role.value},
            )
    return member


async def remove(actor: Actor, member_id: int) -> StaffMember:
    """Removed: no sign-in, every session ended at once, every set-up link void."""
    async with in_transaction():
        member = await live_member(member_id)
        await _refuse_losing_the_last_owner(member)
        at = now()
        member.removed_at = at
        await member.save(update_fields=["removed_at"])
        await StaffSession.filter(staff=member, ended_at=None).update(ended_at=at)
        await StaffSetupLink.filter(staff=member, used_at=None).update(used_at=at)
        await activity.record(
            actor, Action.REMOVED, (SubjectType.STAFF, member.id), before={"role": member.role}
        )
    return member
