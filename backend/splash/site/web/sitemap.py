"""sitemap.xml per domain and robots.txt (pure): every published page and article of the
domain's locale, each with its alternates in the other languages."""

from __future__ import annotations

from collections.abc import Callable
from xml.sax.saxutils import escape, quoteattr


def sitemap_xml(
    pages: list[tuple[str, dict[str, str]]],
    origin: Callable[[str], str],
    locale: str,
    default_locale: str,
) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
        'xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ]
    for path, alternates in pages:
        lines.append(f"  <url><loc>{escape(origin(locale) + path)}</loc>")
        links = {**alternates, locale: path}
        for code in sorted(links):
            href = quoteattr(origin(code) + links[code])
            lines.append(f'    <xhtml:link rel="alternate" hreflang="{code}" href={href}/>')
        if default_locale in links:
            href = quoteattr(origin(default_locale) + links[default_locale])
            lines.append(f'    <xhtml:link rel="alternate" hreflang="x-default" href={href}/>')
        lines.append("  </url>")
    lines.append("</urlset>")
    return "\n".join(lines) + "\n"


def robots_txt(origin: str) -> str:
    return (
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /_payload/\nDisallow: /_test/\n"
        "Disallow: /studio\n"
        f"\nSitemap: {origin}/sitemap.xml\n"
    )
