"""The few S3 calls ``make cluster`` makes (create a bucket, list, get, put), path-style and
signed with the backend's own AWS Signature V4 (splash.shared.storage.sign_v4)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from datetime import UTC, datetime
from urllib.parse import quote

import httpx

from splash.shared.storage import sign_v4


class S3Error(Exception):
    pass


@dataclass(frozen=True)
class Entry:
    key: str
    size: int
    etag: str


class Bucket:
    def __init__(self, endpoint: str, name: str, access_key: str, secret_key: str) -> None:
        self.endpoint, self.name = endpoint.rstrip("/"), name
        self.access_key, self.secret_key = access_key, secret_key
        self.http = httpx.Client(timeout=30)

    def _send(
        self, method: str, key: str = "", query: dict[str, str] | None = None, body: bytes = b""
    ) -> httpx.Response:
        url = f"{self.endpoint}/{self.name}" + (f"/{key}" if key else "")
        headers = sign_v4(
            method,
            url,
            query or {},
            {},
            body,
            access_key_id=self.access_key,
            secret_access_key=self.secret_key,
            region="us-east-1",
            now=datetime.now(UTC),
        )
        path = quote(url.removeprefix(self.endpoint), safe="/-_.~")
        params = "&".join(
            f"{quote(k, safe='-_.~')}={quote(v, safe='-_.~')}"
            for k, v in sorted((query or {}).items())
        )
        target = f"{self.endpoint}{path}" + (f"?{params}" if params else "")
        return self.http.request(method, target, content=body, headers=headers)

    def create(self) -> None:
        """The bucket, unless it is there already."""
        answer = self._send("PUT")
        if answer.status_code not in (200, 409):
            raise S3Error(f"create bucket {self.name}: {answer.status_code} {answer.text[:200]}")

    def entries(self) -> list[Entry]:
        found: list[Entry] = []
        query = {"list-type": "2"}
        while True:
            answer = self._send("GET", query=query)
            if answer.status_code != 200:
                raise S3Error(f"list {self.name}: {answer.status_code} {answer.text[:200]}")
            root = ET.fromstring(answer.content)
            ns = root.tag.partition("}")[0] + "}" if root.tag.startswith("{") else ""
            for node in root.iter(f"{ns}Contents"):
                found.append(
                    Entry(
                        node.findtext(f"{ns}Key") or "",
                        int(node.findtext(f"{ns}Size") or 0),
                        (node.findtext(f"{ns}ETag") or "").strip('"'),
                    )
                )
            token = root.findtext(f"{ns}NextContinuationToken")
            if root.findtext(f"{ns}IsTruncated") != "true" or not token:
                return found
            query = {"list-type": "2", "continuation-token": token}

    def get(self, key: str) -> bytes:
        answer = self._send("GET", key)
        if answer.status_code != 200:
            raise S3Error(f"GET {self.name}/{key}: {answer.status_code}")
        return answer.content

    def put(self, key: str, body: bytes) -> None:
        answer = self._send("PUT", key, body=body)
        if answer.status_code != 200:
            raise S3Error(f"PUT {self.name}/{key}: {answer.status_code} {answer.text[:200]}")

    def close(self) -> None:
        self.http.close()
