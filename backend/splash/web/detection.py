"""Locale detection at a domain's root (spec §1): the locale cookie first, then the browser's
languages, then the domain's own locale. Only the root redirects; crawlers never do. Pure."""

from __future__ import annotations

import re

COOKIE = "locale"
COOKIE_MAX_AGE = 365 * 24 * 3600
CRAWLER = re.compile(
    r"bot|crawl|spider|slurp|lighthouse|facebookexternalhit|embedly|preview", re.IGNORECASE
)


def preferred_locales(accept_language: str, supported: list[str]) -> list[str]:
    """Supported locales in the order of the Accept-Language header (q-values respected)."""
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
    return seen


def root_redirect(
    *,
    domain_locale: str,
    cookie: str | None,
    accept_language: str,
    user_agent: str,
    supported: list[str],
) -> str | None:
    """The locale to redirect a visit of ``/`` to, or None to stay."""
    if CRAWLER.search(user_agent or ""):
        return None
    if cookie in supported:
        return cookie if cookie != domain_locale else None
    preferred = preferred_locales(accept_language, supported)
    if preferred and preferred[0] != domain_locale:
        return preferred[0]
    return None
