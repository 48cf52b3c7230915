"""Dependencies point one way (STYLE.md habit 1), checked on every module's imports."""

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "splash"
PURE = [
    "splash/editing/slugs.py",
    "splash/editing/diff.py",
    "splash/editing/redirects.py",
    "splash/editing/preview_tokens.py",
    "splash/editing/documents.py",
    "splash/academy/offers.py",
    "splash/academy/access.py",
    "splash/academy/webvtt.py",
    "splash/academy/poster_images.py",
    "splash/core/errors.py",
    "splash/core/formatting.py",
    "splash/orders/addresses.py",
    "splash/core/locales/__init__.py",
    "splash/orders/stock_texts.py",
    "splash/shared/collections.py",
    "splash/core/schemas.py",
    "splash/core/fixtures.py",
    "splash/catalog/sizes.py",
    "splash/orders/shipping.py",
    "splash/orders/payment_status.py",
    "splash/orders/vocabulary.py",
    "splash/accounts/vocabulary.py",
    "splash/catalog/vocabulary.py",
    "splash/orders/cart_pricing.py",
    "splash/orders/order_pricing.py",
    "splash/orders/idempotency.py",
    "splash/orders/order_numbers.py",
    "splash/shared/http/query.py",
    "splash/content/navigation.py",
    "splash/content/blocks.py",
    "splash/content/block_forms.py",
    "splash/core/route_table.py",
    "splash/core/domains.py",
    "splash/site/web/head.py",
    "splash/forms/rules.py",
    "splash/forms/definitions.py",
    "splash/academy/video_tokens.py",
    "splash/core/video_files.py",
    "splash/media/images.py",
    "splash/media/references.py",
    "splash/media/vocabulary.py",
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
    PACKAGE / "site" / "web" / "publish.py",
    PACKAGE / "accounts" / "google.py",
    PACKAGE / "accounts" / "email_change.py",
    PACKAGE / "accounts" / "secrets.py",
    PACKAGE / "accounts" / "mails.py",
    *sorted((PACKAGE / "shared" / "outbox").glob("*.py")),
    PACKAGE / "site" / "seed.py",
    PACKAGE / "orders" / "payment_updates.py",
    PACKAGE / "orders" / "fulfilment.py",
    PACKAGE / "media" / "variants.py",
    PACKAGE / "media" / "publishing.py",
    *sorted(p for p in (PACKAGE / "orders" / "payments").glob("*.py") if p.name != "routes.py"),
]


