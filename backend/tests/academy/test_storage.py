"""Video storage: the local folder, and S3 through its real API — moto's S3 server
(tests/academy/media.py), over real HTTP — with our Signature V4 checked against botocore's
signer."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

import botocore.auth
import pytest
from botocore.auth import S3SigV4Auth
from botocore.awsrequest import AWSRequest
from botocore.credentials import Credentials

from splash.academy.storage import (
    LocalStorage,
    S3Storage,
    StorageError,
    create_storage,
    public_url,
    sign_v4,
)
from splash.core.config import Settings
from tests.academy.media import ACCESS, REGION, SECRET, s3_storage
from tests.support import free_port

PREFIX = "videos/level-1-lesson-1/0123456789abcdef"


@pytest.fixture
def package(tmp_path: Path) -> Path:
    folder = tmp_path / "package"
    (folder / "v0").mkdir(parents=True)
    (folder / "captions").mkdir()
    (folder / "master.m3u8").write_text("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nv0/index.m3u8\n")
    (folder / "v0" / "index.m3u8").write_text("#EXTM3U\n")
    (folder / "v0" / "s000.ts").write_bytes(b"\x47" * 188)
    (folder / "captions" / "nl.vtt").write_text("WEBVTT\n\n00:00.000 --> 00:01.000\nHoi\n")
    return folder


async def test_s3_stores_a_package_as_public_immutable_objects(s3_endpoint, bucket, package):
    name, client = bucket
    storage = s3_storage(s3_endpoint, name)
    try:
        written = await storage.write_tree(PREFIX, package)
        assert written == 4
        assert await storage.read(f"{PREFIX}/master.m3u8") == (package / "master.m3u8").read_bytes()
        assert await storage.read(f"{PREFIX}/v1/index.m3u8") is None
    finally:
        await storage.aclose()

    keys = sorted(o["Key"] for o in client.list_objects_v2(Bucket=name)["Contents"])
    assert keys == [
        f"media/{PREFIX}/captions/nl.vtt",
        f"media/{PREFIX}/master.m3u8",
        f"media/{PREFIX}/v0/index.m3u8",
        f"media/{PREFIX}/v0/s000.ts",
    ]
    segment = client.get_object(Bucket=name, Key=f"media/{PREFIX}/v0/s000.ts")
    assert segment["Body"].read() == b"\x47" * 188
    assert segment["ContentType"] == "video/mp2t"
    assert segment["CacheControl"] == "public, max-age=31536000, immutable"
    playlist = client.get_object(Bucket=name, Key=f"media/{PREFIX}/master.m3u8")
    assert playlist["ContentType"] == "application/vnd.apple.mpegurl"
    assert storage.public_url(f"{PREFIX}/master.m3u8") == (
        f"https://cdn.example.com/media/{PREFIX}/master.m3u8"
    )


async def test_s3_deletes_a_prefix_and_only_that_prefix(s3_endpoint, bucket, package):
    name, client = bucket
    storage = s3_storage(s3_endpoint, name, prefix="")
    try:
        await storage.write_tree(PREFIX, package)
        await storage.write_tree(PREFIX + "0", package)  # a neighbour sharing the prefix's text
        await storage.delete_prefix(PREFIX)

        assert await storage.read(f"{PREFIX}/master.m3u8") is None
        assert await storage.read(f"{PREFIX}0/master.m3u8") is not None
    finally:
        await storage.aclose()
    keys = sorted(o["Key"] for o in client.list_objects_v2(Bucket=name)["Contents"])
    assert keys == sorted(f"{PREFIX}0/{p}" for p in _relative(package))


async def test_s3_lists_past_a_page_of_keys(s3_endpoint, bucket, tmp_path):
    """ListObjectsV2 answers a page of keys (max-keys; 1,000 at most): deleting more follows the
    continuation. Pages of 2 keys here, so 5 keys take three pages (the last one short)."""
    name, client = bucket
    many = tmp_path / "many"
    many.mkdir()
    for i in range(5):
        (many / f"s{i:04}.ts").write_bytes(b"\x47")
    storage = s3_storage(s3_endpoint, name, list_page_size=2)
    try:
        assert await storage.write_tree(PREFIX, many) == 5
        await storage.delete_prefix(PREFIX)
    finally:
        await storage.aclose()
    assert client.list_objects_v2(Bucket=name)["KeyCount"] == 0


async def test_an_unreachable_s3_is_a_storage_error(package):
    storage = S3Storage(
        "b",
        "",
        endpoint_url=f"http://127.0.0.1:{free_port()}",
        region=REGION,
        access_key_id=ACCESS,
        secret_access_key=SECRET,
        timeout=2,
    )
    try:
        with pytest.raises(StorageError, match="S3 PUT"):
            await storage.write_tree(PREFIX, package)
    finally:
        await storage.aclose()


async def test_a_missing_bucket_is_a_storage_error(s3_endpoint, package):
    storage = s3_storage(s3_endpoint, "no-such-bucket")
    try:
        with pytest.raises(StorageError, match="404"):
            await storage.write_tree(PREFIX, package)
    finally:
        await storage.aclose()


@pytest.mark.parametrize(
    ("method", "url", "query", "fields", "body"),
    [
        (
            "PUT",
            "https://s3.eu-west-1.amazonaws.com/bucket/media/videos/a b/ü/s000.ts",
            {},
            {"content-type": "video/mp2t", "cache-control": "public, max-age=31536000"},
            b"\x47" * 188,
        ),
        ("HEAD", "http://127.0.0.1:9000/bucket/videos/x/master.m3u8", {}, {}, b""),
        (
            "GET",
            "http://127.0.0.1:9000/bucket",
            {"list-type": "2", "prefix": "media/videos/x y/", "continuation-token": "a+b/c="},
            {},
            b"",
        ),
    ],
    ids=["put", "head", "list"],
)
def test_signature_v4_is_the_one_botocore_computes(monkeypatch, method, url, query, fields, body):
    now = datetime(2026, 11, 25, 10, 0, tzinfo=UTC)
    monkeypatch.setattr(botocore.auth, "get_current_datetime", lambda: now)  # botocore's clock
    ours = sign_v4(
        method,
        url,
        query,
        fields,
        body,
        access_key_id=ACCESS,
        secret_access_key=SECRET,
        region=REGION,
        now=now,
    )
    # botocore signs the URL it is given as it is: the path percent-encoded, as S3 wants it.
    encoded = quote(url, safe=":/-_.~")
    reference = AWSRequest(
        method=method, url=encoded, params=query, data=body, headers=dict(fields)
    )
    reference.context["payload_signing_enabled"] = True  # we sign every body (no UNSIGNED-PAYLOAD)
    S3SigV4Auth(Credentials(ACCESS, SECRET), "s3", REGION).add_auth(reference)

    assert (
        ours["authorization"].split("Signature=")[1]
        == (reference.headers["Authorization"].split("Signature=")[1])
    )


async def test_local_storage_writes_reads_and_deletes_a_package(tmp_path, package):
    storage = LocalStorage(tmp_path / "videos")

    assert await storage.write_tree(PREFIX, package) == 4
    stored = tmp_path / "videos" / "level-1-lesson-1" / "0123456789abcdef"
    assert (stored / "v0" / "s000.ts").read_bytes() == b"\x47" * 188
    caption = await storage.read(f"{PREFIX}/captions/nl.vtt")
    assert caption == (package / "captions" / "nl.vtt").read_bytes()
    assert storage.public_url(f"{PREFIX}/master.m3u8") == f"/media/{PREFIX}/master.m3u8"
    await storage.delete_prefix(PREFIX)
    assert not stored.exists()
    assert await storage.read(f"{PREFIX}/master.m3u8") is None


@pytest.mark.parametrize("name", ["lesson.mp4", "key", "package.json"])
async def test_storage_refuses_a_package_holding_anything_else(tmp_path, package, name):
    (package / name).write_bytes(b"\x00")
    storage = LocalStorage(tmp_path / "videos")

    with pytest.raises(StorageError, match="holds no such file"):
        await storage.write_tree(PREFIX, package)
    assert not (tmp_path / "videos").exists()  # checked before anything is written


@pytest.mark.parametrize(
    "path", ["media/x.ts", "videos/../x.ts", "videos//x.ts", "videos/a/./b.ts"]
)
async def test_storage_refuses_paths_outside_its_videos(tmp_path, path):
    storage = LocalStorage(tmp_path / "videos")
    with pytest.raises(StorageError, match="not a video storage path"):
        await storage.read(path)
    with pytest.raises(StorageError):
        storage.public_url(path)


def test_create_storage_follows_the_settings(tmp_path):
    local = create_storage(Settings(var_dir=tmp_path / "var"))
    assert isinstance(local, LocalStorage)
    assert local.folder == tmp_path / "var" / "videos"  # file://var/videos beside var_dir
    s3 = create_storage(
        Settings(
            video_storage="s3://splash-media/prod",
            video_endpoint_url="https://s3.example.com",
            video_access_key_id=ACCESS,
            video_secret_access_key=SECRET,
            video_base_url="https://cdn.example.com",
        )
    )
    assert isinstance(s3, S3Storage)
    assert (s3.bucket, s3.prefix, s3.endpoint_url) == (
        "splash-media",
        "prod",
        "https://s3.example.com",
    )
    assert s3.public_url(f"{PREFIX}/master.m3u8") == f"https://cdn.example.com/{PREFIX}/master.m3u8"


@pytest.mark.parametrize(
    ("environment", "message"),
    [
        ({"video_storage": "ftp://x"}, "must start with file:// or s3://"),
        ({"video_storage": "s3://bucket"}, "needs a bucket"),
        (
            {
                "video_storage": "s3:///prefix",
                "video_access_key_id": "a",
                "video_secret_access_key": "b",
            },
            "needs a bucket",
        ),
    ],
)
def test_bad_storage_settings_stop_start_up(environment, message):
    with pytest.raises(ValueError, match=message):
        Settings(**environment)


def _relative(folder: Path) -> list[str]:
    return [p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()]


def test_public_urls_follow_the_settings(tmp_path):
    local = Settings(var_dir=tmp_path / "var")
    cdn = Settings(
        video_storage="s3://splash-media/prod",
        video_access_key_id=ACCESS,
        video_secret_access_key=SECRET,
        video_base_url="https://cdn.example.com/prod/",
    )

    assert public_url(local, f"{PREFIX}/master.m3u8") == f"/media/{PREFIX}/master.m3u8"
    assert public_url(cdn, f"{PREFIX}/captions/nl.vtt") == (
        f"https://cdn.example.com/prod/{PREFIX}/captions/nl.vtt"
    )
