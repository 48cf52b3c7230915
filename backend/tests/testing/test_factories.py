"""Test set-ups live in splash.testing, not in the domains' production modules."""

import ast
import re
from pathlib import Path

from splash.accounts import passwords
from splash.testing import factories

PACKAGE = Path(__file__).resolve().parents[2] / "splash"
TEST_ONLY = re.compile(r"(^|_)test(_|$)")


def top_level_functions(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    kinds = (ast.FunctionDef, ast.AsyncFunctionDef)
    return {node.name for node in tree.body if isinstance(node, kinds)}


def test_no_production_module_defines_a_test_set_up():
    found = {
        f"{path.relative_to(PACKAGE)}:{name}"
        for path in PACKAGE.rglob("*.py")
        if path.relative_to(PACKAGE).parts[0] != "testing"
        for name in top_level_functions(path)
        if TEST_ONLY.search(name) or name in ("reset_code_for", "catalog_ids")
    }
    assert found == set()


def test_the_set_ups_are_in_splash_testing():
    defined = top_level_functions(PACKAGE / "testing" / "factories.py")
    assert {"create_test_user", "reset_code_for", "catalog_ids"} <= defined
    assert factories.create_test_user.__module__ == "splash.testing.factories"


async def test_a_test_user_is_a_confirmed_parent_who_can_sign_in(database):
    user = await factories.create_test_user("Ouder@Example.com", "Zwemmen-2026")
    assert (user.email, user.username, user.confirmed) == (
        "ouder@example.com",
        "ouder@example.com",
        True,
    )
    assert await passwords.verify_password(user.password_hash, "Zwemmen-2026")
