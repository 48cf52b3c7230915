"""An order's address as it is written on an envelope and an invoice, in the reader's language.

Pure. The address is the checkout's (``street``, ``housenumber``, ``addition``,
``additionalInfo``, ``postalCode``, ``city``, ``country``); each destination writes the house
number where its post expects it: after the street in the Netherlands, Germany and Sweden
("Keizersgracht 12 A"), before it in France ("12 rue de Rivoli"), after a comma in Spain
("Calle Mayor, 12"). Postal code and city share a line everywhere Splash ships.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The shipping countries' names in each shop language.
COUNTRY_NAMES: Mapping[str, Mapping[str, str]] = {
    "nl": {"nl": "Nederland", "de": "Duitsland", "fr": "Frankrijk", "es": "Spanje", "se": "Zweden"},
    "en": {
        "nl": "Netherlands",
        "de": "Germany",
        "fr": "France",
        "es": "Spain",
        "se": "Sweden",
    },
    "de": {
        "nl": "Niederlande",
        "de": "Deutschland",
        "fr": "Frankreich",
        "es": "Spanien",
        "se": "Schweden",
    },
    "es": {
        "nl": "Países Bajos",
        "de": "Alemania",
        "fr": "Francia",
        "es": "España",
        "se": "Suecia",
    },
    "fr": {
        "nl": "Pays-Bas",
        "de": "Allemagne",
        "fr": "France",
        "es": "Espagne",
        "se": "Suède",
    },
    "sv": {
        "nl": "Nederländerna",
        "de": "Tyskland",
        "fr": "Frankrike",
        "es": "Spanien",
        "se": "Sverige",
    },
}


def _street_line(address: Mapping[str, Any]) -> str:
    number = " ".join(part for part in (address["housenumber"], address.get("addition")) if part)
    if address["country"] == "fr":
        return f"{number} {address['street']}"
    if address["country"] == "es":
        return f"{address['street']}, {number}"
    return f"{address['street']} {number}"


def address_lines(name: str, address: Mapping[str, Any], locale: str) -> tuple[str, ...]:
    """The lines of an address block: the name, street and number, any extra information,
    postal code and city, and the country in ``locale``'s language."""
    extra = address.get("additionalInfo")
    return (
        name,
        _street_line(address),
        *((extra,) if extra else ()),
        f"{address['postalCode']} {address['city']}",
        COUNTRY_NAMES[locale].get(address["country"], address["country"].upper()),
    )
