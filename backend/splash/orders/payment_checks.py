"""How often the provider is asked about one payment.

Every webhook naming a known payment and every read of an unpaid order asks the provider
(``payment_updates.check``); unpaced, anyone who knows a payment's id or an order's slug could
spend the shop's API quota (200 webhooks and 100 reads were 300 calls to Mollie). So, per
payment, one call is in flight at a time, and after it ends none is made for
``SPLASH_PAYMENTS_CHECK_INTERVAL_SECONDS`` (2 s): at most one call per payment per interval,
whatever comes in meanwhile.

The pace is kept on the payment's row (``next_check_at``), claimed by a compare-and-set, so it
holds across every worker process and every machine sharing the database, with or without
Redis: a caller that finds the payment claimed reads one row and writes nothing. A claim lasts
the provider's timeout plus the interval (a process that dies mid-call frees the payment then);
the end of the call sets the interval.

A webhook that finds the payment checked lately is answered at once, but its news may be newer
than that check: one later check is scheduled (``recheck_at``, an outbox job due when the
payment may be asked again), however many webhooks arrive meanwhile. A read shows what is
stored: the order page reads again by itself every few seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from tortoise.expressions import Q

from splash.core.config import Settings
from splash.orders.models import Payment
from splash.shared import outbox

PAYMENT_CHECK = "payment_check"  # outbox job kind: a webhook's news, checked later


@dataclass(frozen=True)
class CheckPace:
    interval: timedelta  # no call for this long after one ended
    lease: timedelta  # how long a claim holds when its call never ends

    @classmethod
    def of(cls, settings: Settings) -> CheckPace:
        interval = timedelta(seconds=settings.payments_check_interval_seconds)
        return cls(interval, interval + timedelta(seconds=settings.mollie_timeout_seconds))


@dataclass(frozen=True)
class Claim:
    ask: bool  # this caller asks the provider now
    next_check_at: datetime | None = None  # when not: the payment may be asked again then
    recheck_at: datetime | None = None  # a later check already scheduled for then


async def claim(provider: str, provider_id: str, pace: CheckPace) -> Claim | None:
    """Whether this caller may ask the provider about the payment now (and then must call
    ``done``); None for a payment that is not this provider's one of ours."""
    payment = Payment.filter(provider=provider, provider_id=provider_id)
    row = await payment.first().values_list("next_check_at", "recheck_at")
    if row is None:
        return None
    next_check_at, recheck_at = (_aware(value) for value in row)  # type: ignore[misc]
    now = outbox.now()
    if next_check_at is None or next_check_at <= now:
        due = Q(next_check_at__isnull=True) | Q(next_check_at__lte=now)
        if await payment.filter(due).update(next_check_at=now + pace.lease) == 1:
            return Claim(ask=True)
        next_check_at = now + pace.interval  # another caller claimed it just now
    return Claim(ask=False, next_check_at=next_check_at, recheck_at=recheck_at)


async def done(provider_id: str, pace: CheckPace) -> None:
    """The call ended (answered or not): the next one not before the interval has passed."""
    await Payment.filter(provider_id=provider_id).update(next_check_at=outbox.now() + pace.interval)


async def check_later(provider_id: str, lately: Claim, pace: CheckPace) -> None:
    """Schedules one check of the payment once it may be asked again, unless one is pending
    (a pending one not run a lease after its time is taken for lost)."""
    now = outbox.now()
    if lately.recheck_at is not None and lately.recheck_at >= now - pace.lease:
        return
    due = max(lately.next_check_at or now, now)
    free = Q(recheck_at__isnull=True) | Q(recheck_at__lt=now - pace.lease)
    async with outbox.transaction():
        if await Payment.filter(free, provider_id=provider_id).update(recheck_at=due) == 1:
            await outbox.enqueue(PAYMENT_CHECK, {"provider_id": provider_id}, not_before=due)


async def rechecking(provider_id: str) -> None:
    """The scheduled check runs: news arriving from now on may schedule another."""
    await Payment.filter(provider_id=provider_id).update(recheck_at=None)


def _aware(value: datetime | None) -> datetime | None:
    """Stored instants are UTC (SQLite may hand them back without their zone)."""
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)
