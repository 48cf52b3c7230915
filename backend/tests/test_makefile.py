"""The Makefile's build target covers both outputs of the SPA build: with `frontend/dist` present
but `frontend/dist-server` missing, `make run` used to fail at publish (`Cannot find module
.../dist-server/entry-server.js`) because make thought the build was up to date."""

import os
import subprocess
import time
from pathlib import Path

from splash.core.config import REPO_ROOT

SOURCES = (
    "frontend/package.json",
    "frontend/package-lock.json",
    "frontend/node_modules/.installed",
    "frontend/vite.config.ts",
    "frontend/src/app/entry-client.tsx",
    "contracts/routes.json",
)
OUTPUTS = ("frontend/dist/builds/latest.json", "frontend/dist-server/entry-server.js")


def tree(root: Path, files: tuple[str, ...], age: float) -> None:
    for relative in files:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
        os.utime(path, (time.time() - age, time.time() - age))


def build_is_up_to_date(root: Path) -> bool:
    """`make -q build` in ``root`` with the real Makefile: 0 up to date, 1 a build is due."""
    result = subprocess.run(
        ["make", "-q", "-f", str(REPO_ROOT / "Makefile"), "build"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode in (0, 1), result.stderr
    return result.returncode == 0


def test_a_missing_server_entry_makes_the_build_due(tmp_path):
    tree(tmp_path, SOURCES, age=60)
    tree(tmp_path, OUTPUTS[:1], age=0)  # frontend/dist only

    assert not build_is_up_to_date(tmp_path)


def test_both_outputs_newer_than_their_sources_are_up_to_date(tmp_path):
    tree(tmp_path, SOURCES, age=60)
    tree(tmp_path, OUTPUTS, age=0)

    assert build_is_up_to_date(tmp_path)


def test_a_changed_source_makes_the_build_due(tmp_path):
    tree(tmp_path, OUTPUTS, age=60)
    tree(tmp_path, SOURCES, age=0)

    assert not build_is_up_to_date(tmp_path)
