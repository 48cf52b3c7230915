"""Slugs made from titles by each language's rules (pure).

German writes the umlauts out (ä → ae, ö → oe, ü → ue, ß → ss), as Germans do when a
keyboard lacks them; Swedish drops the rings and dots (å, ä → a, ö → o), as Swedish URLs do;
French, Spanish, Dutch and English strip accents (é → e, ç → c, ñ → n). Then everything that
is not a letter or a digit becomes one hyphen."""

from __future__ import annotations

import re
import unicodedata

MAX_LENGTH = 190  # a page's and an article's slug column

# Per language, what is written out before the accents are stripped.
_SPELLED_OUT: dict[str, dict[str, str]] = {
    "de": {"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"},
}
# Every language: letters that carry no accent to strip but have a plain spelling.
_PLAIN = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "þ": "th"}
_NOT_SLUG = re.compile(r"[^a-z0-9]+")

# A slug as the studio accepts one: lower-case letters, digits and single hyphens.
SLUG_PATTERN = r"^[a-z0-9]+(?:-[a-z0-9]+)*$"


def slugify(title: str, locale: str) -> str:
    """``title`` as a slug by ``locale``'s rules: "Über uns" (de) → "ueber-uns"."""
    text = title.strip().lower()
    for letter, spelled in _SPELLED_OUT.get(locale, {}).items():
        text = text.replace(letter, spelled)
    text = "".join(_PLAIN.get(char, char) for char in text)
    stripped = "".join(
        char for char in unicodedata.normalize("NFKD", text) if not unicodedata.combining(char)
    )
    slug = _NOT_SLUG.sub("-", stripped).strip("-")
    return slug[:MAX_LENGTH].rstrip("-")
