"""Helpers for tests that need real sockets: a free local port, and the app served over real HTTP
(the ASGI test client reports its peer as "mockserver"; here the peer is 127.0.0.1)."""

from __future__ import annotations

import random
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import httpx
from sanic import Sanic


def free_port() -> int:
    """A port nothing listens on right now (also usable as a closed port), below the kernel's
    ephemeral range: a port from that range can be taken by an outgoing connection meanwhile
    (or even connect to itself), which hangs a test server's health check."""
    for _ in range(200):
        port = random.randint(20000, 32000)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port between 20000 and 32000")


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
