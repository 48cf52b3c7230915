"""The HTML shell (Jinja2) around a page: head tags, pre-rendered fragment, inline payload."""

from __future__ import annotations

from splash.core.templating import template_environment
from splash.site.web.assets import SpaBuild
from splash.site.web.head import HeadTags


def inline_json(payload: bytes) -> str:
    """JSON safe inside a <script> element: no ``</script>`` or ``<!--`` can close it."""
    return (
        payload.decode("utf-8")
        .replace("<", "\\u003c")
        .replace(">", "\\u003e")
        .replace("\u2028", "\\u2028")
        .replace("\u2029", "\\u2029")
    )


def render_shell(
    *,
    head: HeadTags,
    spa: SpaBuild,
    fragment: str,
    payload: bytes,
    dev_url: str | None,
    nonce: str,
    site_build: str | None = None,
) -> str:
    """The page; ``nonce`` is this response's CSP nonce, put on the inline scripts here so the
    published (cached) fragment never holds one; ``site_build``, the published build the page
    is of (the SPA reloads once a publish made a newer one: src/app/build-update.ts)."""
    return (
        template_environment("splash.site.web")
        .get_template("shell.html")
        .render(
            head=head,
            spa=spa,
            fragment=fragment,
            payload_json=inline_json(payload),
            modules=[*spa.preloads, *filter(None, [spa.locale_chunks.get(head.lang)])],
            dev_url=dev_url,
            nonce=nonce,
            site_build=site_build,
        )
    )
