"""Where packaged lesson videos live: one interface, a local folder or an S3-compatible bucket.

A package's files are public and immutable (a new import writes a new prefix), so whatever
serves them — Splash's own ``/media/videos/…`` route for the local folder, a CDN in front of the
bucket — may cache them for a year. Only playlists, MPEG-TS segments, WebVTT captions and WebP
posters are ever stored: never a plain MP4, and never a key.

Paths are the package's own, ``videos/<lesson key>/<package id>/master.m3u8``:

- ``file://var/videos`` (the default; a relative folder is read from the folder holding
  ``SPLASH_VAR_DIR``, the repository by default) is the folder served at ``/media/videos``;
- ``s3://bucket/prefix`` stores ``videos/…`` as the object ``prefix/videos/…`` through the S3 API
  (AWS Signature V4 over plain httpx, so any S3-compatible store works: AWS, MinIO, R2…), and
  ``SPLASH_VIDEO_BASE_URL`` is where the public reads them (a CDN in front of the bucket).
"""

from __future__ import annotations

import hashlib
import hmac
import shutil
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Protocol
from urllib.parse import quote, urlsplit

from splash.core import video_files
from splash.core.config import Settings

if TYPE_CHECKING:
    import httpx

ROOT = "videos/"


class StorageError(Exception):
    """The storage refused a file or could not be reached."""


def content_type(path: str) -> str:
    """The type a package file is stored with; StorageError for anything a package never holds
    (an MP4 above all)."""
    found = video_files.content_type(path)
    if found is None:
        raise StorageError(f"{path}: a video package holds no such file")
    return found


def _checked(path: str) -> str:
    parts = path.split("/")
    if not path.startswith(ROOT) or any(part in ("", ".", "..") for part in parts):
        raise StorageError(f"not a video storage path: {path!r}")
    return path


def _files(local_dir: Path) -> list[tuple[str, Path]]:
    """Every file of a local package with its path relative to the package, types checked
    before anything is written."""
    found = sorted(p for p in local_dir.rglob("*") if p.is_file())
    for path in found:
        content_type(path.name)
    return [(path.relative_to(local_dir).as_posix(), path) for path in found]


class VideoStorage(Protocol):
    async def write_tree(self, prefix: str, local_dir: Path) -> int:
        """Stores every file under ``local_dir`` below ``prefix``; the number of files."""

    async def read(self, path: str) -> bytes | None:
        """The file's bytes, None when there is no such file."""

    def public_url(self, path: str) -> str:
        """Where a browser reads the file (the player's playlist, a caption, a poster)."""

    async def delete_prefix(self, prefix: str) -> None:
        """Removes every file below ``prefix`` (a failed import, a replaced package)."""

    async def aclose(self) -> None: ...


class LocalStorage:
    """A folder served by Splash itself at ``/media/videos`` (Range requests, immutable)."""

    def __init__(self, folder: Path, base_url: str = "/media") -> None:
        self.folder = folder
        self.base_url = base_url.rstrip("/")

    def _local(self, path: str) -> Path:
        return self.folder / _checked(path).removeprefix(ROOT)

    async def write_tree(self, prefix: str, local_dir: Path) -> int:
        files = _files(local_dir)
        for relative, source in files:
            target = self._local(f"{prefix}/{relative}")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        return len(files)

    async def read(self, path: str) -> bytes | None:
        local = self._local(path)
        return local.read_bytes() if local.is_file() else None

    def public_url(self, path: str) -> str:
        return f"{self.base_url}/{_checked(path)}"

    async def delete_prefix(self, prefix: str) -> None:
        shutil.rmtree(self._local(prefix), ignore_errors=True)

    async def aclose(self) -> None:
        return None


