"""Dependencies point one way (STYLE.md habit 1), checked on every module's imports."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "splash"
PURE = [
    "splash/errors.py",
    "splash/collections.py",
    "splash/schemas.py",
    "splash/fixtures.py",
    "splash/catalog/sizes.py",
    "splash/orders/shipping.py",
    "splash/orders/pricing.py",
    "splash/http/query.py",
    "splash/content/navigation.py",
    "splash/content/blocks.py",
    "splash/route_table.py",
    "splash/web/domains.py",
    "splash/web/head.py",
    "splash/forms/rules.py",
    "splash/forms/definitions.py",
]


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def top(names: set[str]) -> set[str]:
    return {name.split(".")[0] for name in names}


SERVICES = [
    *sorted(PACKAGE.rglob("services.py")),
    PACKAGE / "web" / "publish.py",
    PACKAGE / "accounts" / "google.py",
    PACKAGE / "accounts" / "email_change.py",
    PACKAGE / "accounts" / "secrets.py",
    PACKAGE / "accounts" / "mails.py",
    *sorted((PACKAGE / "outbox").glob("*.py")),
    PACKAGE / "seed.py",
]


@pytest.mark.parametrize("path", SERVICES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_services_never_import_sanic_or_routes(path):
    names = imported_modules(path)
    assert "sanic" not in top(names)
    assert not {n for n in names if n.endswith(".routes") or n.startswith("splash.http.")}


@pytest.mark.parametrize("relative", PURE)
def test_pure_modules_import_neither_sanic_nor_tortoise(relative):
    path = PACKAGE.parent / relative
    assert path.is_file()
    assert not top(imported_modules(path)) & {"sanic", "tortoise"}


def test_domains_use_each_other_only_through_services():
    # mail/ and http/ are shared infrastructure, not domains.
    domains = {"content", "web", "forms", "accounts", "catalog", "orders", "academy"}
    for path in PACKAGE.rglob("*.py"):
        parts = path.relative_to(PACKAGE).parts
        if len(parts) < 2 or parts[0] not in domains:
            continue
        for name in imported_modules(path):
            bits = name.split(".")
            if (
                len(bits) >= 3
                and bits[0] == "splash"
                and bits[1] in domains
                and bits[1] != parts[0]
            ):
                assert bits[2] in ("services", "schemas"), (
                    f"{path.relative_to(PACKAGE)} imports {name}"
                )
