"""Provider states of the studio's lesson video panel (Pact:
frontend/tests/pact/studio-lesson-video.pact.test.ts): a signed-in editor, a seeded lesson with
its packaged video, and an upload of that lesson under way (4 of its 16 bytes in). Ids change
from one reset to the next, so the state answers them."""

from __future__ import annotations

from typing import Any

from splash.academy import video_uploads
from splash.academy.models import Lesson
from splash.core.config import Settings
from testkit.factories import create_staff, reset_to_fixtures, staff_session
from testkit.studio_states import STAFF_PASSWORD

EDITOR = "editor@splash.example"
LESSON = "level-1-lesson-1"


async def editor_and_upload(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """Answers ``session`` (the editor's cookie), ``lessonId`` and ``uploadId``."""
    await reset_to_fixtures(settings, app_ctx)
    editor = (await create_staff(EDITOR, "editor", STAFF_PASSWORD, settings, locale="en")).member
    lesson = await Lesson.get(key=LESSON)
    upload = await video_uploads.start(lesson.id, "les-1.mp4", 16, "video/mp4", editor.id, settings)
    video_uploads.part_file(settings, upload.id).write_bytes(b"\x00" * 4)
    upload.received = 4
    await upload.save(update_fields=["received"])
    return {
        "session": await staff_session(editor, settings),
        "lessonId": lesson.id,
        "uploadId": upload.id,
    }


LESSON_VIDEO_STATES = {
    "a signed-in studio editor, a lesson with its video and an upload under way": editor_and_upload,
}
