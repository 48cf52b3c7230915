"""The language hand-off: one cart, one checkout draft and one sign-in across the shop's domains.

Each language lives on its own domain, and cookies belong to one domain. A switch of language
with something to carry goes through a one-time transfer instead of shared cookies:

1. ``create`` (the source domain, asked by its own SPA): the cart (as the quote's schema checks
   it), its country, the signed-in user and the checkout draft are stored under the SHA-256 of a
   fresh 256-bit secret, with the SHA-256 of the browser (User-Agent and client address), the
   target domain and page, for ``VALID``. The secret goes to the SPA in a JSON answer only.
2. The browser posts the secret to the target domain in a top-level form body (never a URL).
3. ``redeem`` (the target domain): the row is deleted first — of two redeems one deletes it, on
   SQLite and PostgreSQL alike — and only then checked: expired, another browser, another
   domain, or a user who ended their sessions since carry nothing. What it carried becomes the
   target domain's own cookies, with a new session for the user (never the source's token).
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from splash.accounts import services as accounts
from splash.core import one_time
from splash.core.config import Settings
from splash.handoff.models import LanguageHandoff
from splash.handoff.schemas import HandoffRequest
from splash.shared import outbox

VALID = timedelta(seconds=60)
CLEAN_EVERY_SECONDS = 300.0


@dataclass(frozen=True)
class Carried:
    """What a redeemed hand-off brings: where to land, the cart's lines (as its cookie holds
    them) and country, a new session token (None: nobody was signed in) and the draft."""

    path: str
    lines: list[dict[str, Any]]
    country: str | None
    session: str | None
    draft: dict[str, Any] | None


def _now() -> datetime:
    return datetime.now(UTC)


async def create(
    request: HandoffRequest, locale: str, path: str, user: accounts.User | None, browser: str
) -> str:
    """Stores a hand-off to ``path`` on ``locale``'s domain for this ``browser``; the secret."""
    raw, token_hash = one_time.new_secret()
    await LanguageHandoff.create(
        token_hash=token_hash,
        browser_hash=one_time.digest(browser),
        locale=locale,
        path=path,
        user=user,
        user_version=user.token_version if user else None,
        lines=[line.model_dump(mode="json", by_alias=True) for line in request.cart.items],
        country=request.cart.country,
        draft=request.draft,
        expires_at=_now() + VALID,
    )
    return raw


async def redeem(raw: str, locale: str, browser: str, settings: Settings) -> Carried | None:
    """What the hand-off behind ``raw`` carries to ``locale``'s domain in this ``browser``;
    None for an unknown, used, expired, foreign-browser or foreign-domain one, and for one whose
    user has been signed out everywhere since (it is gone after the first try either way)."""
    if not raw or len(raw) > 200:
        return None
    found = await LanguageHandoff.get_or_none(token_hash=one_time.digest(raw))
    if found is None or await LanguageHandoff.filter(id=found.id).delete() != 1:
        return None
    fresh = found.expires_at > _now()
    if not fresh or not hmac.compare_digest(found.browser_hash, one_time.digest(browser)):
        return None
    if found.locale != locale:
        return None
    user_id: int | None = found.user_id  # type: ignore[attr-defined]
    session = None
    if user_id is not None:
        session = await accounts.renewed_session(user_id, found.user_version, settings)
        if session is None:
            return None
    return Carried(found.path, found.lines, found.country, session, found.draft)


async def forget_expired(now: datetime) -> int:
    """Deletes the hand-offs that expired before ``now`` unredeemed; how many."""
    return await LanguageHandoff.filter(expires_at__lt=now).delete()


async def clean_up(resources: Any) -> None:
    """The drainers' periodic pass."""
    await forget_expired(outbox.now())


async def forget_user(user_id: int) -> None:
    """A customer erased: their hand-offs (a cart and a checkout draft with an address) go."""
    await LanguageHandoff.filter(user_id=user_id).delete()
