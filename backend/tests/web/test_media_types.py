"""Every kind of file Splash serves gets its own media type from Splash itself, also on a
machine without a MIME database (the slim container image has no ``/etc/mime.types``, and
Python 3.11 alone knows neither WebP nor fonts)."""

from __future__ import annotations

import mimetypes
from collections.abc import Iterator
from pathlib import Path

import pytest

from splash.core.config import REPO_ROOT
from splash.core.media_types import TYPES, known
from splash.site.app import create_app
from tests.support import serving

# Each file route, the folder it serves below the test's root, and the kinds it serves there.
ROUTES = {
    "/assets": ("dist/assets", set(TYPES) - {".m3u8", ".ts", ".vtt"}),
    "/media": ("media", set(TYPES) - {".m3u8", ".ts", ".vtt"}),
    "/media/videos": ("videos/lesson/0123456789abcdef", {".m3u8", ".ts", ".vtt", ".webp"}),
}
COMPRESSED = (".br", ".gz")


@pytest.fixture
def no_system_mime_database(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Python's own ``mimetypes`` as on a slim image: built-in defaults, no system files."""
    monkeypatch.setattr(mimetypes, "knownfiles", [])
    mimetypes.init()
    assert mimetypes.guess_type("photo.webp")[0] is None  # the database is really hidden
    yield
    monkeypatch.undo()
    mimetypes.init()


@pytest.fixture
def app(settings, tmp_path: Path):
    for folder, kinds in ROUTES.values():
        (tmp_path / folder).mkdir(parents=True)
        for kind in kinds:
            (tmp_path / folder / f"file{kind}").write_bytes(b"served")
    return create_app(
        settings.model_copy(
            update={
                "frontend_dist": tmp_path / "dist",
                "media_dir": tmp_path / "media",
                "video_storage": f"file://{tmp_path / 'videos'}",
            }
        )
    )


async def test_every_served_kind_has_its_type_without_the_system_database(
    no_system_mime_database, app
):
    async with serving(app) as http:
        served = {
            (prefix, kind): (await http.get(f"{prefix}/{sub}file{kind}")).headers["content-type"]
            for prefix, (folder, kinds) in ROUTES.items()
            for sub in [folder.removeprefix("videos/") + "/" if prefix == "/media/videos" else ""]
            for kind in kinds
        }

    wrong = {where: got for where, got in served.items() if got != TYPES[where[1]]}
    assert wrong == {}
    assert served["/media", ".webp"] == "image/webp"
    assert served["/assets", ".ttf"] == "font/ttf"
    assert served["/media/videos", ".m3u8"] == "application/vnd.apple.mpegurl"


async def test_an_unknown_kind_is_served_as_bytes(settings, tmp_path):
    (tmp_path / "media").mkdir()
    (tmp_path / "media" / "notes.xyz").write_bytes(b"?")
    app = create_app(settings.model_copy(update={"media_dir": tmp_path / "media"}))
    async with serving(app) as http:
        response = await http.get("/media/notes.xyz")

    assert response.headers["content-type"] == "application/octet-stream"


def _served_files() -> Iterator[Path]:
    for folder in ("fixtures/media", "fixtures/videos", "frontend/dist", "frontend/public"):
        yield from (path for path in (REPO_ROOT / folder).rglob("*") if path.is_file())


def test_every_file_in_a_served_folder_is_of_a_known_kind():
    files = [path.name.removesuffix(".br").removesuffix(".gz") for path in _served_files()]
    unknown = sorted({Path(name).suffix for name in files if not known(name)})

    assert len(files) > 100  # the fixtures' media and videos at least
    assert unknown == []
