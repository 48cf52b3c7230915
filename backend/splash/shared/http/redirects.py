"""Every redirect Splash makes goes through ``redirect_to``, so none can leave the shop's domains.

A path taken from a request (``/x?locale=en`` reloads ``/x``) is an open redirect when a browser
reads it as another host: ``//evil.example``, ``/\\evil.example`` (browsers read ``\\`` as
``/``), ``/<tab>/evil.example`` (browsers drop tabs and newlines from URLs), or any of them
percent-encoded, which a proxy or a later hop may decode. A target is kept only when neither its
raw nor its decoded form can be read as a host; anything else goes to the domain's home page.
Absolute targets must be on one of the shop's own origins; the one third party Splash sends
browsers to (Google's sign-in page) is named by the caller from the configuration.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from urllib.parse import unquote, urlsplit

from sanic import Request
from sanic.response import HTTPResponse, redirect

HOME = "/"
_DROPPED_BY_BROWSERS = str.maketrans("", "", "\t\n\r")


def _reads_as_path(target: str) -> bool:
    """Whether a browser resolves ``target`` to a path on the current origin."""
    kept = target.translate(_DROPPED_BY_BROWSERS)
    if any(ord(char) < 0x20 or ord(char) == 0x7F for char in kept):
        return False
    cleaned = kept.replace("\\", "/")
    return cleaned.startswith("/") and not cleaned.startswith("//")


def is_local_path(target: str) -> bool:
    """A path on this origin, as written and once percent-decoded (``/%2F%2Fhost`` is not)."""
    return _reads_as_path(target) and _reads_as_path(unquote(target))


def safe_location(target: str, own_origins: Collection[str], external: str | None = None) -> str:
    """``target`` when it stays on the shop's origins (or is the configured ``external`` page
    with a query), else the home page."""
    if is_local_path(target):
        return target
    if external and (target == external or target.startswith(external + "?")):
        return target
    parts = urlsplit(target)
    origin = f"{parts.scheme}://{parts.netloc}".lower()
    rest = target[len(origin) :] or HOME
    if parts.scheme and origin in own_origins and is_local_path(rest):
        return target
    return HOME


def shop_target(
    target: str, locales: Iterable[str], origin_of: Callable[[str], str]
) -> tuple[str, str] | None:
    """The locale and the path (with its query) of ``target`` when it is an absolute URL on one
    of the shop's own origins (``origin_of(locale)``) and a browser reads its path as a path
    there; None for any other (another host, user info, a path that reads as a host)."""
    parts = urlsplit(target)
    origin = f"{parts.scheme}://{parts.netloc}".lower()
    locale = next((each for each in locales if origin_of(each) == origin), None)
    rest = target[len(origin) :].split("#", 1)[0] or HOME
    if locale is None or not is_local_path(rest):
        return None
    return locale, rest


def redirect_to(
    request: Request,
    target: str,
    *,
    status: int = 302,
    headers: dict[str, str] | None = None,
    external: str | None = None,
) -> HTTPResponse:
    """The one way to redirect: a 3xx to ``target`` made safe by :func:`safe_location`."""
    origins = request.app.ctx.settings.origins
    return redirect(safe_location(target, origins, external), headers=headers, status=status)
