"""Head tags of a page: canonical, hreflang alternates with x-default, Open Graph locales (pure)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from splash.core.locales import REGIONS

SITE = "Splash"

# Pages of one visitor (their cart, checkout, account and orders): never indexed by search
# engines and never listed in the sitemap, whatever their content says.
PRIVATE_ROUTES = frozenset({"cart", "checkout", "account", "order", "order-payment"})


def indexable(status: int, route_name: str | None) -> bool:
    """Whether a page may be indexed: it exists (200) and is not a visitor's own page."""
    return status == 200 and route_name not in PRIVATE_ROUTES


@dataclass(frozen=True)
class HeadTags:
    lang: str
    title: str
    description: str
    canonical: str | None
    alternates: list[tuple[str, str]]  # (hreflang, absolute URL), x-default last
    og_locale: str
    og_locale_alternates: list[str]
    og_image: str | None
    og_type: str
    robots: str | None


def page_title(head: Mapping[str, Any], rendered_title: str | None = None) -> str:
    """A page's title, decided here only: the content system's SEO title (the payload's
    ``head.title``), else the screen title the SPA rendered at publish (translated in the
    browser's language files by ``frontend/src/app/head.ts``, which reads the payload's title
    first too), else the site's name."""
    return head.get("title") or rendered_title or SITE


def published_head(payload: Mapping[str, Any], rendered: Mapping[str, Any]) -> dict[str, Any]:
    """The head facts stored for a published route: the rendered description and the payload's
    own SEO facts over it, the title from :func:`page_title`, and the alternates."""
    own = {key: value for key, value in payload["head"].items() if value}
    return {
        **rendered,
        **own,
        "title": page_title(payload["head"], rendered.get("title")),
        "alternates": payload["alternates"],
    }


def head_tags(
    *,
    locale: str,
    path: str,
    head: dict[str, Any],
    alternates: dict[str, str],
    default_locale: str,
    origin: Callable[[str], str],
    indexable: bool,
) -> HeadTags:
    """``alternates`` maps each locale that has this page to its path there."""
    links = [(code, origin(code) + alternates[code]) for code in REGIONS if code in alternates]
    if links and default_locale in alternates:
        links.append(("x-default", origin(default_locale) + alternates[default_locale]))
    image = head.get("image")
    if isinstance(image, dict):  # {src, alt, width, height}
        image = image.get("src")
    return HeadTags(
        lang=locale,
        title=page_title(head),
        description=head.get("description") or "",
        canonical=origin(locale) + path if indexable else None,
        alternates=links if indexable else [],
        og_locale=REGIONS[locale],  # Open Graph's og:locale is the region tag
        og_locale_alternates=[REGIONS[c] for c in alternates if c != locale],
        og_image=(origin(locale) + image if image and image.startswith("/") else image),
        og_type={"article": "article", "product": "product"}.get(head.get("type", ""), "website"),
        robots=None if indexable else "noindex",
    )
