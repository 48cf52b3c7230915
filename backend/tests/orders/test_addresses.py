"""Address blocks (pure): where each destination writes the house number, and the country in
the reader's language."""

import pytest

from splash.core.locales import LOCALES, texts
from splash.orders.addresses import address_lines

COUNTRY_NAMES = {locale: texts(locale, "countries") for locale in LOCALES}

ADDRESS = {
    "street": "Keizersgracht",
    "housenumber": "12",
    "addition": "A",
    "additionalInfo": None,
    "postalCode": "1015 CS",
    "city": "Amsterdam",
    "country": "nl",
}


def test_a_dutch_address_in_dutch():
    assert address_lines("Eva de Vries", ADDRESS, "nl") == (
        "Eva de Vries",
        "Keizersgracht 12 A",
        "1015 CS Amsterdam",
        "Nederland",
    )


@pytest.mark.parametrize(
    ("country", "street", "country_name"),
    [
        ("de", "Keizersgracht 12 A", "Germany"),
        ("se", "Keizersgracht 12 A", "Sweden"),
        ("fr", "12 A Keizersgracht", "France"),
        ("es", "Keizersgracht, 12 A", "Spain"),
    ],
)
def test_each_destination_places_the_house_number_its_way(country, street, country_name):
    lines = address_lines("Eva", {**ADDRESS, "country": country}, "en")
    assert lines[1:2] + lines[-1:] == (street, country_name)


def test_extra_address_information_gets_its_own_line_and_no_addition_no_space():
    address = {**ADDRESS, "addition": None, "additionalInfo": "3rd floor"}
    assert address_lines("Eva", address, "en") == (
        "Eva",
        "Keizersgracht 12",
        "3rd floor",
        "1015 CS Amsterdam",
        "Netherlands",
    )


def test_every_language_names_every_shipping_country():
    from splash.core.countries import Country

    assert sorted(COUNTRY_NAMES) == sorted(LOCALES)
    for names in COUNTRY_NAMES.values():
        assert sorted(names) == sorted(Country)
