"""The stock words of a refused order are the SPA's own (the ``stock`` texts the cart and the
checkout's summary show), in every language."""

import json

import pytest

from splash.core.config import REPO_ROOT
from splash.core.locales import LOCALES, texts
from splash.orders.stock_texts import stock_line, stock_text

STOCK_TEXTS = {locale: texts(locale, "stock") for locale in LOCALES}


def spa_stock_texts(locale: str) -> dict[str, str]:
    texts = json.loads((REPO_ROOT / f"frontend/src/locales/{locale}.json").read_text("utf-8"))
    return texts["stock"]


def test_every_language_has_the_same_texts():
    assert sorted(STOCK_TEXTS) == sorted(LOCALES)
    for locale in LOCALES:
        assert set(STOCK_TEXTS[locale]) == {"unavailable", "left", "line"}, locale


@pytest.mark.parametrize("locale", LOCALES)
def test_the_words_are_the_spas(locale):
    spa = spa_stock_texts(locale)

    for key, text in STOCK_TEXTS[locale].items():
        assert text == spa[key].replace("{{", "{").replace("}}", "}"), (locale, key)


def test_some_left_or_none():
    assert stock_text("en", 9) == "Only 9 left"
    assert stock_text("en", 1) == "Only 1 left"
    assert stock_text("en", 0) == "This product is (currently) unavailable"
    assert stock_text("sv", 9) == "Bara 9 kvar"


def test_a_line_names_its_product_first():
    assert stock_line("nl", "Splash-drijfpak \u2013 Blauw, M", 9) == (
        "Splash-drijfpak \u2013 Blauw, M: Nog maar 9 op voorraad"
    )
    assert stock_line("fr", "Combinaison Splash \u2013 Bleu, M", 0) == (
        "Combinaison Splash \u2013 Bleu, M : Ce produit est (actuellement) indisponible"
    )
