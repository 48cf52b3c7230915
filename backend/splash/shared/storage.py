"""Where public, immutable files live: one interface, a local folder or an S3-compatible bucket.

Three areas use it: the academy's packaged lesson videos (``videos/…``,
splash/academy/storage.py), the media library's images (``library/…``, splash/media/storage.py)
and the published site's builds (``site/…``, splash/site/web/build_store.py). An :class:`Area`
says what one storage holds: the root every path starts with, and the kinds of file it accepts
(anything else is refused before a byte is written). Every stored file is immutable — a new
version is written under a new path — so whatever serves them (Splash's own ``/media/…``
routes for a local folder, a CDN in front of a bucket) may cache them for a year. The one
exception is a *pointer* (``write(…, cache_control=NO_CACHE)``): a small file rewritten in
place, read back with :meth:`read_changed` (a conditional GET on S3: unchanged costs no body).

- ``file://folder``: the folder (relative to the folder holding ``SPLASH_VAR_DIR``) served at
  ``base_url`` (``/media``), ``<root>x`` stored as ``folder/x``;
- ``s3://bucket/prefix``: ``<root>x`` stored as the object ``prefix/<root>x`` through the S3 API
  (AWS Signature V4 over plain httpx, so any S3-compatible store works: AWS, MinIO, R2…), read
  by the public at ``base_url`` (a CDN in front of the bucket).
"""

from __future__ import annotations

import os
import secrets
import shutil
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from splash.shared.s3_protocol import listing, signed_request

if TYPE_CHECKING:
    import httpx

IMMUTABLE = "public, max-age=31536000, immutable"
NO_CACHE = "no-cache"  # a pointer: rewritten in place


class StorageError(Exception):
    """The storage refused a file or could not be reached."""


@dataclass(frozen=True)
class Area:
    """What one storage holds: paths below ``root`` (``videos/``), files of the kinds ``kinds``
    gives a media type for; ``noun`` and ``holder`` name them in refusals."""

    root: str
    noun: str  # "video": "not a video storage path"
    holder: str  # "a video package": "a video package holds no such file"
    kinds: Callable[[str], str | None]

    def checked(self, path: str) -> str:
        parts = path.split("/")
        if not path.startswith(self.root) or any(part in ("", ".", "..") for part in parts):
            raise StorageError(f"not a {self.noun} storage path: {path!r}")
        return path

    def content_type(self, path: str) -> str:
        """The type a file is stored with; StorageError for a kind the area never holds."""
        found = self.kinds(path)
        if found is None:
            raise StorageError(f"{path}: {self.holder} holds no such file")
        return found

    def files(self, local_dir: Path) -> list[tuple[str, Path]]:
        """Every file under ``local_dir`` with its path relative to it, kinds checked before
        anything is written."""
        found = sorted(p for p in local_dir.rglob("*") if p.is_file())
        for path in found:
            self.content_type(path.name)
        return [(path.relative_to(local_dir).as_posix(), path) for path in found]


@dataclass(frozen=True)
class Fetched:
    """What :meth:`Storage.read_changed` found: ``changed`` False when the file still has the
    tag asked about (no body sent); else its bytes (None: no such file) and its new tag."""

    changed: bool
    data: bytes | None = None
    tag: str | None = None


class Storage(Protocol):
    async def write_tree(self, prefix: str, local_dir: Path) -> int:
        """Stores every file under ``local_dir`` below ``prefix``; the number of files."""

    async def write(self, path: str, data: bytes, cache_control: str = IMMUTABLE) -> None:
        """Stores one file (a pointer rewritten in place: ``cache_control=NO_CACHE``)."""

    async def read(self, path: str) -> bytes | None:
        """The file's bytes, None when there is no such file."""

    async def read_changed(self, path: str, tag: str | None) -> Fetched:
        """The file unless it still has ``tag`` (what an earlier answer gave)."""

    def public_url(self, path: str) -> str:
        """Where a browser reads the file."""

    async def delete_prefix(self, prefix: str) -> None:
        """Removes every file below ``prefix``."""

    async def aclose(self) -> None: ...


