"""Where Splash ships and the VAT each country's buyers pay (pure: the core imports nothing of
Splash). Prices are VAT-inclusive; the VAT is the destination country's rate (EU distance
selling), the home country's until a country is known. The rates are data, so a new country or a
changed rate is a row here, not a branch elsewhere."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class Country(StrEnum):
    """ISO 3166-1 alpha-2 codes, lower case, in the order the shop lists them (spec §3)."""

    NL = "nl"
    DE = "de"
    FR = "fr"
    ES = "es"
    SE = "se"


HOME_COUNTRY = Country.NL
VAT_PERCENT: Mapping[str, int] = {"nl": 21, "de": 19, "fr": 20, "es": 21, "se": 25}
