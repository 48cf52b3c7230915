"""Money and dates per shop language: the same text as the SPA's ``Intl`` formats (the expected
strings are what Node's ``Intl.NumberFormat``/``DateTimeFormat`` print for nl-NL, en-GB, de-DE,
es-ES, fr-FR and sv-SE), spaces included."""

from datetime import UTC, date, datetime

import pytest

from splash.core.formatting import long_date, moment, money

NBSP, NNBSP = "\u00a0", "\u202f"


@pytest.mark.parametrize(
    ("locale", "cents", "expected"),
    [
        ("nl", 4995, f"€{NBSP}49,95"),
        ("nl", 123450, f"€{NBSP}1.234,50"),
        ("en", 4995, "€49.95"),
        ("en", 123450, "€1,234.50"),
        ("de", 4995, f"49,95{NBSP}€"),
        ("de", 123450, f"1.234,50{NBSP}€"),
        ("es", 123450, f"1234,50{NBSP}€"),  # Spanish groups from five digits on
        ("es", 1234550, f"12.345,50{NBSP}€"),
        ("fr", 123450, f"1{NNBSP}234,50{NBSP}€"),
        ("sv", 123450, f"1{NBSP}234,50{NBSP}€"),
        ("sv", 123456789, f"1{NBSP}234{NBSP}567,89{NBSP}€"),
        ("nl", 0, f"€{NBSP}0,00"),
        ("en", 5, "€0.05"),
        ("en", 100, "€1.00"),
        ("en", -5495, "-€54.95"),
        ("nl", -5495, f"€{NBSP}-54,95"),
        ("de", -5495, f"-54,95{NBSP}€"),
        ("sv", -5495, f"\u221254,95{NBSP}€"),
    ],
)
def test_money_is_written_as_each_language_writes_euros(locale, cents, expected):
    assert money(cents, locale) == expected


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("nl", "25 november 2026"),
        ("en", "25 November 2026"),
        ("de", "25. November 2026"),
        ("es", "25 de noviembre de 2026"),
        ("fr", "25 novembre 2026"),
        ("sv", "25 november 2026"),
    ],
)
def test_a_day_is_written_out_in_each_language(locale, expected):
    assert long_date(datetime(2026, 11, 25, 22, 59, tzinfo=UTC), locale) == expected


def test_a_days_date_is_amsterdams_not_utcs():
    # 23:30 UTC in winter is 00:30 the next day in Amsterdam; in summer 22:30 UTC is too.
    assert long_date(datetime(2026, 11, 25, 23, 30, tzinfo=UTC), "en") == "26 November 2026"
    assert long_date(datetime(2026, 7, 14, 22, 30, tzinfo=UTC), "nl") == "15 juli 2026"


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("nl", "26 november 2026 om 00:30 (Nederlandse tijd)"),
        ("en", "26 November 2026 at 00:30 (Amsterdam time)"),
        ("de", "26. November 2026 um 00:30 Uhr (Amsterdamer Zeit)"),
        ("es", "26 de noviembre de 2026 a las 00:30 (hora de Ámsterdam)"),
        ("fr", "26 novembre 2026 à 00:30 (heure d'Amsterdam)"),
        ("sv", "26 november 2026 kl. 00:30 (Amsterdamtid)"),
    ],
)
def test_a_moment_is_amsterdams_time_with_the_zone_named(locale, expected):
    assert moment(datetime(2026, 11, 25, 23, 30, tzinfo=UTC), locale) == expected


def test_a_summer_moment_is_two_hours_past_utc():
    summer = datetime(2026, 7, 1, 12, 5, tzinfo=UTC)
    assert moment(summer, "en") == "1 July 2026 at 14:05 (Amsterdam time)"


def test_every_month_has_its_name():
    months = [long_date(date(2026, month, 1), "de") for month in range(1, 13)]
    assert months[0] == "1. Januar 2026" and months[2] == "1. März 2026"
    assert months[11] == "1. Dezember 2026"
    assert len({m.split()[1] for m in months}) == 12
