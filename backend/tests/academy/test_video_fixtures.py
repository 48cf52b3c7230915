"""``python -m splash videos make-fixtures`` on a small fixture tree of its own (one lesson, 2 s;
the real fixtures are made by ``make fixture-videos``), the seed attaching what it made (and
replacing what an earlier fixture made), and the committed fixture packages: the current
generator's, as long as their captions."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

from splash.academy.fixture_videos import Cue, FixtureLesson, plan, read_cues, recipe
from splash.academy.models import LessonVideo
from splash.academy.storage import LocalStorage
from splash.academy.video_seed import (
    BURNED,
    burned,
    master_digest,
    seed_fixture_videos,
    seed_videos,
)
from splash.core.config import REPO_ROOT
from splash.core.locales import LOCALES
from tests.academy.video_rows import lesson
from tests.support import playlist_seconds

KEY = "level-1-lesson-1"
FIXTURES = REPO_ROOT / "fixtures"


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """academy.yaml with one lesson and its six caption files (2 s) — nothing else: the
    generator reads no picture and no font."""
    root = tmp_path_factory.mktemp("fixtures")
    (root / "academy.yaml").write_text(
        f"courses:\n  - key: learn-to-swim\n    levels:\n      - key: level-1\n"
        f"        lessons:\n          - {{key: {KEY}}}\n"
    )
    for locale in LOCALES:
        (root / locale / "captions").mkdir(parents=True)
        (root / locale / "captions" / f"{KEY}.vtt").write_text(
            f"WEBVTT\n\n00:00.000 --> 00:01.000\nSpetter met je handen ({locale}).\n\n"
            "00:01.000 --> 00:02.000\nGiet water over je schouders: 100% veilig.\n"
        )
    return root


def _make(tree: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "splash", "videos", "make-fixtures", *arguments],
        cwd=REPO_ROOT / "backend",
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "SPLASH_FIXTURES_DIR": str(tree)},
    )


@pytest.fixture(scope="module")
def made(tree) -> Path:
    run = _make(tree, "--seconds", "2")
    assert run.returncode == 0, run.stderr
    assert run.stdout == f"splash: made 1 fixture videos: {KEY}\n"
    return tree / "videos" / KEY


def test_make_fixtures_writes_a_clear_package_its_description_and_the_poster(tree, made):
    described = json.loads((made / "package.json").read_text())

    assert re.fullmatch(r"[0-9a-f]{16}", described.pop("packageId"))
    assert described == {
        "durationMs": 2000,
        "width": 1280,
        "height": 720,
        "captions": list(LOCALES),
        "recipe": recipe(FixtureLesson(KEY, 1, 1, 2.0)),
        "retired": [],  # nothing came before it
    }
    files = sorted(p.relative_to(made).as_posix() for p in made.rglob("*") if p.is_file())
    assert files == sorted(
        [
            "package.json",
            "master.m3u8",
            "v0/index.m3u8",
            "v0/s000.ts",
            "v1/index.m3u8",
            "v1/s000.ts",
        ]
        + [f"captions/{locale}.vtt" for locale in LOCALES]
    )
    # In the clear, with no key anywhere: the seed encrypts it with a key of its own.
    assert "#EXT-X-KEY" not in (made / "v0" / "index.m3u8").read_text()
    for segment in made.glob("v*/*.ts"):
        assert segment.read_bytes()[0] == 0x47 and segment.read_bytes()[188] == 0x47
    poster = (tree / "media" / "academy" / f"{KEY}.webp").read_bytes()
    assert poster[:4] == b"RIFF" and poster[8:12] == b"WEBP"
    assert sum(p.stat().st_size for p in made.rglob("*")) < 150_000  # small on purpose


def test_make_fixtures_without_captions_is_exit_2(tree, made, tmp_path):
    broken = tmp_path / "fixtures"
    shutil.copytree(tree, broken)
    (broken / "sv" / "captions" / f"{KEY}.vtt").unlink()

    run = _make(broken, "--seconds", "2")

    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [
        f"splash: missing fixture files: {broken}/sv/captions/{KEY}.vtt"
    ]


def test_captions_running_past_the_video_are_refused(tree, made, tmp_path):
    run = _make(tree, "--seconds", "1.5")

    assert run.returncode == 2
    assert run.stderr == f"splash: {KEY}: its captions run to 2.000 s, past 1.500 s\n"


def test_read_cues_takes_times_and_text():
    vtt = (
        "WEBVTT\n\nintro\n00:00:01.500 --> 00:00:03.000 align:start\n<b>Bellen</b> blazen\n"
        "samen\n\n01:00.000 --> 01:02.250\nKlaar\n"
    )
    assert read_cues(vtt) == [Cue(1.5, 3.0, "Bellen blazen samen"), Cue(60.0, 62.25, "Klaar")]


def _decrypted(stored: Path, key_hex: str, lesson_id: int) -> bytes:
    playlist = (stored / "v1" / "index.m3u8").read_text()
    found = re.search(r'URI="/api/lessons/(\d+)/key",IV=0x([0-9a-f]{32})', playlist)
    assert found and int(found.group(1)) == lesson_id
    decryptor = Cipher(
        algorithms.AES(bytes.fromhex(key_hex)), modes.CBC(bytes.fromhex(found.group(2)))
    ).decryptor()
    return decryptor.update((stored / "v1" / "s000.ts").read_bytes()) + decryptor.finalize()


async def test_the_seed_encrypts_a_fixture_package_with_a_key_of_its_own_once(
    database, made, tree, tmp_path
):
    await lesson("level-0-lesson-0")  # so the lesson gets another id than the fixtures assumed
    given = await lesson(KEY, free_preview=True)
    storage = LocalStorage(tmp_path / "videos")

    assert await seed_videos(tree, storage, "/api") == 1

    row = await LessonVideo.get(lesson_id=given.id)
    assert re.fullmatch(rf"videos/{KEY}/[0-9a-f]{{16}}", row.prefix)
    assert (row.duration_ms, row.captions) == (2000, list(LOCALES))
    stored = tmp_path / row.prefix
    assert not (stored / "package.json").exists()
    assert (stored / "v1" / "s000.ts").read_bytes() != (made / "v1" / "s000.ts").read_bytes()
    plain = _decrypted(stored, row.key_hex, given.id)
    assert plain.startswith((made / "v1" / "s000.ts").read_bytes())  # then the padding

    # Seeding again attaches nothing new, copies nothing (the files stay) and keeps the row.
    (stored / "v1" / "s000.ts").write_bytes(b"left alone")
    assert await seed_videos(tree, storage, "/api") == 0
    assert (stored / "v1" / "s000.ts").read_bytes() == b"left alone"
    again = await LessonVideo.get(lesson_id=given.id)
    assert (again.prefix, again.key_hex) == (row.prefix, row.key_hex)


async def test_two_installations_seed_the_same_fixture_with_different_keys(
    database, made, tree, tmp_path
):
    given = await lesson(KEY)
    keys = []
    for name in ("one", "two"):
        await LessonVideo.filter(lesson_id=given.id).delete()
        assert await seed_videos(tree, LocalStorage(tmp_path / name), "/api") == 1
        keys.append((await LessonVideo.get(lesson_id=given.id)).key_hex)

    assert keys[0] != keys[1]


async def test_a_lesson_holding_a_burned_key_gets_a_new_key_and_package(
    database, made, tree, tmp_path
):
    """An installation seeded while the fixtures served their keys: its next seed re-keys."""
    given = await lesson(KEY)
    storage = LocalStorage(tmp_path / "videos")
    await seed_videos(tree, storage, "/api")
    old = await LessonVideo.get(lesson_id=given.id)

    assert await seed_videos(tree, storage, "/api", is_burned={old.key_hex}.__contains__) == 1

    new = await LessonVideo.get(lesson_id=given.id)
    assert new.key_hex != old.key_hex and new.prefix != old.prefix
    assert not (tmp_path / old.prefix).exists()  # segments under the burned key are gone
    assert _decrypted(tmp_path / new.prefix, new.key_hex, given.id)[0] == 0x47


def test_the_burned_keys_are_the_ones_the_fixtures_published():
    """BURNED holds the SHA-256 of exactly the twelve keys that lay in the served fixtures
    (read from the repository's history; the last commit that held them is 092c34d)."""
    listed = subprocess.run(
        ["git", "ls-tree", "--name-only", "092c34d", "fixtures/media/videos/"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    if listed.returncode != 0:
        pytest.skip("the repository's history is not here (a shallow or exported copy)")
    published = set()
    for folder in listed.stdout.split():
        shown = subprocess.run(
            ["git", "show", f"092c34d:{folder}/package.json"],
            cwd=REPO_ROOT,
            capture_output=True,
            text=True,
            check=True,
        )
        published.add(json.loads(shown.stdout)["keyHex"])

    assert len(published) == 12
    assert all(burned(key) for key in published)
    assert len(BURNED) == 12


async def test_the_seed_skips_packages_of_lessons_that_do_not_exist(database, made, tree, tmp_path):
    storage = LocalStorage(tmp_path / "videos")

    assert await seed_videos(tree, storage, "/api") == 0
    assert not (tmp_path / "videos").exists()


async def test_seeding_the_shop_attaches_the_fixture_videos(database, made, tree, settings):
    given = await lesson(KEY)
    shop = settings.model_copy(update={"fixtures_dir": tree})

    assert await seed_fixture_videos(shop) == 1

    row = await LessonVideo.get(lesson_id=given.id)
    assert (shop.video_folder / row.prefix.removeprefix("videos/") / "master.m3u8").is_file()


async def test_an_installation_seeded_from_an_earlier_fixture_gets_the_new_video(
    database, made, tree, tmp_path
):
    """The fixtures are made again, and differ (here: a second longer): the next seed of an
    installation that stored the earlier package replaces it, once. (Made again the same, a
    package is the same to the byte, and nothing is retired.)"""
    earlier = tmp_path / "fixtures"
    shutil.copytree(tree, earlier)
    given = await lesson(KEY)
    storage = LocalStorage(tmp_path / "videos")
    assert await seed_videos(earlier, storage, "/api") == 1
    old = await LessonVideo.get(lesson_id=given.id)
    old_master = (earlier / "videos" / KEY / "master.m3u8").read_bytes()

    run = _make(earlier, "--seconds", "3")
    assert run.returncode == 0, run.stderr
    described = json.loads((earlier / "videos" / KEY / "package.json").read_text())
    assert described["retired"] == [master_digest(old_master)]

    assert await seed_videos(earlier, storage, "/api") == 1
    new = await LessonVideo.get(lesson_id=given.id)
    assert new.prefix != old.prefix and new.key_hex != old.key_hex
    assert (old.duration_ms, new.duration_ms) == (2000, 3000)
    assert not (tmp_path / old.prefix).exists()  # the earlier package is deleted
    assert (tmp_path / new.prefix / "master.m3u8").read_bytes() == (
        earlier / "videos" / KEY / "master.m3u8"
    ).read_bytes()
    assert await seed_videos(earlier, storage, "/api") == 0  # and kept from then on


# --- the committed fixtures -----------------------------------------------------------------------


def test_every_committed_package_is_the_current_generators():
    """A change to the picture, the sound or the packaging without ``make fixture-videos``
    leaves the committed videos behind: their recipe no longer matches."""
    stale = []
    for fixture in plan(FIXTURES):
        described = json.loads((FIXTURES / "videos" / fixture.key / "package.json").read_text())
        if described.get("recipe") != recipe(fixture):
            stale.append(fixture.key)

    assert stale == [], "run `make fixture-videos`"


def test_the_committed_videos_last_as_long_as_their_captions_and_stay_small():
    for fixture in plan(FIXTURES):
        folder = FIXTURES / "videos" / fixture.key
        described = json.loads((folder / "package.json").read_text())
        seconds = described["durationMs"] / 1000
        for rendition in ("v0", "v1"):
            plays = playlist_seconds((folder / rendition / "index.m3u8").read_text())
            assert abs(plays - seconds) < 1, (fixture.key, rendition, plays)
        cues = [
            cue
            for locale in LOCALES
            for cue in read_cues((folder / "captions" / f"{locale}.vtt").read_text())
        ]
        assert max(cue.end for cue in cues) <= seconds, fixture.key
    size = sum(path.stat().st_size for path in (FIXTURES / "videos").rglob("*"))
    assert size < 5_000_000


def test_the_committed_packages_retire_the_ones_with_burned_in_words():
    """Every installation seeded before the wordless videos holds the master playlists of
    5c02d51 (the last commit whose videos had the Dutch title and captions drawn in): each
    lesson's package.json retires its own, so the next seed brings the new video."""
    retired = 0
    for fixture in plan(FIXTURES):
        shown = subprocess.run(
            ["git", "show", f"5c02d51:fixtures/videos/{fixture.key}/master.m3u8"],
            cwd=REPO_ROOT,
            capture_output=True,
        )
        if shown.returncode != 0:
            pytest.skip("the repository's history is not here (a shallow or exported copy)")
        described = json.loads((FIXTURES / "videos" / fixture.key / "package.json").read_text())
        assert master_digest(shown.stdout) in described["retired"], fixture.key
        retired += 1
    assert retired == 12
