"""The few S3 calls ``make cluster`` makes (create a bucket, list, get, put), path-style and
signed as the backend signs its own (splash.shared.s3_protocol.signed_request)."""

from __future__ import annotations

import httpx

from splash.shared.s3_protocol import Listed, listing, signed_request


class S3Error(Exception):
    pass


class Bucket:
    def __init__(self, endpoint: str, name: str, access_key: str, secret_key: str) -> None:
        self.endpoint, self.name = endpoint.rstrip("/"), name
        self.access_key, self.secret_key = access_key, secret_key
        self.http = httpx.Client(timeout=30)

    def _send(
        self, method: str, key: str = "", query: dict[str, str] | None = None, body: bytes = b""
    ) -> httpx.Response:
        url = f"{self.endpoint}/{self.name}" + (f"/{key}" if key else "")
        target, headers = signed_request(
            method,
            url,
            query or {},
            {},
            body,
            access_key_id=self.access_key,
            secret_access_key=self.secret_key,
            region="us-east-1",
        )
        return self.http.request(method, target, content=body, headers=headers)

    def create(self) -> None:
        """The bucket, unless it is there already."""
        answer = self._send("PUT")
        if answer.status_code not in (200, 409):
            raise S3Error(f"create bucket {self.name}: {answer.status_code} {answer.text[:200]}")

    def entries(self) -> list[Listed]:
        found: list[Listed] = []
        query = {"list-type": "2"}
        while True:
            answer = self._send("GET", query=query)
            if answer.status_code != 200:
                raise S3Error(f"list {self.name}: {answer.status_code} {answer.text[:200]}")
            page, token = listing(answer.content)
            found += page
            if token is None:
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
