"""The invoice's words (``invoice.*`` of the catalogues): every language has every key, and the
template uses exactly them."""

import re
from pathlib import Path

from splash.core.locales import LOCALES, texts
from splash.orders import invoice

TEMPLATE = Path(invoice.__file__).parent / "templates" / "invoice.html"
INVOICE_TEXTS = {locale: texts(locale, "invoice") for locale in LOCALES}


def test_every_language_has_every_text():
    assert sorted(INVOICE_TEXTS) == sorted(LOCALES)
    for locale in LOCALES:
        assert set(INVOICE_TEXTS[locale]) == set(INVOICE_TEXTS["en"]), locale
        assert all(text.strip() for text in INVOICE_TEXTS[locale].values()), locale


def test_the_template_uses_every_text_and_no_other():
    used = set(re.findall(r"\bt\.(\w+)", TEMPLATE.read_text(encoding="utf-8")))
    assert used == set(INVOICE_TEXTS["en"])


def test_the_placeholders_are_the_same_in_every_language():
    for key, english in INVOICE_TEXTS["en"].items():
        wanted = set(re.findall(r"\{(\w+)\}", english))
        for locale in LOCALES:
            found = set(re.findall(r"\{(\w+)\}", INVOICE_TEXTS[locale][key]))
            assert found == wanted, (locale, key)
