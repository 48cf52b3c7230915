"""The worker imports a studio upload: a file that is no video fails with its reason while the
lesson's old video plays on (playlist and key still served); a real small video becomes the
lesson's new package, with the lesson's captions carried over, and plays (playlist with its
segments, the key to whoever may watch)."""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest

from splash.academy import video_imports, video_uploads
from splash.academy.models import LessonVideo
from splash.academy.video_upload_models import VideoUpload
from splash.editing.vocabulary import REPUBLISH_JOB
from splash.shared.outbox import queue
from splash.shared.outbox.models import OutboxJob
from splash.shared.outbox.queue import Job
from splash.staff.models import ActivityEntry
from tests.academy.uploads import editor, upload
from tests.academy.video_rows import KEY_HEX, lesson, video_of
from tests.outbox.support import drainer

CAPTIONS = b"WEBVTT\n\n00:00.000 --> 00:02.000\nBlasen pusten\n"


@pytest.fixture
def settings(settings):
    """No embedded drainer: the test drains the import when it wants."""
    return settings.model_copy(update={"outbox_embedded": False})


def _folder(settings) -> Path:
    return settings.video_folder


async def _playing_lesson(settings, key: str):
    """A free preview lesson whose old package is stored: its master playlist on disk."""
    given = await lesson(key, free_preview=True)
    prefix = f"videos/{key}/00000000000000aa"
    await video_of(given.id, prefix, ["nl"])
    package = _folder(settings) / prefix.removeprefix("videos/")
    package.mkdir(parents=True)
    (package / "master.m3u8").write_text("#EXTM3U\n#EXT-X-VERSION:3\n", encoding="utf-8")
    return given, prefix


async def _republished() -> int:
    """How many republishing jobs of every page wait (taken out of the queue: publishing is
    tested where it is made)."""
    jobs = await OutboxJob.filter(kind=REPUBLISH_JOB, status="pending")
    assert [job.payload for job in jobs] == [{"changes": ["*"]}] * len(jobs)
    await OutboxJob.filter(id__in=[job.id for job in jobs]).delete()
    return len(jobs)


async def _key(client, lesson_id: int) -> tuple[int, bytes]:
    access = await client.get(f"/api/lessons/{lesson_id}/access")
    token = access.json["data"]["keyToken"]
    answer = await client.get(f"/api/lessons/{lesson_id}/key?token={token}")
    return answer.status, answer.body


async def test_a_file_that_is_no_video_fails_and_the_old_video_plays_on(database, client, settings):
    given, old_prefix = await _playing_lesson(settings, "import-fails")
    headers = await editor(settings)
    upload_id = await upload(client, headers, given.id, b"Dit is een boodschappenlijstje.\n" * 50)

    assert await drainer(settings, settings.mail_url).drain_due() == 1

    row = await VideoUpload.get(id=upload_id)
    assert (row.status, row.failure, row.percent) == ("failed", "not_a_video", 5)
    assert row.detail == f"{upload_id}.part is not a video"
    video = await LessonVideo.get(lesson_id=given.id)
    assert (video.prefix, video.key_hex) == (old_prefix, KEY_HEX)
    playlist = await client.get(f"/media/{old_prefix}/master.m3u8")
    assert (playlist.status, playlist.text) == (200, "#EXTM3U\n#EXT-X-VERSION:3\n")
    assert await _key(client, given.id) == (200, bytes.fromhex(KEY_HEX))
    assert not video_uploads.part_file(settings, upload_id).exists()
    panel = await client.get(f"/api/studio/lessons/{given.id}/video", headers=headers)
    assert panel.json["data"]["upload"]["status"] == "failed"
    assert panel.json["data"]["upload"]["failure"] == "not_a_video"
    assert panel.json["data"]["master"] == f"/media/{old_prefix}/master.m3u8"
    [entry] = await ActivityEntry.filter(action="lesson.video_import_failed")
    assert (entry.subject_id, entry.note, entry.before) == (
        str(given.id),
        "not_a_video",
        {"prefix": old_prefix},
    )


