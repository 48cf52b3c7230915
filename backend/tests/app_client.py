"""The app's test client: real requests through the app (ASGI), with a Host header per shop
domain."""

from __future__ import annotations

from typing import Any

import httpx
from sanic import Sanic
from sanic_testing.testing import ASGI_BASE_URL, SanicASGITestClient, TestingResponse


class _AsgiClient(SanicASGITestClient):
    """sanic-testing's ASGI client, building the app's routers once instead of at every request
    (three quarters of a test request's time: the routers are rendered to source and compiled).
    Each request still runs the app's start and stop listeners, as sanic-testing's does, so the
    outbox has been drained once an answer is in."""

    built = False

    async def request(  # type: ignore[override]
        self, method: str, url: str, *args: Any, **kwargs: Any
    ) -> tuple[None, TestingResponse]:
        app = self.sanic_app
        if not self.built:
            app.router.reset()
            app.signal_router.reset()
            await app._startup()
            self.built = True
        await app._server_event("init", "before")
        await app._server_event("init", "after")
        try:
            absolute = url if url.startswith("http") else ASGI_BASE_URL + url
            response = await httpx.AsyncClient.request(self, method, absolute, **kwargs)
        finally:
            await app._server_event("shutdown", "before")
            await app._server_event("shutdown", "after")
        response.__class__ = TestingResponse
        return None, response  # type: ignore[return-value]


class Client:
    """Real requests through the app (ASGI) with a Host header per shop domain."""

    def __init__(self, app: Sanic) -> None:
        self.app = app
        self.asgi = _AsgiClient(app)

    async def send(
        self, method: str, path: str, host: str = "localhost:8000", **kwargs: Any
    ) -> Any:
        headers = {"host": host, **kwargs.pop("headers", {})}
        _, response = await self.asgi.request(method, path, headers=headers, **kwargs)
        return response

    async def get(self, path: str, host: str = "localhost:8000", **kwargs: Any) -> Any:
        return await self.send("GET", path, host, **kwargs)

    async def post(self, path: str, host: str = "localhost:8000", **kwargs: Any) -> Any:
        return await self.send("POST", path, host, **kwargs)

    async def put(self, path: str, host: str = "localhost:8000", **kwargs: Any) -> Any:
        return await self.send("PUT", path, host, **kwargs)

    async def patch(self, path: str, host: str = "localhost:8000", **kwargs: Any) -> Any:
        return await self.send("PATCH", path, host, **kwargs)

    async def delete(self, path: str, host: str = "localhost:8000", **kwargs: Any) -> Any:
        return await self.send("DELETE", path, host, **kwargs)
