"""Preview links (pure: hmac only): a token naming one draft — collection, key, locale — and
when it stops working, signed with the app's secret key. Anyone holding the link sees that
draft as it is when they open it; nothing else. A changed byte fails the signature (404);
a token past its time is gone (410)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
from dataclasses import dataclass
from datetime import datetime


class TokenRefused(Exception):
    """``expired`` False: not a token of ours (tampered, or another secret)."""

    def __init__(self, expired: bool) -> None:
        super().__init__("expired" if expired else "invalid")
        self.expired = expired


@dataclass(frozen=True)
class PreviewOf:
    collection: str
    key: str
    locale: str
    until: datetime


_PURPOSE = b"splash.preview\0"  # a signature made for something else never passes here


def _sign(secret: str, body: bytes) -> str:
    digest = hmac.new(secret.encode(), _PURPOSE + body, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


def make_token(secret: str, preview: PreviewOf) -> str:
    claims = [preview.collection, preview.key, preview.locale, int(preview.until.timestamp())]
    body = json.dumps(claims, separators=(",", ":")).encode()
    encoded = base64.urlsafe_b64encode(body).decode().rstrip("=")
    return f"{encoded}.{_sign(secret, body)}"


def read_token(secret: str, token: str, now: datetime) -> PreviewOf:
    """The draft a token names; TokenRefused when it is not ours or past its time."""
    encoded, _, signature = token.partition(".")
    try:
        body = base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4))
    except ValueError:
        raise TokenRefused(expired=False) from None
    if not hmac.compare_digest(_sign(secret, body), signature):
        raise TokenRefused(expired=False)
    collection, key, locale, until = json.loads(body)
    ends = datetime.fromtimestamp(until, tz=now.tzinfo)
    if ends <= now:
        raise TokenRefused(expired=True)
    return PreviewOf(collection, key, locale, ends)
