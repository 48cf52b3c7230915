"""What a refused order says about stock, in the order's language: the SPA's own words (the
``stock`` texts of ``frontend/src/locales/*.json``, which the cart and the checkout's summary
show), kept as ``stock.*`` in the backend's catalogues (``splash.core.locales``), so the cart, the
summary and a 409 ``product_unavailable`` say the same ("Only 9 left"). A test holds the two
to the same words.

Pure. ``left`` is how many of a variant can still be bought.
"""

from __future__ import annotations

from splash.core.locales import text


def stock_text(locale: str, left: int) -> str:
    """ "Only 9 left" when some are left, else "This product is (currently) unavailable"."""
    if left <= 0:
        return text(locale, "stock.unavailable")
    return text(locale, "stock.left", count=left)


def stock_line(locale: str, product: str, left: int) -> str:
    """ "Splash-drijfpak - Blauw, M: Nog maar 9 op voorraad" (the product, then its stock text)."""
    return text(locale, "stock.line", product=product, text=stock_text(locale, left))
