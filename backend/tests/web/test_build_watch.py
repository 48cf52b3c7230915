"""Two real Splash instances (``python -m splash serve`` in subprocesses, each with its own var
folder) on the same database and the same bucket (moto's S3 server): both serve the bucket's
build, and a studio publish on one is served by the other within 2 s of the bucket's pointer
moving — by polling the pointer, or, with a poll too slow for that, by Redis's announcement
(site/web/build_watch.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

import testkit.serving
from splash.core.config import Settings
from splash.site.app import create_app
from splash.site.web.build_folder import pointed_build
from splash.site.web.build_store import BuildStore, open_build_store
from splash.site.web.published import index_files
from tests.academy.media import ACCESS, REGION, SECRET, bucket, s3_endpoint  # noqa: F401
from tests.app_client import Client
from tests.editing.support import headers_of, url
from tests.support import REDIS_URL, free_port
from tests.web.support import in_bucket, inline_payload

FAQ = "/veelgestelde-vragen"
HOST = {"host": "localhost:8000"}
DEADLINE = 2.0  # the issue's: a publish on one instance is served by the other within 2 s
RENDERED_WITHIN = 120.0  # the publish job renders in Node on a busy machine


async def _into_the_bucket(settings: Settings) -> str:
    """The fixtures' build (published into the local folder) sent to the bucket, as current."""
    store = open_build_store(settings)
    assert isinstance(store, BuildStore)
    build = pointed_build(settings.publish_dir)
    assert build is not None
    index = json.loads((settings.publish_dir / build / "index.json").read_bytes())
    try:
        await store.push(build, index_files(index))
        await store.point(build)
    finally:
        await store.aclose()
    return build


def _start(settings: Settings, folder: Path, **environment: str) -> tuple[subprocess.Popen, int]:
    """``python -m splash serve`` on a free port with ``settings``' database and bucket and a
    var folder of its own."""
    port = free_port()
    env = {
        **os.environ,
        "SPLASH_ENV": "test",
        "SPLASH_DATABASE_URL": settings.database_url,
        "SPLASH_VAR_DIR": str(folder / "var"),
        "SPLASH_PUBLIC_PORT": "8000",
        "SPLASH_MAIL_URL": f"outbox://{folder / 'outbox'}",
        "SPLASH_VIDEO_STORAGE": settings.video_storage,
        "SPLASH_ACCESS_LOG": "false",
        "SPLASH_LOG_LEVEL": "WARNING",
        "SPLASH_SITE_STORAGE": str(settings.site_storage),
        "SPLASH_SITE_ENDPOINT_URL": str(settings.site_endpoint_url),
        "SPLASH_SITE_REGION": REGION,
        "SPLASH_SITE_ACCESS_KEY_ID": ACCESS,
        "SPLASH_SITE_SECRET_ACCESS_KEY": SECRET,
        **environment,
    }
    command = [sys.executable, "-m", "splash", "serve", "--port", str(port)]
    backend = testkit.serving.BACKEND
    return subprocess.Popen(command, cwd=backend, env=env, start_new_session=True), port


@contextmanager
def _two_instances(
    settings: Settings, tmp_path: Path, **environment: str
) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    """Two instances started at once, ``one`` draining the outbox (so its publish jobs run
    there) and ``other`` not; a client for each, until the block ends."""
    with ExitStack() as stack:
        started = [
            _start(settings, tmp_path / "one", **environment),
            _start(settings, tmp_path / "other", SPLASH_OUTBOX_EMBEDDED="false", **environment),
        ]
        for process, _ in started:
            stack.callback(testkit.serving.stop, process)
        clients = []
        for process, port in started:
            testkit.serving.wait_healthy(process, port, timeout=120, interval=0.2)
            base_url = f"http://127.0.0.1:{port}"
            clients.append(stack.enter_context(httpx.Client(base_url=base_url, headers=HOST)))
        yield clients[0], clients[1]


