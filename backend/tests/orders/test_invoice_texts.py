"""The invoice's words (``invoice.*`` of the catalogues): every language has every key, and the
template uses exactly them; so does the credit note (``credit_note.*``). Both fill in the
layout they share (``document.html``, its rows ``document_rows.html``)."""

import re
from pathlib import Path

from splash.core.locales import LOCALES, texts
from splash.orders import invoice

TEMPLATES = Path(invoice.__file__).parent / "templates"
LAYOUT = ("document.html", "document_rows.html")
INVOICE_TEXTS = {locale: texts(locale, "invoice") for locale in LOCALES}


def test_every_language_has_every_text():
    assert sorted(INVOICE_TEXTS) == sorted(LOCALES)
    for locale in LOCALES:
        assert set(INVOICE_TEXTS[locale]) == set(INVOICE_TEXTS["en"]), locale
        assert all(text.strip() for text in INVOICE_TEXTS[locale].values()), locale


def used_texts(template: str) -> set[str]:
    sources = [(TEMPLATES / name).read_text(encoding="utf-8") for name in (template, *LAYOUT)]
    return {key for source in sources for key in re.findall(r"\bt\.(\w+)", source)}


def test_the_template_uses_every_text_and_no_other():
    assert used_texts("invoice.html") == set(INVOICE_TEXTS["en"])
    assert used_texts("credit_note.html") == set(texts("en", "credit_note"))


def test_the_placeholders_are_the_same_in_every_language():
    for key, english in INVOICE_TEXTS["en"].items():
        wanted = set(re.findall(r"\{(\w+)\}", english))
        for locale in LOCALES:
            found = set(re.findall(r"\{(\w+)\}", INVOICE_TEXTS[locale][key]))
            assert found == wanted, (locale, key)
