"""Locale detection at a domain's root (spec §1): the locale cookie first, then the browser's
languages, then the domain's own locale. Only the root redirects; crawlers never do. Pure."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

COOKIE = "locale"
COOKIE_MAX_AGE = 365 * 24 * 3600
# Words of crawlers' user agents, found by substring: a case-blind regular expression of the
# same words took 9 µs on a phone's user agent, more than the rest of a kept home page's answer.
CRAWLER_WORDS = (
    "bot",
    "crawl",
    "spider",
    "slurp",
    "lighthouse",
    "facebookexternalhit",
    "embedly",
    "preview",
)


def is_crawler(user_agent: str) -> bool:
    agent = user_agent.lower()
    return any(word in agent for word in CRAWLER_WORDS)


def preferred_locales(accept_language: str, supported: Sequence[str]) -> list[str]:
    """Supported locales in the order of the Accept-Language header (q-values respected)."""
    return list(_preferred(accept_language, tuple(supported)))


@functools.lru_cache(maxsize=256)  # browsers send a few headers again and again; ≤ 2 MB
def _preferred(accept_language: str, supported: tuple[str, ...]) -> tuple[str, ...]:
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        match = re.search(r"q=([^;\s]*)", params)
        if match:
            try:
                quality = float(match.group(1))
            except ValueError:
                continue
        language = tag.strip().lower().split("-")[0]
        if language in supported and quality > 0:
            ranked.append((-quality, index, language))
    seen: list[str] = []
    for _, _, language in sorted(ranked):
        if language not in seen:
            seen.append(language)
    return tuple(seen)


def root_redirect(
    *,
    domain_locale: str,
    cookie: str | None,
    accept_language: str,
    user_agent: str,
    supported: Sequence[str],
) -> str | None:
    """The locale to redirect a visit of ``/`` to, or None to stay."""
    if is_crawler(user_agent):
        return None
    if cookie in supported:
        return cookie if cookie != domain_locale else None
    preferred = preferred_locales(accept_language, supported)
    if preferred and preferred[0] != domain_locale:
        return preferred[0]
    return None
