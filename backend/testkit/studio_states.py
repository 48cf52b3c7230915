"""Provider states of the studio (Pact: frontend/tests/pact/studio.pact.test.ts) and the
end-to-end test's staff (frontend/tests/e2e/studio.spec.ts). Secrets here are fixed, so a
contract can send them; what changes with the clock (an authenticator's code) or with each set-up
(a session's cookie) is answered as a provider-state value."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pyotp

from splash.core.config import Settings
from splash.core.one_time import digest
from splash.staff import activity, factors
from splash.staff.activity import Actor
from splash.staff.models import StaffMember, StaffRecoveryCode, StaffSetupLink
from splash.staff.vocabulary import Action, SubjectType
from testkit.factories import create_staff, reset_to_fixtures, staff_session

OWNER = "owner@splash.example"
EDITOR = "redacteur@splash.example"
NEWCOMER = "nieuw@splash.example"
STAFF_PASSWORD = "Studio-Zwemmen-2026"
RECOVERY_CODE = "abcd-efgh-ijkl-mnop"
TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP"
SETUP_TOKEN = "pact-setup-link-0123456789abcdef"


async def set_up_owner(settings: Settings) -> StaffMember:
    """The owner, set up with the fixed secret and recovery code (and the name Owner)."""
    owner = (await create_staff(OWNER, "owner", STAFF_PASSWORD, settings, locale="en")).member
    owner.totp_secret = factors.seal(TOTP_SECRET, settings.secret_key)
    await owner.save(update_fields=["totp_secret"])
    await StaffRecoveryCode.create(staff=owner, code_hash=factors.recovery_digest(RECOVERY_CODE))
    return owner


async def studio_owner(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures and a set-up owner; answers what signing in takes (the e2e test types it)."""
    await reset_to_fixtures(settings, app_ctx)
    await set_up_owner(settings)
    return {"email": OWNER, "password": STAFF_PASSWORD, "totpSecret": TOTP_SECRET}


async def signed_in_owner(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """A signed-in owner (their session cookie's value as ``session``), an editor (their id as
    ``staffId``) and the owner's invitation of them in the activity log."""
    await reset_to_fixtures(settings, app_ctx)
    owner = await set_up_owner(settings)
    editor = (await create_staff(EDITOR, "editor", STAFF_PASSWORD, settings)).member
    await activity.record(
        Actor(owner, owner.email, "127.0.0.1"),
        Action.INVITED,
        (SubjectType.STAFF, editor.id),
        after={"role": "editor"},
    )
    return {"session": await staff_session(owner, settings), "staffId": editor.id}


async def _newcomer_link(totp_secret: str | None, settings: Settings) -> StaffMember:
    member = await StaffMember.create(email=NEWCOMER, name="Nieuw", role="shop", locale="nl")
    await StaffSetupLink.create(
        token_hash=digest(SETUP_TOKEN),
        staff=member,
        totp_secret=factors.seal(totp_secret, settings.secret_key) if totp_secret else None,
        expires_at=datetime.now(UTC) + timedelta(hours=settings.staff_setup_hours),
    )
    return member


async def setup_link(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """An invited newcomer's unopened set-up link; answers its ``token``."""
    await reset_to_fixtures(settings, app_ctx)
    await _newcomer_link(None, settings)
    return {"token": SETUP_TOKEN}


async def opened_setup_link(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The set-up link, opened (its secret shown); answers the authenticator's ``code`` now."""
    await reset_to_fixtures(settings, app_ctx)
    await _newcomer_link(TOTP_SECRET, settings)
    return {"token": SETUP_TOKEN, "code": pyotp.TOTP(TOTP_SECRET).now()}


STUDIO_STATES = {
    "a studio owner owner@splash.example with recovery code abcd-efgh-ijkl-mnop": studio_owner,
    "a signed-in studio owner owner@splash.example and an editor": signed_in_owner,
    "a set-up link for nieuw@splash.example": setup_link,
    "an opened set-up link for nieuw@splash.example": opened_setup_link,
}
