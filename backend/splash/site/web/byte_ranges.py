"""One byte range of a file, as a video player asks for it (``Range: bytes=…``; RFC 9110 §14).

Pure. A header this does not understand (another unit, several ranges, garbage) is ignored and
the whole file is served, as the RFC allows; a range that starts past the end is Unsatisfiable
(416). The result fits Sanic's ``file(..., _range=…)``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_SINGLE = re.compile(r"^bytes=(\d*)-(\d*)$")


class Unsatisfiable(Exception):
    pass


@dataclass(frozen=True)
class ByteRange:
    start: int
    end: int  # inclusive
    total: int

    @property
    def size(self) -> int:
        return self.end - self.start + 1


def byte_range(requested: str | None, total: int) -> ByteRange | None:
    """The range to send of a ``total``-byte file, None for the whole file."""
    match = _SINGLE.match((requested or "").strip().replace(" ", ""))
    if match is None or match.groups() == ("", ""):
        return None
    first, last = match.groups()
    if not first:  # the last N bytes
        suffix = int(last)
        if suffix == 0 or total == 0:
            raise Unsatisfiable(f"bytes */{total}")
        return ByteRange(max(total - suffix, 0), total - 1, total)
    start = int(first)
    end = min(int(last), total - 1) if last else total - 1
    if start >= total:
        raise Unsatisfiable(f"bytes */{total}")
    if end < start:
        return None  # an invalid range: ignored
    return ByteRange(start, end, total)
