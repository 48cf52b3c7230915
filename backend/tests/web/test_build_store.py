"""The published site's builds in a bucket (site/web/build_store.py) on moto's S3 server: the
pointer asked with its tag, a build copied with only the files a folder lacks, a publish of one
page sending that page's two files, and the settings that name the bucket."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from splash.content.models import Page
from splash.core.config import Settings
from splash.shared.storage import LocalStorage, StorageError
from splash.site.web.build_folder import pointed_build
from splash.site.web.build_store import SITE, BuildStore, Pointer, open_build_store
from splash.site.web.build_watch import BuildWatcher
from splash.site.web.publish import Change, publish
from splash.site.web.published import PublishedSite, index_files
from tests.academy.media import bucket, s3_endpoint  # noqa: F401
from tests.web.support import in_bucket

PARTS = (("payload", "json"), ("html", "html"))


@pytest.fixture
def in_a_bucket(settings, s3_endpoint, bucket) -> tuple[Settings, str, Any]:  # noqa: F811
    """Settings naming a fresh bucket (its name, and boto3 to look into it)."""
    name, client = bucket
    return in_bucket(settings, s3_endpoint, name), name, client


def _store(settings: Settings) -> BuildStore:
    store = open_build_store(settings)
    assert store is not None
    return store


def _build(folder: Path, build: str, files: dict[str, str]) -> None:
    """A build in a local folder: an index naming ``files`` (name → text) and those files."""
    (folder / build).mkdir(parents=True)
    (folder / "files").mkdir(exist_ok=True)
    index = {}
    for number, (name, text) in enumerate(sorted(files.items())):
        (folder / "files" / f"{name}.json").write_text(text)
        (folder / "files" / f"{name}.html").write_text(f"<p>{text}</p>")
        index[f"nl /{number}"] = {
            "payload": f"../files/{name}.json",
            "html": f"../files/{name}.html",
        }
    (folder / build / "index.json").write_text(json.dumps(index))
    (folder / build / "build.json").write_text(json.dumps({"renderer": "r1"}))


def _keys(client, name: str) -> set[str]:
    listed = client.list_objects_v2(Bucket=name).get("Contents", [])
    return {item["Key"] for item in listed}


async def test_the_pointer_is_asked_with_its_tag_and_is_never_cached(in_a_bucket):
    bucketed, name, client = in_a_bucket
    store = _store(bucketed)
    assert await store.pointer() == Pointer(None, None)  # nothing published yet

    await store.point("20261129150000-aaaaaa")
    first = await store.pointer()
    unchanged = await store.pointer(first)
    await store.point("20261129150500-bbbbbb")
    moved = await store.pointer(first)
    await store.aclose()

    assert first is not None and first.build == "20261129150000-aaaaaa"
    assert unchanged is None
    assert moved is not None and moved.build == "20261129150500-bbbbbb"
    assert client.head_object(Bucket=name, Key="shop/site/CURRENT")["CacheControl"] == "no-cache"


async def test_a_build_is_copied_with_only_the_files_the_folder_lacks(in_a_bucket, tmp_path):
    bucketed, name, client = in_a_bucket
    here, there = tmp_path / "publishing", tmp_path / "serving"
    publishing, serving = BuildStore(_store(bucketed).storage, here), _store(bucketed)
    serving.folder = there
    _build(here, "b1", {"a1": "one", "b1": "two"})
    _build(here, "b2", {"a1": "one", "c2": "three"})  # shares a1 with b1

    sent = [await publishing.push("b1", ["a1.json", "a1.html", "b1.json", "b1.html"])]
    sent.append(await publishing.push("b2", ["c2.json", "c2.html"]))
    fetched = [await serving.pull("b1"), await serving.pull("b2")]
    await publishing.aclose()
    await serving.aclose()

    assert sent == [4, 2]
    assert fetched == [4, 2]
    assert sorted(p.name for p in (there / "files").iterdir()) == [
        "a1.html",
        "a1.json",
        "b1.html",
        "b1.json",
        "c2.html",
        "c2.json",
    ]
    assert (there / "b2" / "index.json").read_bytes() == (here / "b2" / "index.json").read_bytes()
    meta = client.head_object(Bucket=name, Key="shop/site/files/c2.html")
    assert meta["CacheControl"] == "public, max-age=31536000, immutable"
    assert meta["ContentType"] == "text/html; charset=utf-8"


async def test_the_bucket_keeps_the_newest_builds_and_the_files_they_share(in_a_bucket, tmp_path):
    bucketed, name, client = in_a_bucket
    publishing = BuildStore(_store(bucketed).storage, tmp_path / "publishing")
    removed = []
    for number in range(1, 6):
        _build(publishing.folder, f"b{number}", {"a1": "one", f"c{number}": str(number)})
        await publishing.push(f"b{number}", [f"c{number}.json", f"c{number}.html", "a1.json"])
        removed.append(await publishing.point(f"b{number}"))
    await publishing.aclose()

    keys = _keys(client, name)
    assert removed == [[], [], [], ["b1"], ["b2"]]
    assert {key.split("/")[2] for key in keys if key.endswith("/index.json")} == {"b3", "b4", "b5"}
    listed = client.get_object(Bucket=name, Key="shop/site/builds.json")["Body"].read()
    assert json.loads(listed) == ["b3", "b4", "b5"]
    assert {"shop/site/files/a1.json", "shop/site/files/c1.json"} <= keys  # files stay


async def test_a_build_naming_a_file_the_bucket_lacks_is_not_copied(in_a_bucket, tmp_path):
    bucketed, _, _ = in_a_bucket
    publishing = BuildStore(_store(bucketed).storage, tmp_path / "publishing")
    _build(publishing.folder, "b1", {"a1": "one"})
    await publishing.push("b1", [])  # its index, not its files
    serving = _store(bucketed)

    with pytest.raises(StorageError, match="the bucket has no site/files/a1"):
        await serving.pull("b1")
    await publishing.aclose()
    await serving.aclose()


async def test_a_publish_of_one_page_sends_its_changed_files_and_moves_the_pointer(
    published, in_a_bucket
):
    bucketed, name, client = in_a_bucket
    first = await publish(bucketed)  # everything: every file the build names
    before = _keys(client, name)
    page = await Page.get(locale_id="nl", localization_key="faq")
    await Page.filter(id=page.id).update(title="Vragen")

    second = await publish(bucketed, changes=[Change("page", page.id)])

    added = _keys(client, name) - before
    assert second.rendered == 1
    assert sorted(key.rsplit(".", 1)[-1] for key in added if "/files/" in key) == ["html", "json"]
    assert {key for key in added if "/files/" not in key} == {
        f"shop/site/{second.build_id}/index.json",
        f"shop/site/{second.build_id}/build.json",
    }
    pointer = client.get_object(Bucket=name, Key="shop/site/CURRENT")["Body"].read().decode()
    assert pointer == second.build_id != first.build_id
    index = json.loads((bucketed.publish_dir / second.build_id / "index.json").read_bytes())
    assert {f"shop/site/files/{file}" for file in index_files(index)} <= _keys(client, name)
    assert pointed_build(bucketed.publish_dir) != second.build_id  # served once copied


async def test_processes_sharing_a_folder_serve_a_new_build_as_soon_as_they_hear_of_it(
    in_a_bucket, tmp_path
):
    """Two server processes on one folder (an instance's workers, or make cluster's instances
    on one machine): the second to hear of a build finds it copied already, and serves it at
    once rather than at its site's next look at CURRENT (here an hour away)."""
    bucketed, _, _ = in_a_bucket
    publishing = BuildStore(_store(bucketed).storage, tmp_path / "publishing")
    _build(publishing.folder, "b1", {"a1": "one"})
    _build(publishing.folder, "b2", {"a1": "one", "b2": "two"})
    await publishing.push("b1", ["a1.json", "a1.html"])
    await publishing.point("b1")
    shared = tmp_path / "serving"
    watchers = []
    for _ in range(2):
        store = _store(bucketed)
        store.folder = shared
        watchers.append(BuildWatcher(bucketed, store, PublishedSite(shared, check_every=3600)))
    for watcher in watchers:
        await watcher.sync()
    assert [w.site.build_id for w in watchers] == ["b1", "b1"]

    await publishing.push("b2", ["b2.json", "b2.html"])
    await publishing.point("b2")
    for watcher in watchers:
        await watcher.sync()  # the first copies b2; the second finds it copied

    assert [w.site.build_id for w in watchers] == ["b2", "b2"]
    for watcher in watchers:
        await watcher.store.aclose()
    await publishing.aclose()


