"""The edge: what a CDN or nginx in front of Splash would keep, kept inside the app so that a shop
without either is fast too (decisions/0004). Two parts, one switch (``SPLASH_EDGE``):

- ``answers``: content reads computed once per content generation (``@cached_read``, ``bump``);
- ``kept``: answers the same for everyone (published pages and payloads, cached reads) kept as
  the bytes that left and written straight onto Sanic's HTTP/1.1 connection before routing
  (``mark``; ``EdgeApp.handle_request``).

This folder is the only code that overrides Sanic's request handling or writes to its
connections; tests/web/test_sanic_internals.py fails when an upgrade of Sanic changes what it
relies on. With ``SPLASH_EDGE=false`` the app answers every request the plain way, with the same
bytes (tests/web/test_edge_switch.py).
"""

from __future__ import annotations

from sanic import Request, Sanic
from sanic.response import BaseHTTPResponse

from splash.core.config import Settings
from splash.shared.edge.answers import AnswerCache, bump, generation_for
from splash.shared.edge.kept import Edge, mark, send
from splash.shared.edge.reads import cached_read
from splash.shared.http import logging

__all__ = ["EdgeApp", "bump", "cached_read", "install", "mark"]


class EdgeApp(Sanic):
    async def handle_request(self, request: Request) -> None:  # type: ignore[override]
        """Answers kept at the edge go out before routing; every other request the whole way."""
        edge: Edge | None = self.ctx.edge
        kept = await edge.find(request) if edge is not None else None
        if kept is None:
            await super().handle_request(request)
            return
        await send(request, kept)
        if self.ctx.access_log:
            logging.log_access(request, kept.status)


def install(app: Sanic, settings: Settings) -> None:
    """The answer cache and the edge on ``app``, unless ``SPLASH_EDGE`` is off."""
    app.ctx.answers = AnswerCache(generation_for(settings)) if settings.edge else None
    app.ctx.edge = Edge() if settings.edge else None
    if settings.edge:
        # Response middleware run from the lowest priority up: this one sees the final response.
        app.register_middleware(_keep, "response", priority=1000)

    @app.after_server_stop
    async def _close(app: Sanic) -> None:
        if app.ctx.answers is not None:
            await app.ctx.answers.close()


async def _keep(request: Request, response: BaseHTTPResponse) -> None:
    request.app.ctx.edge.keep(request, response)
