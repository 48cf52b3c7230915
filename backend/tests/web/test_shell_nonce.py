"""The shell's CSP nonce (issue 11, point 5): made per response, on the inline payload, named by
the policy, and never baked into a published (cached) file; ETag/304 handling stays right."""

from __future__ import annotations

import re

PAYLOAD_SCRIPT = re.compile(r'<script id="splash-payload" type="application/json" nonce="([^"]+)">')


def script_sources(response) -> list[str]:
    for directive in response.headers["content-security-policy"].split(";"):
        name, *sources = directive.split()
        if name == "script-src":
            return sources
    raise AssertionError("no script-src")


async def test_each_page_gets_its_own_nonce_on_its_inline_payload(client, published, settings):
    first, second = await client.get("/"), await client.get("/")
    nonces = []
    for response in (first, second):
        [nonce] = PAYLOAD_SCRIPT.findall(response.text)
        assert script_sources(response) == ["'self'", f"'nonce-{nonce}'"]
        assert len(nonce) >= 22  # at least 128 bits, base64
        nonces.append(nonce)
    assert nonces[0] != nonces[1]
    baked = [
        p for p in settings.publish_dir.rglob("*") if p.is_file() and b"nonce" in p.read_bytes()
    ]
    assert baked == []


async def test_only_pages_get_a_nonce(client, published):
    for path in ("/api/i18n/locales", "/_payload/index.json", "/robots.txt"):
        assert script_sources(await client.get(path)) == ["'self'"], path


async def test_the_published_page_keeps_revalidating_and_its_payload_its_etag(client, published):
    page = await client.get("/")
    assert page.headers["cache-control"] == "no-cache"
    assert "etag" not in page.headers  # a page differs per response (its nonce)
    payload = await client.get("/_payload/index.json", headers={"accept-encoding": "gzip"})
    again = await client.get(
        "/_payload/index.json", headers={"if-none-match": payload.headers["etag"]}
    )
    assert again.status == 304
