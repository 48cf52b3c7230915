"""What a player does, end to end through the app: import a real MP4, read the playlists from
``/media/videos``, ask for access, fetch the key with the token, fetch a segment by byte ranges,
decrypt it. Also the import into S3 (moto's server)."""

from __future__ import annotations

import re

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from splash.academy.models import LessonVideo
from splash.academy.storage import create_storage
from splash.academy.videos import VideoImportError, import_video
from tests.academy.media import s3_storage
from tests.academy.video_rows import lesson


async def test_a_guest_plays_an_imported_free_preview(client, database, settings, mp4):
    given = await lesson("level-1-lesson-1", free_preview=True)
    storage = create_storage(settings)
    imported = await import_video(mp4, str(given.id), None, settings, storage)
    master_url = storage.public_url(f"{imported.package.prefix}/master.m3u8")

    master = await client.get(master_url)
    assert master.status_code == 200
    rendition = re.findall(r"^(v\d/index\.m3u8)$", master.text, re.M)[-1]  # the 360p one
    base = master_url.rsplit("/", 1)[0]
    playlist = (await client.get(f"{base}/{rendition}")).text
    key_uri, iv = re.search(r'URI="([^"]+)",IV=0x([0-9a-f]{32})', playlist).groups()
    segment_name = re.findall(r"^(s\d{3}\.ts)$", playlist, re.M)[0]

    token = (await client.get(f"/api/lessons/{given.id}/access")).json["data"]["keyToken"]
    key = await client.get(f"{key_uri}?token={token}")
    assert key.status_code == 200
    segment_url = f"{base}/{rendition.split('/')[0]}/{segment_name}"
    whole = await client.get(segment_url)
    head = await client.get(segment_url, headers={"range": "bytes=0-1023"})
    tail = await client.get(segment_url, headers={"range": "bytes=1024-"})
    assert (head.status_code, tail.status_code) == (206, 206)
    assert head.body + tail.body == whole.body

    decryptor = Cipher(algorithms.AES(key.body), modes.CBC(bytes.fromhex(iv))).decryptor()
    plain = decryptor.update(whole.body) + decryptor.finalize()
    assert plain[0] == 0x47 and plain[188] == 0x47 and plain[376] == 0x47


async def test_an_import_into_s3_stores_the_package_there(
    database,
    settings,
    mp4,
    s3_endpoint,
    bucket,
    tmp_path,
):
    name, client = bucket
    given = await lesson("level-3-lesson-4")
    storage = s3_storage(s3_endpoint, name)
    try:
        imported = await import_video(mp4, given.key, tmp_path, settings, storage)
    finally:
        await storage.aclose()

    keys = {o["Key"] for o in client.list_objects_v2(Bucket=name)["Contents"]}
    prefix = f"media/{imported.package.prefix}"
    assert {f"{prefix}/master.m3u8", f"{prefix}/v0/s000.ts", f"{prefix}/poster.webp"} <= keys
    assert len(keys) == imported.files == 8  # an empty captions folder: no captions
    row = await LessonVideo.get(lesson_id=given.id)
    assert row.prefix == imported.package.prefix


async def test_an_import_into_an_s3_store_that_refuses_changes_nothing(
    database,
    settings,
    mp4,
    s3_endpoint,
):
    given = await lesson("level-3-lesson-4")
    storage = s3_storage(s3_endpoint, "no-such-bucket")
    try:
        with pytest.raises(VideoImportError, match="could not be stored"):
            await import_video(mp4, given.key, None, settings, storage)
    finally:
        await storage.aclose()
    assert await LessonVideo.all().count() == 0
