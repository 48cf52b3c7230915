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

A kept answer goes onto the connection as the bytes Sanic's HTTP/1.1 writer would send: its
status line and headers are formatted once, when it is kept. Going through a response object
again (its header dictionary, formatted one header at a time for every request) cost a sixth
of the payload's throughput. So the edge answers on Sanic's own HTTP/1.1 connections, what
``python -m splash serve`` runs; under ASGI (the test client) every request goes the whole way.

Only a GET goes to the edge, without a conditional, range or expect header (those go the
whole way and get their 304, 206 or 100 there). A page whose answer depends on more than its
path (the domain's root redirects by cookie and browser languages) is marked with a *guard*
that says per request whether the kept answer applies. Memory is bounded like the answer
cache's (the least recently used go first).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass

from sanic import Request
from sanic.helpers import STATUS_CODES
from sanic.http import Http, Stage
from sanic.response import BaseHTTPResponse

from splash.shared.edge.answers import KeptBytes
from splash.shared.http import randomness
from splash.shared.http.compression import Pieces, accepts
from splash.shared.http.context import domain_locale, set_locale

Guard = Callable[[Request], bool]
PER_RESPONSE = frozenset({b"x-request-id", b"content-length", b"connection", b"alt-svc"})
REFUSED = ("if-none-match", "if-modified-since", "range", "expect")


@dataclass(frozen=True)
class Mark:
    """What an answer was made from (a published build; the content's generation and a
    variant's stock, …) and how to ask what that is now."""

    version: Hashable
    current: Callable[[], Awaitable[Hashable]]
    guard: Guard | None


@dataclass(frozen=True)
class Kept:
    """A response as it was sent: its head (the status line and the headers that are the same
    every time, formatted) and its body, each split around its nonce (one part when it had
    none)."""

    status: int
    head: tuple[bytes, ...]
    body: Pieces
    made_from: Mark


def kept_size(kept: Kept) -> int:
    return kept.body.size + sum(len(part) for part in kept.head)


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
        if (
            request.method != "GET"
            or not isinstance(request.stream, Http)
            or any(name in request.headers for name in REFUSED)
        ):
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
            or not isinstance(request.stream, Http)  # find would never send it
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
        head = b"HTTP/1.1 %d %b\r\n" % (response.status, STATUS_CODES[response.status])
        for name, value in response.processed_headers:
            if name not in PER_RESPONSE:
                head += b"%b: %b\r\n" % (name, value)
        parts = tuple(head.split(nonce.encode())) if nonce else (head,)
        kept = Kept(response.status, parts, pieces, marked)
        self._kept.keep(_key(request, domain_locale(request)), kept)


async def send(request: Request, kept: Kept) -> None:
    """Answers ``request`` with ``kept`` on its connection (:meth:`Edge.find` found it on Sanic's
    HTTP/1.1 one), as Sanic's own writer ends a response: the bytes, then the connection is
    ready for its next request."""
    http: Http = request.stream  # type: ignore[assignment]
    nonce = randomness.nonce().encode() if len(kept.body.raw) > 1 else b""
    body = kept.body.join(nonce)
    connection = b"keep-alive" if http.keep_alive else b"close"
    own = b"x-request-id: %b\r\ncontent-length: %d\r\nconnection: %b\r\n\r\n" % (
        str(request.id).encode(errors="surrogateescape"),  # header-safe (SplashRequest)
        len(body),
        connection,
    )
    await http.protocol.send(nonce.join(kept.head) + own + body)
    http.stage = Stage.IDLE
