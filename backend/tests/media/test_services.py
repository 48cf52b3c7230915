"""The library's services other domains call: which images of a document lack alt text in a
language (publish refuses while any does), and the file names an upload is shown by."""

from __future__ import annotations

import pytest

from splash.media import services
from splash.media.references import images_in
from tests.media.support import encoded

pytestmark = pytest.mark.usefixtures("database")


async def _item(settings, name: str, alt: dict[str, str]):
    item = await services.upload(services.Upload(name, encoded("JPEG", 40, 30)), "editor", settings)
    await services.set_alt(item.id, alt)
    return item


async def test_missing_alt_names_the_library_images_without_text_in_the_locale(settings):
    both = await _item(settings, "beide.jpg", {"nl": "Zwempak", "de": "Schwimmanzug"})
    dutch = await _item(settings, "nl.jpg", {"nl": "Strand"})
    none = await _item(settings, "geen.jpg", {})
    document = [
        {"type": "intro", "image": {"src": both.url, "alt": "", "media": both.id}},
        {"type": "rich-text", "body": [{"type": "image", "image": {"src": dutch.url, "alt": ""}}]},
        {"type": "intro", "image": {"src": "/media/images/fixture.webp", "alt": ""}},
    ]

    german = await services.missing_alt(images_in(document), "de")
    by_id = await services.missing_alt([none.id, dutch.id, both.id, 999], "nl")
    by_src = await services.missing_alt([none.url], "sv")

    assert german == [services.MissingAlt(dutch.id, "nl.jpg", dutch.url)]
    assert by_id == [services.MissingAlt(none.id, "geen.jpg", none.url)]
    assert by_src == [services.MissingAlt(none.id, "geen.jpg", none.url)]
    assert await services.missing_alt(["/media/images/fixture.webp"], "nl") == []


@pytest.mark.parametrize(
    ("sent", "shown"),
    [("../../etc/passwd.jpg", "passwd.jpg"), ("C:\\Users\\anna\\foto.png", "foto.png"),
     ("zwem\x00pak\n.jpg", "zwempak.jpg"), ("..", "image"), (None, "image"),
     ("ééé.jpg", "ééé.jpg")],
)  # fmt: skip
def test_the_file_name_shown_is_its_last_segment_without_controls(sent, shown):
    assert services.file_name_of(sent) == shown
