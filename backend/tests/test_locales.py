"""The backend's catalogues (``splash/core/locales/<locale>.json``), held as the SPA's are
(``frontend/src/locales/locales.test.ts``): one per locale, each with exactly the keys of
``en.json``, no empty text, the same ``{placeholders}`` per key, every key the code and the
templates name present (an e-mail passing exactly a text's placeholders), and no e-mail text
unused."""

import re
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any, get_args

import pytest

from splash.core.locales import CATALOGUES, LOCALES, REFERENCE, REGIONS, catalogue, text, texts
from splash.orders.schemas import Locale

PACKAGE = Path(__file__).resolve().parents[1] / "splash"
# The templates that show a whole area as ``t``, and that area.
TEMPLATE_AREAS = {
    PACKAGE / "orders" / "templates" / "invoice.html": "invoice",
    PACKAGE / "orders" / "templates" / "credit_note.html": "credit_note",
    PACKAGE / "orders" / "payments" / "templates" / "sandbox_page.html": "payment_page",
}
# text(locale, "area.key", …), text(locale, f"area.{code}") and texts(locale, "area") in code.
TEXT_CALL = re.compile(r"\btext\(\s*[\w.]+,\s*(f?)\"([\w.{}]+)\"")
AREA_CALL = re.compile(r"\btexts\(\s*[\w.]+,\s*\"([\w.]+)\"")
# {{ t("mail.password_reset.hi", name=name) }} in the e-mail templates.
MAIL_TEMPLATES = PACKAGE / "shared" / "mail" / "templates"
MAIL_CALL = re.compile(r"\bt\(\"([\w.]+)\"((?:,\s*\w+=[\w.]+)*)\)")


def flatten(messages: Mapping[str, Any], prefix: str = "") -> dict[str, str]:
    """``{"a": {"b": "x"}}`` → ``{"a.b": "x"}``."""
    flat: dict[str, str] = {}
    for key, value in messages.items():
        if isinstance(value, str):
            flat[prefix + key] = value
        else:
            flat.update(flatten(value, f"{prefix}{key}."))
    return flat


def placeholders(value: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(value) if name is not None)


def problems(catalogues: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """What keeps catalogues from being complete: a key missing or extra against the reference,
    an empty text, a text whose placeholders are not the reference's."""
    reference = flatten(catalogues[REFERENCE])
    found: list[str] = []
    for locale, messages in catalogues.items():
        flat = flatten(messages)
        found += [f"{locale} is missing {key}" for key in reference if key not in flat]
        found += [f"{locale} has the extra key {key}" for key in flat if key not in reference]
        for key, value in flat.items():
            if not value.strip():
                found.append(f"{locale}: {key} is empty")
            elif key in reference and placeholders(value) != placeholders(reference[key]):
                found.append(f"{locale}: {key} has {placeholders(value)}")
    return found


def keys_in_code() -> tuple[set[str], set[str], set[str]]:
    """The keys, key prefixes (of an f-string key) and areas the backend's code names."""
    keys: set[str] = set()
    prefixes: set[str] = set()
    areas: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        for is_f, key in TEXT_CALL.findall(source):
            if is_f and "{" in key:
                prefixes.add(key.split("{")[0].rstrip("."))
            else:
                keys.add(key)
        areas.update(AREA_CALL.findall(source))
    return keys, prefixes, areas


def test_there_is_one_catalogue_per_locale():
    assert sorted(path.stem for path in CATALOGUES.glob("*.json")) == sorted(LOCALES)


def test_every_catalogue_has_the_keys_and_placeholders_of_en_and_no_empty_text():
    assert problems({locale: catalogue(locale) for locale in LOCALES}) == []


def test_a_missing_key_an_extra_key_an_empty_text_and_a_lost_placeholder_are_found():
    given = {
        "en": {"stock": {"left": "Only {count} left", "line": "{product}: {text}"}},
        "nl": {"stock": {"left": "Nog maar weinig op voorraad", "line": " "}},
        "de": {"stock": {"left": "Nur noch {count}"}, "cart": {"title": "Warenkorb"}},
    }

    found = problems(given)

    assert found == [
        "nl: stock.left has []",
        "nl: stock.line is empty",
        "de is missing stock.line",
        "de has the extra key cart.title",
    ]


def test_every_key_the_code_names_is_in_the_catalogues():
    reference = catalogue(REFERENCE)
    flat = flatten(reference)
    keys, prefixes, areas = keys_in_code()

    assert sorted(key for key in keys if key not in flat) == []
    assert sorted(p for p in prefixes | areas if not isinstance(_area(reference, p), Mapping)) == []


def test_the_scanner_finds_the_keys_of_the_code():
    keys, prefixes, areas = keys_in_code()

    assert {"stock.left", "payment.description", "dates.moment"} <= keys
    assert "languages" in prefixes
    assert {"invoice", "countries", "academy.offer", "payment_page"} <= areas


def mail_calls() -> list[tuple[str, str, set[str]]]:
    """(template, key, the names of the values it passes) of every text an e-mail names."""
    return [
        (path.name, key, set(re.findall(r"(\w+)=", values)))
        for path in sorted(MAIL_TEMPLATES.glob("*.*"))
        for key, values in MAIL_CALL.findall(path.read_text(encoding="utf-8"))
    ]


def test_every_text_an_email_names_exists_and_gets_its_placeholders():
    flat = flatten(catalogue(REFERENCE))
    calls = mail_calls()

    assert [f"{path}: {key}" for path, key, _ in calls if key not in flat] == []
    wrong = [(path, key) for path, key, names in calls if names != set(placeholders(flat[key]))]
    assert wrong == []


def test_every_email_text_is_used():
    used = {key for _, key, _ in mail_calls()}
    mail = {key for key in flatten(catalogue(REFERENCE)) if key.startswith("mail.")}

    assert sorted(mail - used) == []
    assert "mail.password_reset.subject" in used and len(used) > 100


@pytest.mark.parametrize("template", TEMPLATE_AREAS, ids=lambda path: path.name)
def test_every_text_a_template_names_is_in_its_area(template):
    area = texts(REFERENCE, TEMPLATE_AREAS[template])
    used = set(re.findall(r"\bt\.(\w+)", template.read_text(encoding="utf-8")))

    assert used and sorted(used - set(area)) == []


def test_a_text_fills_its_placeholders_from_a_read_only_catalogue():
    assert text("en", "stock.left", count=9) == "Only 9 left"
    assert text("fr", "stock.line", product="Combinaison", text="Plus que 2 en stock") == (
        "Combinaison : Plus que 2 en stock"
    )
    assert texts("nl", "countries")["se"] == "Zweden"
    with pytest.raises(TypeError):
        texts("en", "stock")["left"] = "changed"


def test_a_locale_the_shop_lacks_has_no_catalogue():
    with pytest.raises(KeyError):
        catalogue("it")


def test_one_locale_list_and_one_region_per_locale():
    assert get_args(Locale) == LOCALES  # the request schemas' Literal spells the same list
    assert tuple(REGIONS) == LOCALES
    assert all(region.startswith(f"{locale}_") for locale, region in REGIONS.items())


def _area(messages: Mapping[str, Any], area: str) -> object:
    found: object = messages
    for part in area.split("."):
        found = found.get(part) if isinstance(found, Mapping) else None
    return found
