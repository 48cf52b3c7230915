"""The tests' own rules (issue 26), read from their source: a test module imports helpers from
support modules, never from another test module or a conftest; and every test asserts something,
since a test that asserts nothing cannot fail."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

BACKEND = Path(__file__).resolve().parents[1]
TESTS = BACKEND / "tests"
# Where the helpers a test calls are defined: tests/ (support modules, conftests and the test
# modules' own helpers) and the test kit (factories, stubs, states).
HELPER_ROOTS = [TESTS, BACKEND / "testkit"]

# What checks by itself: a failed pytest.raises / warns block, an explicit pytest.fail.
CHECKING_CALLS = {"raises", "warns", "fail", "deprecated_call"}
FUNCTION = (ast.FunctionDef, ast.AsyncFunctionDef)


def modules(root: Path) -> Iterator[tuple[Path, ast.Module]]:
    for path in sorted(root.rglob("*.py")):
        yield path, ast.parse(path.read_text(encoding="utf-8"), str(path))


def is_test_module(path: Path) -> bool:
    return path.name.startswith("test_")


def called_name(call: ast.Call) -> str | None:
    """``check(…)`` and ``module.check(…)`` both answer "check"."""
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def checks_itself(function: ast.AST) -> bool:
    """Whether the function asserts, expects an error (pytest.raises…) or raises AssertionError."""
    return any(
        isinstance(node, ast.Assert)
        or (isinstance(node, ast.Call) and called_name(node) in CHECKING_CALLS)
        or (isinstance(node, ast.Raise) and "AssertionError" in ast.unparse(node))
        for node in ast.walk(function)
    )


def calls(function: ast.AST) -> set[str]:
    """The names the function calls (see called_name)."""
    found = (called_name(node) for node in ast.walk(function) if isinstance(node, ast.Call))
    return {name for name in found if name}


def functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    for node in ast.walk(tree):
        if isinstance(node, FUNCTION):
            yield node


def asserting_helpers() -> set[str]:
    """The names of the helpers that assert, directly or through another helper that does. By
    name only: when two functions share a name and one of them asserts, a test calling the other
    gets through too."""
    helpers: dict[str, list[ast.AST]] = {}
    for root in HELPER_ROOTS:
        for _, tree in modules(root):
            for node in functions(tree):
                if not node.name.startswith("test_"):
                    helpers.setdefault(node.name, []).append(node)
    asserting = {name for name, nodes in helpers.items() if any(map(checks_itself, nodes))}
    while True:
        more = {
            name
            for name, nodes in helpers.items()
            if any(calls(node) & asserting for node in nodes)
        } - asserting
        if not more:
            return asserting
        asserting |= more


def cases_in(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The module's tests: its test_* functions and the test_* methods of its Test* classes."""
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    members = [item for cls in classes if cls.name.startswith("Test") for item in cls.body]
    for node in tree.body + members:
        if isinstance(node, FUNCTION) and node.name.startswith("test_"):
            yield node


def test_every_test_asserts_something():
    helpers = asserting_helpers()
    silent = [
        f"{path.relative_to(BACKEND)}::{test.name}"
        for path, tree in modules(TESTS)
        if is_test_module(path)
        for test in cases_in(tree)
        if not checks_itself(test) and not calls(test) & helpers
    ]
    assert silent == [], "tests that assert nothing (assert, pytest.raises, or a helper that does):"


def is_test_module_name(module: str) -> bool:
    return module.startswith("tests.") and module.rsplit(".", 1)[-1].startswith("test_")


def is_conftest_name(module: str) -> bool:
    return module.startswith("tests.") and module.rsplit(".", 1)[-1] == "conftest"


def test_helpers_come_from_support_modules_not_test_modules_or_conftests():
    """Helpers come from support modules; a conftest holds fixtures, which pytest hands out (a
    conftest may share another's fixtures or seeding by importing them)."""
    wrong = []
    for path, tree in modules(TESTS):
        where = path.relative_to(BACKEND)
        conftest = path.name == "conftest.py"
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                wrong += [
                    f"{where}: import {a.name}" for a in node.names if is_test_module_name(a.name)
                ]
            if isinstance(node, ast.ImportFrom):
                module = "." * node.level + (node.module or "")
                private = [alias.name for alias in node.names if alias.name.startswith("_")]
                if (
                    node.level
                    or is_test_module_name(module)
                    or (is_conftest_name(module) and not conftest)
                    or (module.startswith("tests.") and private)
                ):
                    wrong.append(
                        f"{where}: from {module} import {', '.join(a.name for a in node.names)}"
                    )
    assert wrong == []


def test_the_rule_tells_a_silent_test_from_one_that_checks():
    """The check above on made-up tests: it would pass on a rule that looks at nothing."""
    source = """
def test_quiet(client):
    client.get('/')

def test_loud(client):
    assert client.get('/').status == 200

def test_raising():
    with pytest.raises(ValueError):
        int('x')

class TestHelped:
    def test_helped(self, inbox):
        inbox.wait(1)
"""
    tests = {test.name: test for test in cases_in(ast.parse(source))}
    assert {name: checks_itself(test) for name, test in tests.items()} == {
        "test_quiet": False,
        "test_loud": True,
        "test_raising": True,
        "test_helped": False,
    }
    assert calls(tests["test_helped"]) & asserting_helpers() == {"wait"}  # tests/outbox/support.py
