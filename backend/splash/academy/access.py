"""Who may watch a lesson (pure): whoever owns it, and anyone when it is a free preview."""

from __future__ import annotations

from splash.academy.vocabulary import LessonAccess


def access(owned: bool, free_preview: bool) -> LessonAccess:
    """Owning wins over a preview: an owner's progress is kept, a preview is anyone's."""
    if owned:
        return LessonAccess.OWNED
    return LessonAccess.PREVIEW if free_preview else LessonAccess.LOCKED


def watchable(access: LessonAccess) -> bool:
    return access is not LessonAccess.LOCKED
