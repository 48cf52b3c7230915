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


class VideoUploadStatus(StrEnum):
    """Where a lesson video sent from the studio is: its chunks arriving, waiting for the
    worker, being probed, packaged (transcoded, encrypted, stored), then playing — or failed
    (the old video still plays), or forgotten after a break longer than the expiry."""

    RECEIVING = "receiving"
    QUEUED = "queued"
    PROBING = "probing"
    PACKAGING = "packaging"
    DONE = "done"
    FAILED = "failed"
    EXPIRED = "expired"


class VideoImportFailure(StrEnum):
    """Why an import failed, as a code the studio says in its own language."""

    NOT_A_VIDEO = "not_a_video"
    TOO_LONG = "too_long"
    TOO_LARGE = "too_large"
    ENCODING_FAILED = "encoding_failed"
    STORAGE_FAILED = "storage_failed"
    FILE_MISSING = "file_missing"
    INTERRUPTED = "interrupted"
