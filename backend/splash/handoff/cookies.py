"""The cookies a redeemed hand-off sets on the target domain, as the SPA itself writes them
(pure): the cart (``frontend/src/lib/cart/store.ts``), the session (``lib/auth/store.ts``) and
the checkout draft, which the SPA takes into the tab's session once
(``lib/cart/checkout-session.ts``).

Values are JSON, URI-encoded as ``encodeURIComponent`` does (the SPA reads them back with
``decodeURIComponent``), except that ``(`` and ``)`` are encoded too: a cookie value holding
them would be put in double quotes.
"""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import quote

CART = "cart"
CART_COUNTRY = "cart_country"
SESSION = "token"
DRAFT = "checkout_handoff"

CART_MAX_AGE = 30 * 24 * 3600  # as long as the SPA keeps its cart
DRAFT_MAX_AGE = 60  # the SPA takes it at once; a page that never loads leaves nothing behind
# A cookie holds about 4,096 bytes with its name; the draft stays well inside that.
DRAFT_MAX_CHARS = 3600


def uri_json(value: Any) -> str:
    """``value`` as the SPA's cookies hold JSON: compact, then URI-encoded."""
    text = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
    return quote(text, safe="-_.!~*'")
