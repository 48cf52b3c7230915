"""The edge: answers that are the same for everyone sent again as they left, before routing.

A published page and its payload are the same bytes for every visitor of a domain until the
next publish, a content read (``@cached_read``) until the content (or a variant's stock) changes:
what a CDN or nginx in front of Splash would keep. The edge keeps them inside the app so that
a shop without either is fast too. The first request of such a path goes the whole way
(routing, middleware, handler); its handler marks it with :func:`mark`: what the answer was
made from, and how to ask what that is now. ``Edge.keep`` (called by the app's
last response middleware) keeps the response exactly as it left: status, every header, body.
Later requests for the same locale, path, query and encoding get those bytes without routing
or middleware, as long as what they were made from is still current.
What differs per response is made again: the request id and the CSP nonce (in the policy and
in the page, kept split around the nonce of the first response).

Only a GET goes to the edge, without a conditional or range header (those go the whole way
and get their 304 or 206 there). A page whose answer depends on more than its path (the
domain's root redirects by cookie and browser languages) is marked with a *guard* that says
per request whether the kept answer applies. Memory is bounded like the answer cache's (the
least recently used go first).
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any

from sanic import Request
from sanic.response import BaseHTTPResponse, HTTPResponse

from splash.answer_cache import KeptBytes
from splash.http.compression import Pieces, accepts
from splash.http.context import domain_locale, set_locale

Guard = Callable[[Request], bool]
PER_RESPONSE = frozenset({b"x-request-id", b"content-length", b"connection", b"alt-svc"})
REFUSED = ("if-none-match", "if-modified-since", "range")


@dataclass(frozen=True)
class Mark:
    """What an answer was made from (a published build; the content's generation and a
    variant's stock, …) and how to ask what that is now."""

    version: Hashable
    current: Callable[[], Awaitable[Hashable]]
    guard: Guard | None


@dataclass(frozen=True)
class Kept:
    """A response as it was sent, split around its nonce (one part each when it had none)."""

    status: int
    headers: tuple[tuple[bytes, tuple[bytes, ...]], ...]
    body: Pieces
    made_from: Mark


def kept_size(kept: Kept) -> int:
    return kept.body.size + sum(len(part) for _, parts in kept.headers for part in parts)


def mark(
    request: Request,
    version: Hashable,
    current: Callable[[], Awaitable[Hashable]],
    guard: Guard | None = None,
) -> None:
    """This request's answer is the same for every visitor of the domain (for whom ``guard``
    holds, when given) while ``await current()`` is ``version``."""
    request.ctx.edge = Mark(version, current, guard)


def _key(request: Request, locale: str) -> tuple[str, str, str, bool]:
    gzip = accepts(request.headers.get("accept-encoding", ""), "gzip")
    return (locale, request.path, request.query_string, gzip)


class Edge:
    def __init__(self, max_bytes: int = 64 * 1024 * 1024) -> None:
        self._kept: KeptBytes[Kept] = KeptBytes(kept_size, max_bytes)
        self.hits = 0  # answers sent from the edge since start

    async def find(self, request: Request) -> Kept | None:
        """The kept answer for this request, if it has one that is still current."""
        if request.method != "GET" or any(name in request.headers for name in REFUSED):
            return None
        try:
            request.path  # noqa: B018  # a target without a path: the whole way answers 400
        except AttributeError:
            return None
        kept = self._kept.get(_key(request, set_locale(request)))
        if kept is None:
            return None
        made_from = kept.made_from
        if made_from.version != await made_from.current():
            return None  # changed since (a publish, an edit, a sale): the next answer replaces it
        if made_from.guard is not None and not made_from.guard(request):
            return None
        self.hits += 1
        return kept

    def keep(self, request: Request, response: BaseHTTPResponse) -> None:
        marked: Mark | None = getattr(request.ctx, "edge", None)
        body = getattr(response, "body", None)
        if (
            marked is None
            or marked.version is None
            or response.status != 200
            or not isinstance(body, bytes)
            or "set-cookie" in response.headers
        ):
            return
        nonce: str | None = getattr(request.ctx, "csp_nonce", None)
        pieces: Pieces | None = getattr(request.ctx, "pieces", None)  # compressed around it
        if "content-encoding" not in response.headers:
            pieces = Pieces.of(body, nonce, packed=False)
        elif pieces is None:
            return  # encoded elsewhere
        split = (lambda value: value.split(nonce.encode())) if nonce else (lambda value: [value])
        headers = tuple(
            (name, tuple(split(value)))
            for name, value in response.processed_headers
            if name not in PER_RESPONSE
        )
        kept = Kept(response.status, headers, pieces, marked)
        self._kept.keep(_key(request, domain_locale(request)), kept)


class KeptResponse(HTTPResponse):
    """A kept answer with a fresh nonce: its headers go out as they were encoded."""

    def __init__(self, kept: Kept, nonce: bytes, request_id: str) -> None:
        super().__init__(kept.body.join(nonce), status=kept.status)
        self.headers.clear()  # content-type and the rest are among the kept ones
        self.headers["x-request-id"] = request_id
        self._fixed = tuple((name, nonce.join(parts)) for name, parts in kept.headers)

    @property
    def processed_headers(self) -> Iterator[tuple[bytes, bytes]]:
        yield from self._fixed
        for name, value in self.headers.items():
            yield name.encode("ascii"), f"{value}".encode()


async def send(request: Request, kept: Kept) -> None:
    """Answers ``request`` with ``kept`` (the connection's own respond and send)."""
    nonce = secrets.token_urlsafe(18).encode() if len(kept.body.raw) > 1 else b""
    response: Any = request.stream.respond(KeptResponse(kept, nonce, str(request.id)))  # type: ignore[union-attr]
    await response.send(end_stream=True)
