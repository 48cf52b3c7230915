"""gzip for what the app renders per request: pages, payloads, API answers, sitemaps.

Built assets come pre-compressed from the build (``web/assets.py``); everything else of a
kilobyte or more is gzipped here when the browser accepts it, so a parent's phone downloads the
page's HTML and each navigation's payload at about a quarter of the size. A compressed answer
varies on Accept-Encoding and carries a weak ETag (same content, other bytes); ``etag_matches``
accepts either form in If-None-Match.
"""

from __future__ import annotations

import gzip

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


async def compress(request: Request, response: BaseHTTPResponse) -> None:
    """Response middleware: gzips a text body of MIN_BYTES or more that is not encoded yet."""
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
    response.body = gzip.compress(body, compresslevel=LEVEL)
    response.headers["content-encoding"] = "gzip"
    etag = response.headers.get("etag")
    if etag and not etag.startswith("W/"):
        response.headers["etag"] = "W/" + etag
