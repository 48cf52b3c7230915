"""The academy's words, each spelled once. ``contracts/vocabularies.json`` pins them against the
SPA's types."""

from __future__ import annotations

from enum import StrEnum


class OfferKind(StrEnum):
    """What an unlock button sells: one lesson, a level's lessons, or the whole course."""

    LESSON = "lesson"
    LEVEL = "level"
    BUNDLE = "bundle"


class GrantSource(StrEnum):
    """Why a parent may watch a lesson: they bought it (a lesson, level or bundle line), it
    came free with a float suit they bought, or a staff member granted it (with a reason)."""

    PURCHASE = "purchase"
    SUIT_GIFT = "suit_gift"
    GRANTED = "granted"


class LessonAccess(StrEnum):
    """What a visitor may do with a lesson: watch it (owned, or a free preview for anyone) or
    see it locked."""

    OWNED = "owned"
    PREVIEW = "preview"
    LOCKED = "locked"