class S3Storage:
    """An S3-compatible bucket, path-style (``{endpoint}/{bucket}/{key}``), signed with AWS
    Signature V4."""

    def __init__(
        self,
        bucket: str,
        prefix: str,
        *,
        endpoint_url: str,
        region: str,
        access_key_id: str,
        secret_access_key: str,
        base_url: str | None = None,
        timeout: float = 60,
    ) -> None:
        self.bucket, self.prefix = bucket, prefix.strip("/")
        self.endpoint_url = endpoint_url.rstrip("/")
        self.region = region
        self.access_key_id, self.secret_access_key = access_key_id, secret_access_key
        default_base = f"{self.endpoint_url}/{bucket}" + (f"/{self.prefix}" if self.prefix else "")
        self.base_url = (base_url or default_base).rstrip("/")
        self.timeout = timeout
        self._http: httpx.AsyncClient | None = None  # opened on the first request

    def _key(self, path: str) -> str:
        return f"{self.prefix}/{path}" if self.prefix else path

    async def _send(
        self,
        method: str,
        key: str,
        *,
        query: dict[str, str] | None = None,
        body: bytes = b"",
        fields: dict[str, str] | None = None,
    ) -> httpx.Response:
        url = f"{self.endpoint_url}/{self.bucket}" + (f"/{key}" if key else "")
        signed = sign_v4(
            method,
            url,
            query or {},
            fields or {},
            body,
            access_key_id=self.access_key_id,
            secret_access_key=self.secret_access_key,
            region=self.region,
            now=datetime.now(UTC),
        )
        # httpx is imported by the first request to the store: with its command line tools it
        # is a third of the backend's import time, which every ``python -m splash publish``
        # (reading lessons' URLs, never sending) would pay.
        import httpx

        if self._http is None:
            self._http = httpx.AsyncClient(timeout=self.timeout)
        try:
            return await self._http.request(
                method, _canonical_url(url, query or {}), content=body, headers=signed
            )
        except httpx.HTTPError as exc:
            raise StorageError(f"S3 {method} {key}: {exc}") from exc

    async def write_tree(self, prefix: str, local_dir: Path) -> int:
        files = _files(local_dir)
        for relative, source in files:
            key = self._key(_checked(f"{prefix}/{relative}"))
            fields = {
                "content-type": content_type(relative),
                "cache-control": video_files.IMMUTABLE,
            }
            answer = await self._send("PUT", key, body=source.read_bytes(), fields=fields)
            if answer.status_code != 200:
                raise StorageError(f"S3 PUT {key}: {answer.status_code} {answer.text[:200]}")
        return len(files)

    async def read(self, path: str) -> bytes | None:
        answer = await self._send("GET", self._key(_checked(path)))
        if answer.status_code not in (200, 404):
            raise StorageError(f"S3 GET {path}: {answer.status_code}")
        return answer.content if answer.status_code == 200 else None

    def public_url(self, path: str) -> str:
        return f"{self.base_url}/{_checked(path)}"

    async def delete_prefix(self, prefix: str) -> None:
        for key in await self._list(self._key(_checked(prefix)) + "/"):
            answer = await self._send("DELETE", key)
            if answer.status_code not in (200, 204, 404):
                raise StorageError(f"S3 DELETE {key}: {answer.status_code}")

    async def _list(self, prefix: str) -> list[str]:
        keys: list[str] = []
        query = {"list-type": "2", "prefix": prefix}
        while True:
            answer = await self._send("GET", "", query=query)
            if answer.status_code != 200:
                raise StorageError(f"S3 list {prefix}: {answer.status_code} {answer.text[:200]}")
            root = ET.fromstring(answer.content)
            ns = root.tag.partition("}")[0] + "}" if root.tag.startswith("{") else ""
            keys += [node.text or "" for node in root.iter(f"{ns}Key")]
            token = root.findtext(f"{ns}NextContinuationToken")
            if root.findtext(f"{ns}IsTruncated") != "true" or not token:
                return keys
            query = {**query, "continuation-token": token}

    async def aclose(self) -> None:
        if self._http is not None:
            await self._http.aclose()


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


def public_url(settings: Settings, path: str) -> str:
    """Where browsers read a stored package file (``videos/…``), e.g. a lesson payload's
    ``master`` and caption URLs: ``/media/videos/…`` locally, ``SPLASH_VIDEO_BASE_URL/videos/…``
    (a CDN) on S3."""
    return create_storage(settings).public_url(path)  # no connection is opened for this


def create_storage(settings: Settings) -> VideoStorage:
    folder = settings.video_folder
    if folder is not None:
        return LocalStorage(folder, settings.video_base_url or "/media")
    bucket, _, prefix = settings.video_storage.removeprefix("s3://").partition("/")
    return S3Storage(
        bucket,
        prefix,
        endpoint_url=settings.video_endpoint_url
        or f"https://s3.{settings.video_region}.amazonaws.com",
        region=settings.video_region,
        access_key_id=settings.video_access_key_id or "",
        secret_access_key=settings.video_secret_access_key or "",
        base_url=settings.video_base_url,
    )
