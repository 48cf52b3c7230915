"""The locale a request asks for: its ``locale`` query parameter, else its domain's."""

from __future__ import annotations

from sanic import Request

from splash.content import services as content
from splash.shared.http.context import domain_locale
from splash.shared.http.request import query_str


async def requested_locale(request: Request) -> str:
    """The ``locale`` query parameter, else the domain's locale (400 for an unknown one)."""
    return await content.check_locale(query_str(request, "locale") or domain_locale(request))
