"""A lesson video sent from the studio in chunks: announced (413 past the maximum), chunks at
their offset (409 naming the right one otherwise), resumed after a break, queued for import by
its last byte with an activity entry, and forgotten when abandoned."""

from __future__ import annotations

from datetime import timedelta
from types import SimpleNamespace

import pytest

from splash.academy import video_uploads
from splash.academy.video_upload_models import VideoUpload
from splash.shared.outbox import now
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from tests.academy.uploads import announce, editor, send_chunk, upload
from tests.academy.video_rows import lesson

BODY = bytes(range(256)) * 40  # 10,240 bytes


@pytest.fixture
def settings(settings):
    """No embedded drainer: the queued import stays queued for the test to see."""
    return settings.model_copy(update={"outbox_embedded": False})


async def test_a_video_sent_in_chunks_is_queued_for_import(database, client, settings):
    given = await lesson("upload-lesson")
    headers = await editor(settings)

    started = await announce(client, headers, given.id, BODY, name="Les 3, bellen.mp4")
    upload_id = started.json["data"]["id"]
    first = await send_chunk(client, headers, upload_id, 0, BODY[:4000])
    second = await send_chunk(client, headers, upload_id, 4000, BODY[4000:8000])
    last = await send_chunk(client, headers, upload_id, 8000, BODY[8000:])

    assert started.status == 201
    data = started.json["data"]
    assert (data["lessonId"], data["fileName"], data["size"], data["offset"]) == (
        given.id,
        "Les 3, bellen.mp4",
        10240,
        0,
    )
    assert (data["status"], data["chunkSize"], data["failure"]) == ("receiving", 8388608, None)
    assert data["expiresAt"] is not None
    assert [r.json["data"]["offset"] for r in (first, second, last)] == [4000, 8000, 10240]
    assert [r.headers["upload-offset"] for r in (first, second, last)] == ["4000", "8000", "10240"]
    assert [r.json["data"]["status"] for r in (first, second, last)] == [
        "receiving",
        "receiving",
        "queued",
    ]
    assert last.json["data"]["expiresAt"] is None
    assert video_uploads.part_file(settings, upload_id).read_bytes() == BODY
    jobs = await OutboxJob.filter(kind=video_uploads.IMPORT_JOB).values_list("payload", flat=True)
    assert jobs == [{"upload_id": upload_id}]
    [entry] = await ActivityEntry.filter(action="lesson.video_uploaded")
    assert (entry.subject_type, entry.subject_id, entry.actor_label) == (
        "lesson",
        str(given.id),
        "editor@splash.example",
    )
    assert entry.after == {"fileName": "Les 3, bellen.mp4", "size": 10240, "upload": upload_id}


async def test_after_a_break_the_studio_asks_the_offset_and_goes_on(database, client, settings):
    given = await lesson("upload-lesson")
    headers = await editor(settings)
    upload_id = (await announce(client, headers, given.id, BODY)).json["data"]["id"]
    await send_chunk(client, headers, upload_id, 0, BODY[:6000])

    asked = await client.get(f"/api/studio/video-uploads/{upload_id}", headers=headers)
    resumed = await send_chunk(client, headers, upload_id, 6000, BODY[6000:])

    assert asked.status == 200
    assert (asked.json["data"]["offset"], asked.headers["upload-offset"]) == (6000, "6000")
    assert resumed.json["data"]["status"] == "queued"
    assert video_uploads.part_file(settings, upload_id).read_bytes() == BODY


async def test_a_chunk_at_the_wrong_offset_is_a_409_naming_the_right_one(
    database, client, settings
):
    given = await lesson("upload-lesson")
    headers = await editor(settings)
    upload_id = (await announce(client, headers, given.id, BODY)).json["data"]["id"]
    await send_chunk(client, headers, upload_id, 0, BODY[:3000])

    again = await send_chunk(client, headers, upload_id, 0, BODY[:3000])  # sent twice
    ahead = await send_chunk(client, headers, upload_id, 5000, BODY[5000:6000])  # one skipped

    for refused in (again, ahead):
        assert refused.status == 409
        assert refused.json["error"]["details"]["offset"] == 3000
        assert refused.headers["upload-offset"] == "3000"
        assert refused.json["error"]["details"]["errors"][0]["path"] == ["header", "upload-offset"]
    assert (await VideoUpload.get(id=upload_id)).received == 3000
    assert video_uploads.part_file(settings, upload_id).read_bytes() == BODY[:3000]


