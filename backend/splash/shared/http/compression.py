"""gzip for what the app renders per request: pages, payloads, API answers, sitemaps.

Built assets come pre-compressed from the build (``web/assets.py``); everything else of a
kilobyte or more is gzipped here when the browser accepts it, so a parent's phone downloads the
page's HTML and each navigation's payload at about a quarter of the size. A page holds its
response's CSP nonce: its parts around the nonce are compressed on their own (``Pieces``), so
the edge can send the page again with a new nonce without compressing it again. A compressed answer
varies on Accept-Encoding and carries a weak ETag (same content, other bytes); ``etag_matches``
accepts either form in If-None-Match.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

from sanic import Request
from sanic.response import BaseHTTPResponse

MIN_BYTES = 1024
LEVEL = 6
TEXT_TYPES = ("text/", "application/json", "application/xml", "image/svg+xml")


def accepts(accept_encoding: str, encoding: str) -> bool:
    """Whether an Accept-Encoding header allows ``encoding`` (``q=0`` refuses it)."""
    for part in accept_encoding.lower().split(","):
        name, _, params = part.strip().partition(";")
        if name.strip() == encoding:
            quality = params.strip().removeprefix("q=")
            return not params.strip().startswith("q=") or _positive(quality)
    return False


def _positive(quality: str) -> bool:
    try:
        return float(quality) > 0
    except ValueError:
        return False


def etag_matches(if_none_match: str | None, etag: str) -> bool:
    """If-None-Match against our strong ETag: a list, ``*``, or the weak form we send gzipped."""
    if not if_none_match:
        return False
    tags = {tag.strip().removeprefix("W/") for tag in if_none_match.split(",")}
    return "*" in tags or etag in tags


def _vary(response: BaseHTTPResponse) -> None:
    present = response.headers.get("vary", "")
    if "accept-encoding" not in present.lower():
        response.headers["vary"] = f"{present}, accept-encoding" if present else "accept-encoding"


GZIP_HEADER = b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff"  # deflate, no name, no time


@dataclass(frozen=True)
class Pieces:
    """A body in parts, to be joined by a text of a fixed length that changes per response (a
    nonce). ``raw`` are the parts; ``packed`` each part deflated on its own and ended on a byte
    boundary (the last one finished), so a stored block holding the joining text fits between
    any two. Each part is deflated with what came before it as its dictionary, the joints as
    NUL bytes (which no text body holds, so no match reaches into them): the parts still
    refer back to one another and the whole is about as small as one gzip of the page."""

    raw: tuple[bytes, ...]
    joint_length: int = 0
    packed: tuple[bytes, ...] | None = None

    @classmethod
    def of(cls, body: bytes, joint: str | None, packed: bool) -> Pieces:
        raw = tuple(body.split(joint.encode())) if joint else (body,)
        length = len(joint.encode()) if joint else 0
        if not packed:
            return cls(raw, length)
        deflated, history = [], b""
        for number, part in enumerate(raw):
            window = {"zdict": history[-32768:]} if history else {}
            packer = zlib.compressobj(LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS, **window)  # type: ignore[arg-type]
            end = zlib.Z_FINISH if number == len(raw) - 1 else zlib.Z_SYNC_FLUSH
            deflated.append(packer.compress(part) + packer.flush(end))
            history += part + b"\x00" * length
        return cls(raw, length, tuple(deflated))

    @property
    def size(self) -> int:
        return sum(map(len, self.raw)) + sum(map(len, self.packed or ()))

    def join(self, joint: bytes) -> bytes:
        """The body with ``joint`` between the parts: gzip when packed."""
        if len(self.raw) > 1 and len(joint) != self.joint_length:
            raise ValueError(f"the joint must be {self.joint_length} bytes long")
        if self.packed is None:
            return joint.join(self.raw)
        stored = b"\x00" + struct.pack("<HH", len(joint), 0xFFFF ^ len(joint)) + joint
        checksum, size = 0, 0
        for number, part in enumerate(self.raw):
            if number:
                checksum, size = zlib.crc32(joint, checksum), size + len(joint)
            checksum, size = zlib.crc32(part, checksum), size + len(part)
        trailer = struct.pack("<II", checksum, size & 0xFFFFFFFF)
        return GZIP_HEADER + stored.join(self.packed) + trailer


async def compress(request: Request, response: BaseHTTPResponse) -> None:
    """Response middleware: gzips a text body of MIN_BYTES or more that is not encoded yet; a
    body holding the response's nonce in parts around it (``request.ctx.pieces``)."""
    body = getattr(response, "body", None)
    content_type = (response.content_type or "").lower()
    if (
        not isinstance(body, bytes)
        or len(body) < MIN_BYTES
        or "content-encoding" in response.headers
        or not content_type.startswith(TEXT_TYPES)
    ):
        return
    _vary(response)
    if not accepts(request.headers.get("accept-encoding", ""), "gzip"):
        return
    pieces = Pieces.of(body, getattr(request.ctx, "csp_nonce", None), packed=True)
    request.ctx.pieces = pieces
    response.body = pieces.join(request.ctx.csp_nonce.encode() if len(pieces.raw) > 1 else b"")
    response.headers["content-encoding"] = "gzip"
    etag = response.headers.get("etag")
    if etag and not etag.startswith("W/"):
        response.headers["etag"] = "W/" + etag
