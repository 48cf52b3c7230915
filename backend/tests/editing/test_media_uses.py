"""An image placed only in a draft is in use: the media library names the draft among its uses
and refuses to delete it (editing/media_uses.py)."""

from __future__ import annotations

from splash.media import services as media
from tests.editing.support import edit, headers_of
from tests.media.support import encoded


async def test_an_image_only_in_a_draft_is_used_and_cannot_be_deleted(
    client, seeded, settings, tmp_path
):
    settings = settings.model_copy(update={"media_storage": f"file://{tmp_path / 'library'}"})
    item = await media.upload(media.Upload("bad.jpg", encoded("JPEG", 70, 50)), "e", settings)
    headers = await headers_of(settings)
    image = {"media": item.id, "src": item.url, "alt": "", "width": 70, "height": 50}
    assert (await edit(client, headers, "page", "faq", {"seoImage": image})).status == 200

    uses = await client.get(f"/api/studio/media/{item.id}/uses", headers=headers)
    deleted = await client.delete(f"/api/studio/media/{item.id}", headers=headers)

    assert uses.status == 200, uses.json
    assert [(u["kind"], u["title"], u["locale"]) for u in uses.json["data"]] == [
        ("draft", "page faq", "nl")
    ]
    assert deleted.status == 409
