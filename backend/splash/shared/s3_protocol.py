"""The S3 protocol's plain parts, shared by the storage (shared/storage.py) and make cluster's
small client (cluster/s3.py): AWS Signature V4, the request URL encoded exactly as it is
signed, and one page of a ListObjectsV2 answer."""

from __future__ import annotations

import hashlib
import hmac
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import quote, urlsplit


def _canonical_query(query: dict[str, str]) -> str:
    return "&".join(
        f"{quote(k, safe='-_.~')}={quote(v, safe='-_.~')}" for k, v in sorted(query.items())
    )


def _canonical_url(url: str, query: dict[str, str]) -> str:
    """The URL encoded exactly as it is signed: each path segment percent-encoded (``/``
    kept), the query sorted and encoded."""
    parts = urlsplit(url)
    path = quote(parts.path or "/", safe="/-_.~")
    return f"{parts.scheme}://{parts.netloc}{path}" + (
        f"?{_canonical_query(query)}" if query else ""
    )


@dataclass(frozen=True)
class Listed:
    """An object of a bucket's listing."""

    key: str
    size: int
    etag: str


def listing(document: bytes) -> tuple[list[Listed], str | None]:
    """One page of a ListObjectsV2 answer: its objects, and the token of the next page (None
    on the last)."""
    root = ET.fromstring(document)
    ns = root.tag.partition("}")[0] + "}" if root.tag.startswith("{") else ""
    found = [
        Listed(
            node.findtext(f"{ns}Key") or "",
            int(node.findtext(f"{ns}Size") or 0),
            (node.findtext(f"{ns}ETag") or "").strip('"'),
        )
        for node in root.iter(f"{ns}Contents")
    ]
    token = root.findtext(f"{ns}NextContinuationToken")
    truncated = root.findtext(f"{ns}IsTruncated") == "true" and bool(token)
    return found, token if truncated else None


def signed_request(
    method: str,
    url: str,
    query: dict[str, str],
    fields: dict[str, str],
    body: bytes,
    **signing: str,
) -> tuple[str, dict[str, str]]:
    """The URL to send (encoded exactly as it is signed) and its header fields signed now;
    ``signing``: sign_v4's access_key_id, secret_access_key and region."""
    now = datetime.now(UTC)
    return _canonical_url(url, query), sign_v4(method, url, query, fields, body, now=now, **signing)


def _hmac(key: bytes, message: str) -> bytes:
    return hmac.new(key, message.encode(), hashlib.sha256).digest()


def sign_v4(
    method: str,
    url: str,
    query: dict[str, str],
    fields: dict[str, str],
    body: bytes,
    *,
    access_key_id: str,
    secret_access_key: str,
    region: str,
    now: datetime,
    service: str = "s3",
) -> dict[str, str]:
    """The request's header fields: ``fields`` and AWS Signature V4's (``authorization``,
    ``x-amz-date``, ``x-amz-content-sha256``), every one of them signed."""
    parts = urlsplit(url)
    stamp, day = now.strftime("%Y%m%dT%H%M%SZ"), now.strftime("%Y%m%d")
    payload_hash = hashlib.sha256(body).hexdigest()
    signed = {k.lower(): v.strip() for k, v in fields.items()}
    signed.update({"host": parts.netloc, "x-amz-date": stamp, "x-amz-content-sha256": payload_hash})
    names = sorted(signed)
    canonical = "\n".join(
        [
            method,
            quote(parts.path or "/", safe="/-_.~"),
            _canonical_query(query),
            "".join(f"{name}:{signed[name]}\n" for name in names),
            ";".join(names),
            payload_hash,
        ]
    )
    scope = f"{day}/{region}/{service}/aws4_request"
    to_sign = "\n".join(
        ["AWS4-HMAC-SHA256", stamp, scope, hashlib.sha256(canonical.encode()).hexdigest()]
    )
    key = _hmac(("AWS4" + secret_access_key).encode(), day)
    for part in (region, service, "aws4_request"):
        key = _hmac(key, part)
    signature = hmac.new(key, to_sign.encode(), hashlib.sha256).hexdigest()
    signed["authorization"] = (
        f"AWS4-HMAC-SHA256 Credential={access_key_id}/{scope}, "
        f"SignedHeaders={';'.join(names)}, Signature={signature}"
    )
    return signed