@pytest.mark.parametrize("path", SERVICES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_services_never_import_sanic_or_routes(path):
    names = imported_modules(path)
    assert "sanic" not in top(names)
    assert not {n for n in names if n.endswith(".routes") or n.startswith("splash.shared.http.")}


@pytest.mark.parametrize("relative", PURE)
def test_pure_modules_import_neither_sanic_nor_tortoise(relative):
    path = PACKAGE.parent / relative
    assert path.is_file()
    assert not top(imported_modules(path)) & {"sanic", "tortoise"}


# mail/ and http/ are shared infrastructure, not domains.
DOMAINS = {
    "content",
    "web",
    "forms",
    "accounts",
    "catalog",
    "orders",
    "academy",
    "handoff",
    "media",
}
# Everything of a domain but its routes and what they ask of the request (``requests.py``: who
# is signed in, the requested locale, a browser's device pass): services and the modules they
# use (outbox is one too).
REQUEST_SIDE = ("routes.py", "studio_routes.py", "requests.py")
BELOW_ROUTES = sorted(
    path
    for folder in (*DOMAINS, "outbox")
    if (PACKAGE / folder).is_dir()
    for path in (PACKAGE / folder).rglob("*.py")
    if not path.name.endswith(REQUEST_SIDE)  # routes.py, studio_routes.py, refund_routes.py
)


def request_reads(path: Path) -> list[str]:
    """Where a module handles the request itself: its headers, an ``authorization`` value
    passed in, the ``Bearer`` scheme parsed, or sanic imported. Only http/, routes and a domain's
    requests.py do that; below them code takes the user and locale they decided."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [f"imports {name}" for name in imported_modules(path) if name.split(".")[0] == "sanic"]
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "headers":
            found.append(f"line {node.lineno}: reads .headers")
        elif isinstance(node, ast.arg) and (
            node.arg == "authorization" or "header" in node.arg.lower()
        ):
            found.append(f"line {node.lineno}: takes {node.arg!r}")
        elif (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and node.value.strip().lower() == "bearer"
        ):
            found.append(f"line {node.lineno}: parses the Bearer scheme")
    return found


@pytest.mark.parametrize("path", BELOW_ROUTES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_code_below_routes_never_reads_the_request(path):
    assert request_reads(path) == []


def test_the_request_check_sees_a_header_read(tmp_path):
    sample = tmp_path / "services.py"
    sample.write_text(
        "async def authenticate(authorization, settings):\n"
        '    scheme, _, token = authorization.partition(" ")\n'
        '    return scheme.lower() == "bearer"\n'
        "def host(request):\n"
        '    return request.headers.get("host")\n',
        encoding="utf-8",
    )
    assert request_reads(sample) == [
        "line 1: takes 'authorization'",
        "line 3: parses the Bearer scheme",
        "line 5: reads .headers",
    ]


def test_domains_use_each_other_only_through_services():
    domains = DOMAINS
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
                assert bits[2] in ("services", "schemas", "vocabulary", "requests", "activity"), (
                    f"{path.relative_to(PACKAGE)} imports {name}"
                )


def imported_names(path: Path) -> set[str]:
    """Every module a file imports, ``from splash import catalog`` counted as splash.catalog."""
    names = imported_modules(path)
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize(
    "path",
    sorted((PACKAGE / "content").rglob("*.py")),
    ids=lambda p: str(p.relative_to(PACKAGE)),
)
def test_content_imports_neither_catalog_nor_forms(path):
    # Blocks that show products or forms are filled in by the app layer (web/compose.py).
    leaked = {
        name
        for name in imported_names(path)
        if name.split(".")[:2] in (["splash", "catalog"], ["splash", "forms"])
    }
    assert leaked == set()


# One way to answer: a route answers through a typed model with
# splash.shared.http.response.public, never sanic's json() of a dict. Only public() itself and
# the OpenAPI document (which is the document, not a model of it) call sanic's json.
ONE_WAY = {PACKAGE / "shared" / "http" / "response.py", PACKAGE / "shared" / "http" / "openapi.py"}
ROUTE_MODULES = sorted(path for path in PACKAGE.rglob("*.py") if path not in ONE_WAY)


def sanic_json_calls(path: Path) -> list[str]:
    """Where a module answers with sanic's ``json``: imported from sanic or sanic.response (also
    renamed), or called as ``sanic.json``/``response.json`` on the imported module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {"sanic"}  # names bound to sanic or sanic.response in this module
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules |= {a.asname or a.name for a in node.names if a.name == "sanic.response"}
        elif isinstance(node, ast.ImportFrom) and node.module == "sanic":
            modules |= {a.asname or a.name for a in node.names if a.name == "response"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("sanic", "sanic.response"):
            found += [f"line {node.lineno}: imports json" for a in node.names if a.name == "json"]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "json"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id in modules
        ):
            found.append(f"line {node.lineno}: calls {node.func.value.id}.json")
    return found


@pytest.mark.parametrize("path", ROUTE_MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_routes_answer_through_public_not_sanic_json(path):
    assert sanic_json_calls(path) == []


def test_the_answer_check_sees_sanic_json(tmp_path):
    sample = tmp_path / "routes.py"
    sample.write_text(
        "import sanic\n"
        "from sanic import Blueprint, json\n"
        "from sanic.response import json as answer\n"
        "from sanic import response as r\n"
        "async def locales(request, client):\n"
        "    (await client.get('/x')).json()  # an HTTP client's answer: not sanic's\n"
        "    r.json([])\n"
        "    return sanic.json([])\n",
        encoding="utf-8",
    )
    assert sanic_json_calls(sample) == [
        "line 2: imports json",
        "line 3: imports json",
        "line 7: calls r.json",
        "line 8: calls sanic.json",
    ]
