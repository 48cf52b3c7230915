"""Helpers for tests that need real sockets: a free local port, and the app served over real HTTP
(the ASGI test client reports its peer as "mockserver"; here the peer is 127.0.0.1)."""

from __future__ import annotations

import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
from sanic import Sanic


def free_port() -> int:
    """A port nothing listens on right now (also usable as a closed port)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@asynccontextmanager
async def serving(app: Sanic, host: str = "localhost:8000") -> AsyncIterator[httpx.AsyncClient]:
    """The app on a real socket at 127.0.0.1, and an HTTP client talking to it."""
    port = free_port()
    server = await app.create_server(host="127.0.0.1", port=port, return_asyncio_server=True)
    assert server is not None
    await server.startup()
    await server.before_start()
    await server.after_start()
    try:
        async with httpx.AsyncClient(
            base_url=f"http://127.0.0.1:{port}", headers={"host": host}
        ) as client:
            yield client
    finally:
        await server.before_stop()
        await server.close()
        await server.after_stop()
