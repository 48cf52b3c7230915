"""Money and dates as a reader of each shop language writes them, the same text the SPA shows
(``frontend/src/lib/i18n/format.ts``: ``Intl`` with nl-NL, en-GB, de-DE, es-ES, fr-FR, sv-SE).

Pure and table-driven: six locales need a handful of separators and twelve month names each, not
a CLDR library. The month names and the patterns of a date and a moment are words, kept in the
catalogues (``dates.*`` of ``splash.core.locales``); the money formats are separators and stay here.
The spaces are the ones ``Intl`` writes (a no-break space between amount and
euro sign, French groups with a narrow no-break space), so an amount never breaks over two lines.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from splash.core.locales import text

NBSP = "\u00a0"
NNBSP = "\u202f"


@dataclass(frozen=True)
class MoneyStyle:
    pattern: str  # "{amount}" placed around the euro sign, "{sign}" where a minus goes
    group: str
    decimal: str
    min_grouping: int = 1  # Spanish groups thousands only from 10 000 on
    minus: str = "-"


MONEY_STYLES = {
    "nl": MoneyStyle(f"€{NBSP}{{sign}}{{amount}}", ".", ","),
    "en": MoneyStyle("{sign}€{amount}", ",", "."),
    "de": MoneyStyle(f"{{sign}}{{amount}}{NBSP}€", ".", ","),
    "es": MoneyStyle(f"{{sign}}{{amount}}{NBSP}€", ".", ",", min_grouping=2),
    "fr": MoneyStyle(f"{{sign}}{{amount}}{NBSP}€", NNBSP, ","),
    "sv": MoneyStyle(f"{{sign}}{{amount}}{NBSP}€", NBSP, ",", minus="\u2212"),
}


def _grouped(whole: int, style: MoneyStyle) -> str:
    digits = str(whole)
    if len(digits) < 4 + style.min_grouping - 1:
        return digits
    groups: list[str] = []
    while digits:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    return style.group.join(groups)


def money(cents: int, locale: str) -> str:
    """An amount of euro cents, e.g. 4995 → "€ 49,95" (nl), "€49.95" (en), "49,95 €" (de)."""
    style = MONEY_STYLES[locale]
    whole, part = divmod(abs(cents), 100)
    amount = f"{_grouped(whole, style)}{style.decimal}{part:02d}"
    return style.pattern.format(sign=style.minus if cents < 0 else "", amount=amount)


# The shop's clock: the SPA shows order days in this zone too (``features/orders/utils/format.ts``).
SHOP_ZONE = ZoneInfo("Europe/Amsterdam")


def shop_time(value: datetime) -> datetime:
    """An aware moment on the shop's clock (a naive one is taken as UTC, as the shop stores)."""
    aware = value if value.tzinfo else value.replace(tzinfo=ZoneInfo("UTC"))
    return aware.astimezone(SHOP_ZONE)


def long_date(value: date | datetime, locale: str) -> str:
    """A day written out, e.g. "25 november 2026" (nl), "25. November 2026" (de). A datetime's
    day is the shop's (Amsterdam's), as the SPA shows it: 23:30 UTC is already the next day."""
    if isinstance(value, datetime):
        value = shop_time(value)
    month = text(locale, "dates.months").split()[value.month - 1]
    return text(locale, "dates.day", day=value.day, month=month, year=value.year)


def moment(value: datetime, locale: str) -> str:
    """A moment as an e-mail states it: the shop's day and time of day, the zone named in the
    reader's language (the shop keeps Amsterdam's clock, and a reader abroad must not guess
    which one), e.g. "26 november 2026 om 00:30 (Nederlandse tijd)"."""
    local = shop_time(value)
    return text(
        locale,
        "dates.moment",
        date=long_date(local, locale),
        time=f"{local.hour:02d}:{local.minute:02d}",
    )