async def test_a_video_over_the_maximum_is_refused_at_once(database, client, settings):
    given = await lesson("upload-lesson")

    answer = await client.post(
        f"/api/studio/lessons/{given.id}/video/uploads",
        json={"fileName": "film.mov", "contentType": "video/quicktime", "size": 2 * 1024**3 + 1},
        headers=await editor(settings),
    )

    assert answer.status == 413
    assert answer.json["error"]["details"]["errors"][0]["path"] == ["size"]
    assert await VideoUpload.all().count() == 0


async def test_an_unknown_upload_or_lesson_is_404(database, client, settings):
    given = await lesson("upload-lesson")
    headers = await editor(settings)

    asked = await client.get("/api/studio/video-uploads/999", headers=headers)
    sent = await send_chunk(client, headers, 999, 0, b"\x00" * 10)
    no_lesson = await announce(client, headers, given.id + 1000, BODY)

    assert (asked.status, sent.status, no_lesson.status) == (404, 404, 404)


async def test_a_chunk_past_the_size_or_of_another_type_is_refused(database, client, settings):
    given = await lesson("upload-lesson")
    headers = await editor(settings)
    upload_id = (await announce(client, headers, given.id, BODY)).json["data"]["id"]

    past = await send_chunk(client, headers, upload_id, 0, BODY + b"extra")
    as_json = await client.send(
        "PATCH",
        f"/api/studio/video-uploads/{upload_id}",
        json={"chunk": "AAAA"},
        headers={**headers, "upload-offset": "0"},
    )
    no_offset = await client.send(
        "PATCH",
        f"/api/studio/video-uploads/{upload_id}",
        content=BODY[:10],
        headers={**headers, "content-type": "application/offset+octet-stream"},
    )

    assert past.status == 400 and past.json["error"]["details"]["errors"][0]["path"] == ["body"]
    assert as_json.status == 415
    assert no_offset.status == 400
    assert no_offset.json["error"]["details"]["errors"][0]["path"] == ["header", "upload-offset"]
    assert (await VideoUpload.get(id=upload_id)).received == 0


async def test_a_shop_assistant_may_not_upload_a_lesson_video(database, client, settings):
    from tests.studio.support import headers_of

    given = await lesson("upload-lesson")

    answer = await announce(client, await headers_of(settings, "shop"), given.id, BODY)

    assert answer.status == 403


async def test_an_abandoned_upload_is_forgotten_with_its_file(database, client, settings):
    given = await lesson("upload-lesson")
    headers = await editor(settings)
    stale = (await announce(client, headers, given.id, BODY)).json["data"]["id"]
    fresh = (await announce(client, headers, given.id, BODY)).json["data"]["id"]
    await send_chunk(client, headers, stale, 0, BODY[:100])
    await VideoUpload.filter(id=stale).update(updated_at=now() - timedelta(hours=25))

    await video_uploads.forget_abandoned(SimpleNamespace(settings=settings))

    gone, kept = await VideoUpload.get(id=stale), await VideoUpload.get(id=fresh)
    assert (gone.status, kept.status) == ("expired", "receiving")
    assert not video_uploads.part_file(settings, stale).exists()
    assert video_uploads.part_file(settings, fresh).exists()
    late = await send_chunk(client, headers, stale, 100, BODY[100:200])
    assert late.status == 409


async def test_a_whole_upload_in_one_go_is_queued(database, client, settings):
    given = await lesson("upload-lesson")

    upload_id = await upload(client, await editor(settings), given.id, BODY, parts=1)

    assert (await VideoUpload.get(id=upload_id)).status == "queued"


async def test_an_upload_whose_file_was_lost_starts_again_from_zero(database, client, settings):
    given = await lesson("upload-lesson")
    headers = await editor(settings)
    upload_id = (await announce(client, headers, given.id, BODY)).json["data"]["id"]
    await send_chunk(client, headers, upload_id, 0, BODY[:5000])
    video_uploads.part_file(settings, upload_id).unlink()  # a disk cleaned up under it

    lost = await send_chunk(client, headers, upload_id, 5000, BODY[5000:])
    again = await send_chunk(client, headers, upload_id, 0, BODY)

    assert (lost.status, lost.json["error"]["details"]["offset"]) == (409, 0)
    assert again.json["data"]["status"] == "queued"
    assert video_uploads.part_file(settings, upload_id).read_bytes() == BODY
