"""Every file route serves its own folder and nothing else: for each served folder, each
traversal shape of the 2026-11-28 attack and each file holding key material, a 404 without it.

The requests go over a real socket with their bytes as written (an HTTP client would remove
the dot segments before sending them)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from splash.site.app import create_app
from tests.support import serving

KEY_HEX = "00112233445566778899aabbccddeeff"  # made up: stands for a lesson's key
# Each file route, the folder it serves (below the test's root) and a file it does serve.
ROUTES = {
    "/assets": ("dist/assets", "app-1a2b3c.js"),
    "/builds": ("dist/builds", "20261129-abc123.json"),  # a build's meta (latest.json: its own)
    "/images": ("dist/images", "logo.svg"),
    "/media": ("media", "pages/pool.webp"),
    "/media/videos": ("videos", "level-1-lesson-1/0123456789abcdef/master.m3u8"),
}
# Key material outside every served folder, between them, and in a folder below /media's that
# is the video route's (the fixture packages' old place: /media/./videos/<lesson>/package.json).
KEY_FILES = ("secret.key", "dist/secret.key", "media/videos/lesson/package.json", "videos/x.key")


def _shapes(relative: str, folder: str) -> dict[str, str]:
    """The attack's ways of writing ``relative`` (a path from the route's folder, maybe with
    ``../``) so that it still leads to the same file."""
    back = f"../{folder.rsplit('/', 1)[-1]}/{relative}"  # out of the folder and in again
    return {
        "./": f"./{relative}",
        "../": back,
        "%2e": f"%2e/{relative}",
        "%2e%2e": back.replace("..", "%2e%2e", 1),
        "%2E%2E": back.replace("..", "%2E%2E", 1),
        "..%2f": back.replace("/", "%2f"),
        "%5c": back.replace("/", "%5c"),
        "..\\": back.replace("/", "\\"),
        "//": f"/{relative}",
        ".//": f".//{relative}",
    }


@pytest.fixture
def root(tmp_path: Path) -> Path:
    files = {f"{folder}/{name}": b"served" for folder, name in ROUTES.values()}
    files["dist/favicon.svg"] = b"<svg/>"
    files.update({name: f'{{"keyHex": "{KEY_HEX}"}}'.encode() for name in KEY_FILES})
    for name, body in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(body)
    return tmp_path


@pytest.fixture
def app(settings, root):
    return create_app(
        settings.model_copy(
            update={
                "frontend_dist": root / "dist",
                "media_dir": root / "media",
                "video_storage": f"file://{root / 'videos'}",
            }
        )
    )


async def _get(port: int, target: str) -> tuple[int, bytes]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    request = f"GET {target} HTTP/1.1\r\nHost: localhost:8000\r\nConnection: close\r\n\r\n"
    writer.write(request.encode("latin-1"))
    answer = await asyncio.wait_for(reader.read(), timeout=10)
    writer.close()
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


async def test_no_traversal_shape_reaches_a_key_from_any_file_route(app, root):
    attempts = {
        f"{prefix}/{shaped}": key_file
        for prefix, (folder, _) in ROUTES.items()
        for key_file in KEY_FILES
        for shaped in _shapes(os.path.relpath(root / key_file, root / folder), folder).values()
    }
    assert len(attempts) == len(ROUTES) * len(KEY_FILES) * 10
    async with serving(app) as http:
        answers = {target: await _get(http.base_url.port, target) for target in attempts}

    leaks = {t: s for t, (s, body) in answers.items() if s != 404 or KEY_HEX.encode() in body}
    assert leaks == {}


async def test_each_file_route_serves_its_own_files(app, root):
    async with serving(app) as http:
        for prefix, (_, name) in ROUTES.items():
            assert await _get(http.base_url.port, f"{prefix}/{name}") == (200, b"served"), prefix
        assert (await _get(http.base_url.port, "/favicon.svg"))[0] == 200


@pytest.mark.parametrize(
    "target",
    [
        "/media/videos/lesson/package.json",  # the video route: not a package's file type
        "/media/videos/x.key",
        "/assets/../secret.key",
        "/builds/.hidden",
        "/images/%00logo.svg",
    ],
)
async def test_files_beside_the_served_ones_are_not_found(app, root, target):
    async with serving(app) as http:
        status, body = await _get(http.base_url.port, target)

    assert status == 404
    assert KEY_HEX.encode() not in body