async def test_an_import_run_again_changes_nothing(database, client, settings):
    given, _ = await _playing_lesson(settings, "import-twice")
    upload_id = await upload(client, await editor(settings), given.id, b"geen video" * 20)
    await drainer(settings, settings.mail_url).drain_due()
    before = await VideoUpload.get(id=upload_id)

    job = Job(id=0, kind=video_uploads.IMPORT_JOB, payload={"upload_id": upload_id}, attempt=2,
              key="again")  # fmt: skip
    await video_imports.import_upload(job, drainer(settings, settings.mail_url).resources)

    after = await VideoUpload.get(id=upload_id)
    assert (after.status, after.failure, after.updated_at) == (
        before.status,
        before.failure,
        before.updated_at,
    )
    assert await ActivityEntry.filter(action="lesson.video_import_failed").count() == 1


async def test_a_real_video_is_imported_with_the_lessons_captions_and_plays(
    database, client, settings, mp4
):
    given, old_prefix = await _playing_lesson(settings, "import-works")
    headers = await editor(settings)
    put = await client.put(
        f"/api/studio/lessons/{given.id}/captions/de",
        content=CAPTIONS,
        headers={**headers, "content-type": "text/vtt"},
    )
    assert put.status == 200, put.json
    assert await _republished() == 1  # the lesson's pages name its captions
    upload_id = await upload(client, headers, given.id, mp4.read_bytes())

    [job] = await OutboxJob.filter(kind=video_uploads.IMPORT_JOB)
    resources = drainer(settings, settings.mail_url).resources
    await video_imports.import_upload(queue.as_job(job), resources)  # the worker's part
    assert await _republished() == 1  # the pages name the new playlist

    row = await VideoUpload.get(id=upload_id)
    assert (row.status, row.percent, row.failure) == ("done", 100, None)
    video = await LessonVideo.get(lesson_id=given.id)
    assert re.fullmatch(r"videos/import-works/[0-9a-f]{16}", video.prefix)
    assert video.prefix != old_prefix and video.key_hex != KEY_HEX
    assert (video.duration_ms, video.width, video.height, video.captions) == (
        3000,
        1280,
        720,
        ["de"],
    )
    old_package = _folder(settings) / old_prefix.removeprefix("videos/")
    assert old_package.exists()  # published pages name it until they are published again
    master = await client.get(f"/media/{video.prefix}/master.m3u8")
    assert master.status == 200
    assert re.findall(r"^v\d/index\.m3u8$", master.text, re.M) == ["v0/index.m3u8", "v1/index.m3u8"]
    rendition = await client.get(f"/media/{video.prefix}/v0/index.m3u8")
    assert re.findall(r"^s\d{3}\.ts$", rendition.text, re.M) == ["s000.ts", "s001.ts"]
    assert f'URI="/api/lessons/{given.id}/key"' in rendition.text
    segment = await client.get(f"/media/{video.prefix}/v0/s000.ts")
    assert segment.status == 200 and len(segment.body) > 0
    captions = await client.get(f"/media/{video.prefix}/captions/de.vtt")
    assert captions.body == CAPTIONS
    assert await _key(client, given.id) == (200, bytes.fromhex(video.key_hex))
    [entry] = await ActivityEntry.filter(action="lesson.video_imported")
    assert (entry.before, entry.after, entry.actor_label) == (
        {"prefix": old_prefix},
        {"prefix": video.prefix},
        "editor@splash.example",
    )
    assert not video_uploads.part_file(settings, upload_id).exists()
    [forget] = await OutboxJob.filter(kind=video_imports.FORGET_JOB)
    assert forget.payload == {"prefix": old_prefix}
    assert forget.next_attempt_at - entry.at > timedelta(hours=23)
    await video_imports.forget_package(
        queue.as_job(forget), drainer(settings, settings.mail_url).resources
    )
    assert not old_package.exists()
    assert (_folder(settings) / video.prefix.removeprefix("videos/") / "master.m3u8").exists()
    playing = Job(id=0, kind=video_imports.FORGET_JOB, payload={"prefix": video.prefix}, attempt=1,
                  key="playing")  # fmt: skip
    await video_imports.forget_package(playing, drainer(settings, settings.mail_url).resources)
    assert (_folder(settings) / video.prefix.removeprefix("videos/") / "master.m3u8").exists()
