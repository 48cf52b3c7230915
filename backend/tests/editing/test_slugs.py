"""Slugs from titles by each language's rules (editing/slugs.py)."""

from __future__ import annotations

import pytest

from splash.editing.slugs import slugify


@pytest.mark.parametrize(
    ("title", "locale", "slug"),
    [
        ("Über uns", "de", "ueber-uns"),
        ("Größentabelle für Schwimmanzüge", "de", "groessentabelle-fuer-schwimmanzuege"),
        ("Öl & Äpfel", "de", "oel-aepfel"),
        ("Återförsäljare i Göteborg", "sv", "aterforsaljare-i-goteborg"),
        ("Crème brûlée à la française", "fr", "creme-brulee-a-la-francaise"),
        ("El niño aprende a nadar", "es", "el-nino-aprende-a-nadar"),
        ("Veelgestelde vragen?!", "nl", "veelgestelde-vragen"),
        ("  Swim -- safely  ", "en", "swim-safely"),
    ],
)
def test_a_title_becomes_a_slug_by_its_languages_rules(title, locale, slug):
    assert slugify(title, locale) == slug


def test_german_umlauts_are_spelled_out_only_in_german():
    assert slugify("Über", "de") == "ueber"
    assert slugify("Über", "nl") == "uber"
    assert slugify("Öl", "sv") == "ol"


def test_a_title_of_only_signs_gives_an_empty_slug_and_a_long_one_is_cut_at_190():
    assert slugify("?!", "nl") == ""
    assert slugify("a" * 300, "en") == "a" * 190