class LocalStorage:
    """A folder served by Splash itself at ``base_url`` + the area's root."""

    def __init__(self, folder: Path, base_url: str = "/media", *, area: Area) -> None:
        self.folder = folder
        self.base_url = base_url.rstrip("/")
        self.area = area

    def _local(self, path: str) -> Path:
        return self.folder / self.area.checked(path).removeprefix(self.area.root)

    async def write_tree(self, prefix: str, local_dir: Path) -> int:
        files = self.area.files(local_dir)
        for relative, source in files:
            target = self._local(f"{prefix}/{relative}")
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
        return len(files)

    async def write(self, path: str, data: bytes, cache_control: str = IMMUTABLE) -> None:
        target = self._local(path)
        self.area.content_type(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        # Written beside and renamed over: a reader sees the old file or the new, never half.
        temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}")
        temporary.write_bytes(data)
        os.replace(temporary, target)

    async def read(self, path: str) -> bytes | None:
        local = self._local(path)
        return local.read_bytes() if local.is_file() else None

    async def read_changed(self, path: str, tag: str | None) -> Fetched:
        local = self._local(path)
        try:
            found = os.stat(local)
        except FileNotFoundError:
            return Fetched(tag is not None)
        now = f"{found.st_ino}-{found.st_mtime_ns}"  # a rename over it changes the inode
        if now == tag:
            return Fetched(False, tag=tag)
        return Fetched(True, local.read_bytes(), now)

    def public_url(self, path: str) -> str:
        return f"{self.base_url}/{self.area.checked(path)}"

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
        area: Area,
        endpoint_url: str,
        region: str,
        access_key_id: str,
        secret_access_key: str,
        base_url: str | None = None,
        timeout: float = 60,
        list_page_size: int = 1000,
    ) -> None:
        self.bucket, self.prefix = bucket, prefix.strip("/")
        self.area = area
        self.endpoint_url = endpoint_url.rstrip("/")
        self.region = region
        self.access_key_id, self.secret_access_key = access_key_id, secret_access_key
        default_base = f"{self.endpoint_url}/{bucket}" + (f"/{self.prefix}" if self.prefix else "")
        self.base_url = (base_url or default_base).rstrip("/")
        self.timeout = timeout
        # Keys per ListObjectsV2 answer (max-keys; S3 gives 1,000 at most): tests page with a few.
        self.list_page_size = list_page_size
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
        target, signed = signed_request(
            method,
            url,
            query or {},
            fields or {},
            body,
            access_key_id=self.access_key_id,
            secret_access_key=self.secret_access_key,
            region=self.region,
        )
        # httpx is imported by the first request to the store: with its command line tools it
        # is a third of the backend's import time, which every ``python -m splash publish``
        # (reading lessons' URLs, never sending) would pay.
        import httpx

        if self._http is None:
            self._http = httpx.AsyncClient(timeout=self.timeout)
        try:
            return await self._http.request(method, target, content=body, headers=signed)
        except httpx.HTTPError as exc:
            raise StorageError(f"S3 {method} {key}: {exc}") from exc

    async def _put(self, path: str, data: bytes, cache_control: str = IMMUTABLE) -> None:
        key = self._key(self.area.checked(path))
        fields = {"content-type": self.area.content_type(path), "cache-control": cache_control}
        answer = await self._send("PUT", key, body=data, fields=fields)
        if answer.status_code != 200:
            raise StorageError(f"S3 PUT {key}: {answer.status_code} {answer.text[:200]}")

    async def write_tree(self, prefix: str, local_dir: Path) -> int:
        files = self.area.files(local_dir)
        for relative, source in files:
            await self._put(f"{prefix}/{relative}", source.read_bytes())
        return len(files)

    async def write(self, path: str, data: bytes, cache_control: str = IMMUTABLE) -> None:
        await self._put(path, data, cache_control)

    async def read(self, path: str) -> bytes | None:
        return (await self.read_changed(path, None)).data

    async def read_changed(self, path: str, tag: str | None) -> Fetched:
        fields = {"if-none-match": tag} if tag else None
        answer = await self._send("GET", self._key(self.area.checked(path)), fields=fields)
        if answer.status_code == 304:
            return Fetched(False, tag=tag)
        if answer.status_code == 404:
            return Fetched(tag is not None)
        if answer.status_code != 200:
            raise StorageError(f"S3 GET {path}: {answer.status_code}")
        return Fetched(True, answer.content, answer.headers.get("etag"))

    def public_url(self, path: str) -> str:
        return f"{self.base_url}/{self.area.checked(path)}"

    async def delete_prefix(self, prefix: str) -> None:
        for key in await self._list(self._key(self.area.checked(prefix)) + "/"):
            answer = await self._send("DELETE", key)
            if answer.status_code not in (200, 204, 404):
                raise StorageError(f"S3 DELETE {key}: {answer.status_code}")

    async def _list(self, prefix: str) -> list[str]:
        keys: list[str] = []
        query = {"list-type": "2", "max-keys": str(self.list_page_size), "prefix": prefix}
        while True:
            answer = await self._send("GET", "", query=query)
            if answer.status_code != 200:
                raise StorageError(f"S3 list {prefix}: {answer.status_code} {answer.text[:200]}")
            page, token = listing(answer.content)
            keys += [entry.key for entry in page]
            if token is None:
                return keys
            query = {**query, "continuation-token": token}

    async def aclose(self) -> None:
        if self._http is not None:
            await self._http.aclose()


@dataclass(frozen=True)
class Location:
    """Where one area's files go, from the settings: ``file://folder`` (``folder`` resolved)
    or ``s3://bucket/prefix`` with its endpoint and credentials."""

    url: str
    folder: Path | None
    base_url: str | None
    endpoint_url: str | None
    region: str
    access_key_id: str | None
    secret_access_key: str | None


def open_storage(location: Location, area: Area) -> LocalStorage | S3Storage:
    """The storage ``location`` names; no connection is opened until a file is sent."""
    if location.folder is not None:
        return LocalStorage(location.folder, location.base_url or "/media", area=area)
    bucket, _, prefix = location.url.removeprefix("s3://").partition("/")
    return S3Storage(
        bucket,
        prefix,
        area=area,
        endpoint_url=location.endpoint_url or f"https://s3.{location.region}.amazonaws.com",
        region=location.region,
        access_key_id=location.access_key_id or "",
        secret_access_key=location.secret_access_key or "",
        base_url=location.base_url,
    )
