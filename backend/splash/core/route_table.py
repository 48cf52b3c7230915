"""The route contract (``contracts/routes.json``), read by the backend exactly as the SPA reads it.

Pure: tells a URL's route name and parameters per locale, builds a route's path in another locale,
and keeps the catch-all page route last. No Sanic, no database.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from urllib.parse import quote


class RouteKind(StrEnum):
    PAGE = "page"  # published: rendered HTML + payload per locale and path
    APP = "app"  # rendered in the browser for the visitor (account, order, reset…)
    SERVER = "server"  # answered by the backend itself (sitemap.xml)


@dataclass(frozen=True)
class Route:
    name: str
    kind: RouteKind
    paths: dict[str, str]
    collection: str | None = None

    @property
    def is_catch_all(self) -> bool:
        return any(path.endswith("*") for path in self.paths.values())


@dataclass(frozen=True)
class RouteMatch:
    route: Route
    params: dict[str, str]


def _pattern(path: str) -> re.Pattern[str]:
    if path.endswith("/*"):
        return re.compile("^/(?P<splat>.*)$")
    parts = [
        f"(?P<{part[1:]}>[^/]+)" if part.startswith(":") else re.escape(part)
        for part in path.strip("/").split("/")
    ]
    return re.compile("^/" + "/".join(parts) + "$") if parts != [""] else re.compile("^/$")


class RouteTable:
    def __init__(self, document: dict) -> None:
        self.locales: list[str] = list(document["locales"])
        self.default_locale: str = document["defaultLocale"]
        routes = [
            Route(r["name"], RouteKind(r["kind"]), dict(r["paths"]), r.get("collection"))
            for r in document["routes"]
        ]
        self.routes = sorted(routes, key=lambda r: r.is_catch_all)  # catch-all last
        self._by_name = {r.name: r for r in self.routes}
        self._patterns = {
            (r.name, loc): _pattern(path) for r in self.routes for loc, path in r.paths.items()
        }

    @classmethod
    def load(cls, path: Path) -> RouteTable:
        return cls(json.loads(path.read_text(encoding="utf-8")))

    def route(self, name: str) -> Route:
        return self._by_name[name]

    def match(self, locale: str, path: str) -> RouteMatch | None:
        """The first route whose path for ``locale`` matches (the catch-all last)."""
        normalized = "/" + path.strip("/") if path != "/" else "/"
        for route in self.routes:
            found = self._patterns[(route.name, locale)].match(normalized)
            if found:
                return RouteMatch(route, {k: v for k, v in found.groupdict().items()})
        return None

    def path_for(self, name: str, locale: str, params: dict[str, str] | None = None) -> str:
        template = self._by_name[name].paths[locale]
        values = params or {}
        if template.endswith("/*"):
            return "/" + values.get("splat", "").strip("/")
        return re.sub(r":(\w+)", lambda m: quote(values[m.group(1)], safe=""), template)
