"""The one way to make a Jinja2 environment: for the e-mails (``splash.shared.mail``) and the HTML
shell (``splash.site.web``). HTML is autoescaped; an undefined variable raises instead of
rendering as nothing (a typo fails in tests, not silently in a parent's inbox or a page);
block tags leave no blank lines behind."""

from __future__ import annotations

from functools import cache

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape


@cache
def template_environment(package: str) -> Environment:
    """The environment of the ``templates/`` folder of ``package`` (one per package)."""
    return Environment(
        loader=PackageLoader(package, "templates"),
        autoescape=select_autoescape(["html"]),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
