"""Provider states of the studio's media library (Pact:
frontend/tests/pact/studio-media.pact.test.ts): a signed-in owner beside two library images,
one shown by a Dutch page (so its removal is refused) and one used nowhere. Ids change from
one reset to the next, so the state answers them. And, for the end-to-end photo test
(frontend/tests/e2e/studio-photo.spec.ts), a signed-in editor with a phone's photo to upload."""

from __future__ import annotations

from base64 import b64encode
from io import BytesIO
from typing import Any

from PIL import Image

from splash.content.models import Page
from splash.core.config import Settings
from splash.media import services as media
from testkit.factories import create_staff, reset_to_fixtures, staff_session
from testkit.photos import photo_with_gps
from testkit.studio_states import OWNER, set_up_owner

MEDIA_LIBRARY = "a signed-in studio owner and a media library with a used and an unused image"
EDITOR_WITH_PHOTO = "a signed-in studio editor with a photo carrying its GPS position"
PHOTO_EDITOR = "fotoredacteur@splash.example"


def _jpeg(width: int, height: int) -> bytes:
    out = BytesIO()
    Image.new("RGB", (width, height), (30, 120, 200)).save(out, "JPEG")
    return out.getvalue()


async def owner_and_media(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """Answers ``session`` (the owner's cookie), ``usedId`` (an image the page ``zwemles-foto``
    shows, alt text in Dutch) and ``unusedId``."""
    await reset_to_fixtures(settings, app_ctx)
    owner = await set_up_owner(settings)
    used = await media.upload(media.Upload("zwempak.jpg", _jpeg(640, 480)), OWNER, settings)
    await media.set_alt(used.id, {"nl": "Kind in een zwempak"})
    unused = await media.upload(media.Upload("strand.jpg", _jpeg(320, 240)), OWNER, settings)
    image = {"src": used.url, "alt": "", "width": 640, "height": 480, "media": used.id}
    await Page.create(
        locale_id="nl",
        slug="zwemles-foto",
        localization_key="swim-photo",
        title="Zwemles in beeld",
        blocks=[{"type": "intro", "title": "Zwemles", "text": "In beeld", "image": image}],
    )
    return {
        "session": await staff_session(owner, settings),
        "usedId": used.id,
        "unusedId": unused.id,
    }


async def editor_with_photo(settings: Settings, app_ctx: Any) -> dict[str, Any]:
    """The fixtures and a signed-in editor (``session``), with ``photo``: a 1600x1200 JPEG as a
    phone writes it (GPS position, maker, XMP, comment; base64) for them to upload."""
    await reset_to_fixtures(settings, app_ctx)
    editor = (await create_staff(PHOTO_EDITOR, "editor", "Studio-Zwemmen-2026", settings)).member
    return {
        "session": await staff_session(editor, settings),
        "photo": b64encode(photo_with_gps(1600, 1200)).decode("ascii"),
    }


STUDIO_MEDIA_STATES = {MEDIA_LIBRARY: owner_and_media, EDITOR_WITH_PHOTO: editor_with_photo}
