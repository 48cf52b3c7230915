"""The import contracts of pyproject.toml (``make lint`` runs them) hold on the code, and each
one breaks on a bad import planted in a copy of it: a contract that cannot fail guards nothing.

To see one fail by hand: add ``from splash.accounts import services`` to
``shared/http/errors.py`` and run ``make lint`` (or ``.venv/bin/lint-imports pyproject.toml`` in
``backend/``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from splash.core.config import REPO_ROOT

BACKEND = REPO_ROOT / "backend"
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
CONTRACTS = (
    "Rings: site, then domains, then shared, then core",
    "Shared never imports a domain",
    "No cycles between the parts of Splash",
)
# Where to plant which import, and the contracts it must break.
PLANTED = {
    "core imports a domain": (
        "splash/core/formatting.py",
        "from splash.catalog import models",
        {CONTRACTS[0], CONTRACTS[2]},  # and a cycle: catalog imports the core
    ),
    "shared imports a domain": (
        "splash/shared/http/errors.py",
        "from splash.accounts import services",
        set(CONTRACTS),  # and a cycle: accounts imports http
    ),
    "a domain imports the site": (
        "splash/forms/services.py",
        "from splash.site import wiring",
        {CONTRACTS[0], CONTRACTS[2]},  # and a cycle: the wiring imports forms
    ),
    "two domains import each other": (
        "splash/content/services.py",
        "from splash.catalog import models",  # catalog imports content
        {CONTRACTS[2]},
    ),
}


def _lint_imports(backend: Path) -> dict[str, bool]:
    """Each contract's name → whether it was kept, for the package in ``backend``."""
    result = subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "pyproject.toml"],
        cwd=backend,
        env={**os.environ, "PYTHONPATH": str(backend)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    kept = {}
    for line in result.stdout.splitlines():
        for name in CONTRACTS:
            if line.startswith(name) and line.rstrip().endswith(("KEPT", "BROKEN")):
                kept[name] = line.rstrip().endswith("KEPT")
    assert set(kept) == set(CONTRACTS), result.stdout + result.stderr
    return kept


def test_the_contracts_hold_on_the_code():
    assert _lint_imports(BACKEND) == dict.fromkeys(CONTRACTS, True)


@pytest.mark.parametrize("case", PLANTED)
def test_each_contract_breaks_on_a_planted_bad_import(case, tmp_path):
    path, statement, broken = PLANTED[case]
    copy = tmp_path / "backend"
    shutil.copytree(BACKEND / "splash", copy / "splash", ignore=shutil.ignore_patterns("*.pyc"))
    shutil.copy(BACKEND / "pyproject.toml", copy / "pyproject.toml")
    planted = copy / path
    planted.write_text(f"{planted.read_text(encoding='utf-8')}\n{statement}  # planted\n")

    kept = _lint_imports(copy)

    assert {name for name, held in kept.items() if not held} == broken
