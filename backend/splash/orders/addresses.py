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

from splash.core.locales import texts


def _street_line(address: Mapping[str, Any]) -> str:
    number = " ".join(part for part in (address["housenumber"], address.get("addition")) if part)
    if address["country"] == "fr":
        return f"{number} {address['street']}"
    if address["country"] == "es":
        return f"{address['street']}, {number}"
    return f"{address['street']} {number}"


def address_lines(name: str, address: Mapping[str, Any], locale: str) -> tuple[str, ...]:
    """The lines of an address block: the name, street and number, any extra information,
    postal code and city, and the country in ``locale``'s language (``countries.*`` of the
    catalogues, keyed by the shipping country's code)."""
    extra = address.get("additionalInfo")
    return (
        name,
        _street_line(address),
        *((extra,) if extra else ()),
        f"{address['postalCode']} {address['city']}",
        texts(locale, "countries").get(address["country"], address["country"].upper()),
    )
