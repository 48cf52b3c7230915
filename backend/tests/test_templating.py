"""One Jinja2 environment factory (splash.core.templating) serves the e-mails and the HTML shell."""

import ast
from pathlib import Path

import pytest
from jinja2 import UndefinedError

from splash.core.templating import template_environment

PACKAGE = Path(__file__).resolve().parents[1] / "splash"


def builds_an_environment(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Call)
        and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Environment"
        for node in ast.walk(tree)
    )


def test_only_splash_templating_builds_a_jinja_environment():
    builders = {
        str(p.relative_to(PACKAGE)) for p in PACKAGE.rglob("*.py") if builds_an_environment(p)
    }
    assert builders == {"core/templating.py"}


@pytest.mark.parametrize("package", ["splash.shared.mail", "splash.site.web"])
def test_mail_and_shell_templates_come_from_the_shared_factory(package):
    env = template_environment(package)
    assert env is template_environment(package)  # built once per package
    assert env.autoescape("x.html") is True
    with pytest.raises(UndefinedError):
        env.from_string("{{ missing }}").render()