async def test_a_local_pointer_is_read_again_only_when_it_was_replaced(tmp_path):
    storage = LocalStorage(tmp_path, area=SITE)
    await storage.write("site/CURRENT", b"b1")
    first = await storage.read_changed("site/CURRENT", None)

    unchanged = await storage.read_changed("site/CURRENT", first.tag)
    await storage.write("site/CURRENT", b"b2")
    moved = await storage.read_changed("site/CURRENT", first.tag)

    assert (first.changed, first.data) == (True, b"b1")
    assert (unchanged.changed, unchanged.data) == (False, None)
    assert (moved.changed, moved.data) == (True, b"b2")


@pytest.mark.parametrize("path", ["site/files/x.js", "site/../x.json", "library/x.json"])
async def test_only_pages_payloads_and_the_pointer_are_stored_below_site(tmp_path, path):
    with pytest.raises(StorageError):
        await LocalStorage(tmp_path, area=SITE).write(path, b"{}")


@pytest.mark.parametrize(
    "environment",
    [
        {"site_storage": "file://var/publish"},
        {"site_storage": "s3://"},
        {"site_storage": "s3://bucket/shop"},  # without its keys
    ],
)
def test_bad_site_storage_settings_stop_start_up(environment):
    with pytest.raises(ValueError, match="SPLASH_SITE_STORAGE=s3://bucket/prefix needs a bucket"):
        Settings(**environment)


def test_an_empty_site_storage_is_the_local_folder():
    assert Settings(site_storage="").site_storage is None