def _served(client: httpx.Client) -> tuple[str | None, str]:
    """The instance's site build (latest.json) and the FAQ page's title as it serves them."""
    site = client.get("/builds/latest.json").json()["site"]
    return site, inline_payload(client.get(FAQ).text)["page"]["title"]


def _publish_faq(client: httpx.Client, headers: dict[str, str], title: str) -> None:
    """The studio's publish of one page: save the draft with a new title, publish it (the
    republish job then runs in that instance's outbox drainer)."""
    opened = client.get(url("page", "faq"), headers=headers).json()["data"]
    document = {**opened["document"], "title": title}
    body = {"revision": opened["revision"], "document": document}
    saved = client.put(url("page", "faq"), json=body, headers=headers)
    assert saved.status_code == 200, saved.text
    published = client.post(url("page", "faq", action="publish"), json={}, headers=headers)
    assert published.status_code == 200, published.text


def _pointer(client, name: str) -> str:
    return client.get_object(Bucket=name, Key="shop/site/CURRENT")["Body"].read().decode()


def _until_the_pointer_moves(client, name: str, old: str) -> str:
    deadline = time.monotonic() + RENDERED_WITHIN
    while (found := _pointer(client, name)) == old:
        assert time.monotonic() < deadline, "the publish job never moved the bucket's pointer"
        time.sleep(0.05)
    return found


def _seen_within(instance: httpx.Client, expected: tuple[str, str]) -> tuple[str | None, str]:
    """What ``instance`` serves once it serves ``expected``, or at the deadline."""
    deadline = time.monotonic() + DEADLINE
    while (seen := _served(instance)) != expected and time.monotonic() < deadline:
        time.sleep(0.05)
    return seen


async def _two_instances_then_a_publish(
    settings: Settings, tmp_path: Path, named: tuple[str, Any], title: str, **environment: str
) -> None:
    name, s3 = named
    build = await _into_the_bucket(settings)
    headers = await headers_of(settings)
    with _two_instances(settings, tmp_path, **environment) as (one, other):
        assert _served(one) == _served(other) == (build, "Veelgestelde vragen")

        _publish_faq(one, headers, title)

        new = _until_the_pointer_moves(s3, name, build)
        assert _seen_within(other, (new, title)) == (new, title)
        assert _seen_within(one, (new, title)) == (new, title)


@pytest.fixture
def in_a_bucket(published, settings, s3_endpoint, bucket) -> tuple[Settings, tuple[str, Any]]:  # noqa: F811
    """The fixtures published and their build sent to a fresh bucket: settings naming it."""
    return in_bucket(settings, s3_endpoint, bucket[0]), bucket


async def test_a_publish_on_one_instance_is_served_by_the_other_polling_the_bucket(
    in_a_bucket, tmp_path
):
    shared, named = in_a_bucket

    await _two_instances_then_a_publish(
        shared, tmp_path, named, "Vragen, overal", SPLASH_SITE_POLL_SECONDS="1"
    )


async def test_a_publish_is_announced_on_redis_to_an_instance_that_seldom_polls(
    in_a_bucket, tmp_path
):
    shared, named = in_a_bucket

    await _two_instances_then_a_publish(
        shared,
        tmp_path,
        named,
        "Vragen, meteen",
        SPLASH_SITE_POLL_SECONDS="60",  # so only the announcement makes the 2 s
        SPLASH_REDIS_URL=REDIS_URL,
    )


async def test_an_instance_is_unhealthy_until_it_has_copied_the_buckets_build(seeded, settings):
    unreachable = in_bucket(settings, f"http://127.0.0.1:{free_port()}", "nowhere")
    client = Client(create_app(unreachable))

    response = await client.get("/healthz")

    assert response.status == 503
    assert response.headers["retry-after"] == "1"
    assert response.json["error"]["message"] == (
        "The published site is still being copied from its bucket"
    )
