"""What a refused order says about stock, in the order's language: the SPA's own words (the
``stock`` texts of ``frontend/src/locales/*.json``, which the cart and the checkout's summary
show), so the cart, the summary and a 409 ``product_unavailable`` say the same ("Only 9 left").
A test holds the two to the same words.

Pure. ``left`` is how many of a variant can still be bought.
"""

from __future__ import annotations

from collections.abc import Mapping

STOCK_TEXTS: Mapping[str, Mapping[str, str]] = {
    "nl": {
        "unavailable": "Dit product is (momenteel) niet beschikbaar",
        "left": "Nog maar {count} op voorraad",
        "line": "{product}: {text}",
    },
    "en": {
        "unavailable": "This product is (currently) unavailable",
        "left": "Only {count} left",
        "line": "{product}: {text}",
    },
    "de": {
        "unavailable": "Dieses Produkt ist (derzeit) nicht verfügbar",
        "left": "Nur noch {count} auf Lager",
        "line": "{product}: {text}",
    },
    "es": {
        "unavailable": "Este producto no está disponible (por ahora)",
        "left": "Solo {count} en stock",
        "line": "{product}: {text}",
    },
    "fr": {
        "unavailable": "Ce produit est (actuellement) indisponible",
        "left": "Plus que {count} en stock",
        "line": "{product} : {text}",
    },
    "sv": {
        "unavailable": "Den här produkten är (för närvarande) inte tillgänglig",
        "left": "Bara {count} kvar",
        "line": "{product}: {text}",
    },
}


def stock_text(locale: str, left: int) -> str:
    """ "Only 9 left" when some are left, else "This product is (currently) unavailable"."""
    texts = STOCK_TEXTS[locale]
    if left <= 0:
        return texts["unavailable"]
    return texts["left"].format(count=left)


def stock_line(locale: str, product: str, left: int) -> str:
    """ "Splash-drijfpak - Blauw, M: Nog maar 9 op voorraad" (the product, then its stock text)."""
    return STOCK_TEXTS[locale]["line"].format(product=product, text=stock_text(locale, left))
