"""A lesson's captions per language and its poster, sent from the studio: checked (a broken
WebVTT file names its line, a non-image is refused), stored as files of their own, served with
the lesson's video, logged; and the panel's reads within the studio's budget."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from splash.academy import pages
from splash.academy.models import Lesson, LessonVideo
from splash.staff.models import ActivityEntry
from tests.academy.uploads import editor
from tests.academy.video_rows import lesson, lesson_with_video
from tests.support import counting_statements

CAPTIONS = b"WEBVTT\n\n00:00.000 --> 00:02.000\nSpetteren met je handen\n"
VTT = {"content-type": "text/vtt"}


@pytest.fixture
def settings(settings):
    return settings.model_copy(update={"outbox_embedded": False})


def _gps_jpeg() -> bytes:
    exif = Image.Exif()
    exif.get_ifd(0x8825).update({1: "N", 2: (52.0, 22.0, 1.0)})
    out = io.BytesIO()
    Image.new("RGB", (800, 600), (10, 90, 160)).save(out, "JPEG", exif=exif)
    return out.getvalue()


async def test_captions_are_stored_beside_the_package_and_served_with_the_lesson(
    database, client, settings
):
    given = await lesson_with_video("captions-lesson")  # nl and en from its package
    headers = await editor(settings)

    answer = await client.put(
        f"/api/studio/lessons/{given.id}/captions/de", content=CAPTIONS, headers={**headers, **VTT}
    )

    assert answer.status == 200, answer.json
    captions = answer.json["data"]["captions"]
    assert [c["locale"] for c in captions] == ["nl", "en", "de"]
    assert captions[0]["src"] == "/media/videos/captions-lesson/0123456789abcdef/captions/nl.vtt"
    src = captions[2]["src"]
    assert src.startswith("/media/videos/captions-lesson/captions/de-") and src.endswith(".vtt")
    served = await client.get(src)
    assert (served.status, served.body) == (200, CAPTIONS)
    video = await pages.video(given.id, settings)
    assert video is not None
    assert [(c["locale"], c["src"]) for c in video["captions"]][2] == ("de", src)
    [entry] = await ActivityEntry.filter(action="lesson.captions_changed")
    assert entry.before == ["nl", "en"]
    assert entry.after == ["nl", "en", src.removeprefix("/media/")]


async def test_captions_replace_the_packages_own_and_can_be_removed(database, client, settings):
    given = await lesson_with_video("captions-lesson")
    headers = await editor(settings)

    replaced = await client.put(
        f"/api/studio/lessons/{given.id}/captions/nl", content=CAPTIONS, headers={**headers, **VTT}
    )
    removed = await client.delete(f"/api/studio/lessons/{given.id}/captions/en", headers=headers)
    again = await client.delete(f"/api/studio/lessons/{given.id}/captions/en", headers=headers)

    assert replaced.json["data"]["captions"][0]["src"].startswith(
        "/media/videos/captions-lesson/captions/nl-"
    )
    assert [c["locale"] for c in removed.json["data"]["captions"]] == ["nl"]
    assert again.status == 404
    assert len((await LessonVideo.get(lesson_id=given.id)).captions) == 1


async def test_a_broken_captions_file_names_its_line_and_changes_nothing(
    database, client, settings
):
    given = await lesson_with_video("captions-lesson")
    body = b"WEBVTT\n\n00:00.000 --> 00:02.000\nEen\n\n00:03.000 --> 00:02.500\nTwee\n"

    answer = await client.put(
        f"/api/studio/lessons/{given.id}/captions/fr",
        content=body,
        headers={**await editor(settings), **VTT},
    )

    assert answer.status == 400
    error = answer.json["error"]
    assert error["message"] == "Line 6: the cue ends before it starts"
    assert (error["details"]["line"], error["details"]["rule"]) == (6, "end_before_start")
    assert error["details"]["errors"][0]["path"] == ["body", "line", "6"]
    assert (await LessonVideo.get(lesson_id=given.id)).captions == ["nl", "en"]
    assert await ActivityEntry.filter(action="lesson.captions_changed").count() == 0


async def test_captions_need_a_language_of_the_shop_a_video_and_text_vtt(
    database, client, settings
):
    with_video = await lesson_with_video("captions-lesson")
    without = await lesson("no-video-yet")
    headers = await editor(settings)

    unknown = await client.put(
        f"/api/studio/lessons/{with_video.id}/captions/it",
        content=CAPTIONS,
        headers={**headers, **VTT},
    )
    no_video = await client.put(
        f"/api/studio/lessons/{without.id}/captions/nl",
        content=CAPTIONS,
        headers={**headers, **VTT},
    )
    as_text = await client.put(
        f"/api/studio/lessons/{with_video.id}/captions/nl",
        content=CAPTIONS,
        headers={**headers, "content-type": "text/plain"},
    )

    assert (unknown.status, no_video.status, as_text.status) == (404, 409, 415)


async def test_a_poster_is_stored_as_webp_without_metadata(database, client, settings):
    given = await lesson_with_video("poster-lesson")
    given.poster = {
        "src": "/media/academy/old.webp",
        "width": 1280,
        "height": 720,
        "alt": {"nl": "Zwembad"},
    }
    await given.save()
    headers = await editor(settings)

    answer = await client.put(
        f"/api/studio/lessons/{given.id}/poster",
        content=_gps_jpeg(),
        headers={**headers, "content-type": "image/jpeg"},
    )

    assert answer.status == 200, answer.json
    poster = answer.json["data"]["poster"]
    assert (poster["width"], poster["height"]) == (800, 600)
    assert poster["src"].startswith("/media/videos/poster-lesson/posters/")
    served = await client.get(poster["src"])
    assert served.status == 200 and served.headers["content-type"] == "image/webp"
    assert b"Exif" not in served.body
    assert Image.open(io.BytesIO(served.body)).getexif().get_ifd(0x8825) == {}
    stored = (await Lesson.get(id=given.id)).poster
    assert stored["alt"] == {"nl": "Zwembad"} and stored["src"] == poster["src"]
    [entry] = await ActivityEntry.filter(action="lesson.poster_changed")
    assert entry.before["src"] == "/media/academy/old.webp" and entry.after["src"] == poster["src"]


async def test_a_poster_that_is_no_image_is_refused(database, client, settings):
    given = await lesson_with_video("poster-lesson")
    headers = await editor(settings)

    renamed = await client.put(
        f"/api/studio/lessons/{given.id}/poster",
        content=b"%PDF-1.7 een factuur",
        headers={**headers, "content-type": "image/jpeg"},
    )
    as_json = await client.put(
        f"/api/studio/lessons/{given.id}/poster", json={"src": "x"}, headers=headers
    )

    assert renamed.status == 400
    assert renamed.json["error"]["details"]["errors"][0]["path"] == ["body"]
    assert as_json.status == 415
    assert (await Lesson.get(id=given.id)).poster == {}


async def test_the_panels_reads_cost_at_most_five_statements(database, client, settings):
    given = await lesson_with_video("panel-lesson")
    headers = await editor(settings)
    started = await client.post(
        f"/api/studio/lessons/{given.id}/video/uploads",
        json={"fileName": "les.mp4", "contentType": "video/mp4", "size": 100},
        headers=headers,
    )
    counts = {}
    for path in (
        f"/api/studio/lessons/{given.id}/video",
        f"/api/studio/video-uploads/{started.json['data']['id']}",
    ):
        with counting_statements() as statements:
            answer = await client.get(path, headers=headers)
        assert answer.status == 200, answer.json
        counts[path] = len(statements)

    assert {path: n for path, n in counts.items() if n > 5} == {}
