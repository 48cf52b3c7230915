"""``/media/videos/…``: a locally stored package served as a CDN would, with byte ranges for
players, immutable, and nothing but playlists, segments, captions and posters."""

from __future__ import annotations

import pytest

SEGMENT = bytes(range(256)) * 8  # 2048 bytes standing in for an MPEG-TS segment
PREFIX = "level-1-lesson-1/0123456789abcdef"


@pytest.fixture
def video_storage(tmp_path):
    """A video folder of each test's own: the package below is written anew every time."""
    return f"file://{tmp_path / 'videos'}"


@pytest.fixture
def package(settings):
    folder = settings.video_folder / PREFIX
    (folder / "v0").mkdir(parents=True)
    (folder / "captions").mkdir()
    (folder / "master.m3u8").write_text("#EXTM3U\n")
    (folder / "v0" / "index.m3u8").write_text("#EXTM3U\n")
    (folder / "v0" / "s000.ts").write_bytes(SEGMENT)
    (folder / "captions" / "nl.vtt").write_text("WEBVTT\n")
    (folder / "poster.webp").write_bytes(b"RIFF0000WEBP")
    (folder / "source.mp4").write_bytes(b"\x00\x00\x00\x18ftypmp42")
    (settings.video_folder / "secret.key").write_bytes(b"k" * 16)
    return f"/media/videos/{PREFIX}"


IMMUTABLE = "public, max-age=31536000, immutable"


async def test_a_segment_is_served_whole_with_accept_ranges(client, package):
    response = await client.get(f"{package}/v0/s000.ts")

    assert response.status_code == 200
    assert response.body == SEGMENT
    assert response.headers["content-type"] == "video/mp2t"
    assert response.headers["accept-ranges"] == "bytes"
    assert response.headers["cache-control"] == IMMUTABLE


@pytest.mark.parametrize(
    ("header", "start", "end"),
    [("bytes=0-99", 0, 99), ("bytes=100-", 100, 2047), ("bytes=-48", 2000, 2047)],
)
async def test_a_range_of_a_segment_is_a_206(client, package, header, start, end):
    response = await client.get(f"{package}/v0/s000.ts", headers={"range": header})

    assert response.status_code == 206
    assert response.body == SEGMENT[start : end + 1]
    assert response.headers["content-range"] == f"bytes {start}-{end}/{len(SEGMENT)}"
    assert response.headers["content-type"] == "video/mp2t"
    assert response.headers["cache-control"] == IMMUTABLE


async def test_a_range_past_the_end_is_a_416(client, package):
    response = await client.get(f"{package}/v0/s000.ts", headers={"range": "bytes=4096-5000"})

    assert response.status_code == 416
    assert response.headers["content-range"] == f"bytes */{len(SEGMENT)}"


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("master.m3u8", "application/vnd.apple.mpegurl"),
        ("v0/index.m3u8", "application/vnd.apple.mpegurl"),
        ("captions/nl.vtt", "text/vtt; charset=utf-8"),
        ("poster.webp", "image/webp"),
    ],
)
async def test_each_package_file_has_its_type(client, package, path, kind):
    response = await client.get(f"{package}/{path}")

    assert response.status_code == 200
    assert response.headers["content-type"] == kind
    assert response.headers["cache-control"] == IMMUTABLE


@pytest.mark.parametrize(
    "path",
    [
        f"/media/videos/{PREFIX}/source.mp4",  # never a plain MP4, even one left in the folder
        "/media/videos/secret.key",
        f"/media/videos/{PREFIX}/v0/s999.ts",
        f"/media/videos/{PREFIX}/../../../splash.sqlite3",
        "/media/videos/%2e%2e/%2e%2e/var/x.ts",
        "/media/videos/..%2F..%2Fetc%2Fpasswd.ts",
    ],
)
async def test_nothing_else_is_served(client, package, path):
    response = await client.get(path)

    assert response.status_code == 404
    assert response.body != SEGMENT


async def test_images_outside_videos_still_come_from_the_media_folder(client, package):
    response = await client.get("/media/pages/about.webp")

    assert response.status_code == 200
    assert response.headers["cache-control"] == "public, max-age=604800"
