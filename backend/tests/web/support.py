"""What the tests of served pages read from a page's HTML: the inline payload the SPA hydrates
from, and the pre-rendered markup inside the root element."""

from __future__ import annotations

import json
import re


def inline_payload(html: str) -> dict:
    found = re.search(
        r'<script id="splash-payload" type="application/json"[^>]*>(.*?)</script>', html, re.S
    )
    assert found, "no inline payload"
    return json.loads(found.group(1))


def root_fragment(html: str) -> str:
    return html.split('<div id="root">', 1)[1].split('<script id="splash-payload"', 1)[0]
