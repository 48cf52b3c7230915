"""A request must name a path: ``GET https://evil.example?locale=en`` (an absolute-form target
without one) made Sanic fail with a 500 while routing; it is a 400 now, in the error envelope."""

from __future__ import annotations

from sanic import Request

from splash.core.errors import ValidationError


async def require_path(request: Request) -> None:
    """Signal handler for ``http.routing.before``: runs before Sanic reads the path to route."""
    try:
        request.path  # noqa: B018  # Sanic fails here when the target has no path
    except AttributeError:
        raise ValidationError.for_field(["path"], "The request target must be a path") from None
