"""The shop's six languages, and the one home of every word the backend writes in them.

``LOCALES`` is the one list of the shop's languages (settings, OpenAPI, the catalogues and the
tests all read it). ``REGIONS`` is the one locale → region table: Mollie's ``locale`` (the
language of its hosted pages) and Open Graph's ``og:locale`` are both ``nl_NL``-style tags, and
the SPA's ``Intl`` formats use the same tags with a hyphen.

The texts (the e-mails, the invoice, the test payment page, the stock refusal, the payment's
description, the academy's offer labels, country and language names, the words of a date) live
in one JSON catalogue per locale beside this module, nested by area (``invoice.total``,
``mail.password_reset.hi``); an e-mail's markup is written once, in ``mail/templates``.

JSON, not gettext: it is the format of the SPA's own texts (``frontend/src/locales/*.json``),
so one translator edits one kind of file, and a test (``tests/test_locales.py``, the frontend's
``locales.test.ts`` mirrored) holds every catalogue to the key set and the ``{placeholders}``
of ``en.json``. Placeholders are ``str.format`` fields, not i18next's ``{{name}}``. The money
formats of ``formatting`` stay there: separators and the euro sign's place are number formats,
not words a translator writes.

Pure: a catalogue is read once, on first use, and handed out read-only.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

LOCALES = ("nl", "en", "de", "es", "fr", "sv")
REGIONS: Mapping[str, str] = MappingProxyType(
    {"nl": "nl_NL", "en": "en_GB", "de": "de_DE", "es": "es_ES", "fr": "fr_FR", "sv": "sv_SE"}
)
# The catalogue every other one is held to (as the SPA's en.json is).
REFERENCE = "en"

CATALOGUES = Path(__file__).parent


@cache
def catalogue(locale: str) -> Mapping[str, Any]:
    """A locale's whole catalogue, nested by area; a KeyError for a locale the shop lacks."""
    if locale not in LOCALES:
        raise KeyError(locale)
    raw = (CATALOGUES / f"{locale}.json").read_text(encoding="utf-8")
    return json.loads(raw, object_hook=MappingProxyType)


def texts(locale: str, area: str) -> Mapping[str, Any]:
    """The texts of an area (``"invoice"``, ``"academy.offer"``) in ``locale``: for a template
    that shows many of them (``t.total``) or a table keyed by a code (``countries``)."""
    found = catalogue(locale)
    for part in area.split("."):
        found = found[part]
    return found


def text(locale: str, key: str, **values: object) -> str:
    """One text (``"stock.left"``) in ``locale``, its ``{placeholders}`` filled from ``values``."""
    area, _, name = key.rpartition(".")
    found: str = texts(locale, area)[name]
    return found.format(**values) if values else found
