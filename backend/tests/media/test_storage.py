"""The library's storage: the shared interface (splash/shared/storage.py) with the area
``library/``, in a local folder and in S3 through its real API (moto's server, as the lesson
videos' tests use it); only images below ``library/`` are ever stored."""

from __future__ import annotations

import pytest

from splash.core.config import Settings
from splash.media.storage import create_storage
from splash.shared.storage import LocalStorage, S3Storage, StorageError
from tests.academy.media import ACCESS, REGION, SECRET
from tests.media.support import encoded

PATH = "library/7/1-0a1b2c3d/original.jpg"


def _s3_settings(endpoint: str, name: str) -> Settings:
    return Settings(
        media_storage=f"s3://{name}/shop",
        media_endpoint_url=endpoint,
        media_region=REGION,
        media_access_key_id=ACCESS,
        media_secret_access_key=SECRET,
        media_base_url="https://cdn.example.com/shop",
    )


async def test_s3_stores_an_image_as_a_public_immutable_object(s3_endpoint, bucket):
    name, client = bucket
    storage = create_storage(_s3_settings(s3_endpoint, name))
    assert isinstance(storage, S3Storage)
    photo = encoded("JPEG", 40, 30)
    try:
        await storage.write(PATH, photo)
        assert await storage.read(PATH) == photo
        await storage.write("library/7/1-0a1b2c3d/320.avif", encoded("AVIF", 32, 24))
        await storage.delete_prefix("library/7")
        assert await storage.read(PATH) is None
    finally:
        await storage.aclose()
    assert storage.public_url(PATH) == f"https://cdn.example.com/shop/{PATH}"
    assert client.list_objects_v2(Bucket=name)["KeyCount"] == 0


async def test_s3_sends_the_images_type_and_a_year_of_cache(s3_endpoint, bucket):
    name, client = bucket
    storage = create_storage(_s3_settings(s3_endpoint, name))
    try:
        await storage.write(PATH, encoded("JPEG", 40, 30))
    finally:
        await storage.aclose()
    stored = client.get_object(Bucket=name, Key=f"shop/{PATH}")
    assert stored["ContentType"] == "image/jpeg"
    assert stored["CacheControl"] == "public, max-age=31536000, immutable"


@pytest.mark.parametrize(
    ("path", "message"),
    [
        ("library/7/1-0a1b2c3d/original.svg", "the media library holds no such file"),
        ("library/7/1-0a1b2c3d/page.html", "the media library holds no such file"),
        ("videos/7/master.m3u8", "not a media library storage path"),
        ("library/../videos/x.jpg", "not a media library storage path"),
        ("library//x.jpg", "not a media library storage path"),
    ],
)
async def test_only_images_below_library_are_stored(tmp_path, path, message):
    storage = create_storage(Settings(media_storage=f"file://{tmp_path / 'media'}"))
    assert isinstance(storage, LocalStorage)

    with pytest.raises(StorageError, match=message):
        await storage.write(path, b"<svg onload=alert(1)>")
    assert not (tmp_path / "media").exists()


def test_a_local_library_is_served_below_media_library(tmp_path):
    relative = create_storage(Settings(var_dir=tmp_path / "var"))
    assert isinstance(relative, LocalStorage)
    assert relative.folder == tmp_path / "var" / "media"  # file://var/media beside var_dir
    assert relative.public_url(PATH) == f"/media/{PATH}"


@pytest.mark.parametrize(
    ("environment", "message"),
    [
        ({"media_storage": "ftp://x"}, "must start with file:// or s3://"),
        ({"media_storage": "s3://bucket"}, "needs a bucket"),
    ],
)
def test_bad_media_storage_settings_stop_start_up(environment, message):
    with pytest.raises(ValueError, match=message):
        Settings(**environment)
