"""HLS AES-128, as the HLS specification (RFC 8216, 5.2) defines it: each MPEG-TS segment
encrypted whole with AES-128-CBC and PKCS#7 padding, under the key the playlist's
``#EXT-X-KEY`` line names by URL, with the IV that line gives.

The seed encrypts the clear fixture packages with a key of its own for every installation (a
key committed to a public repository is nobody's secret), and ``make-fixtures`` makes those clear
packages from what ffmpeg encrypted. Pure: no I/O.
"""

from __future__ import annotations

import re

from cryptography.hazmat.primitives import padding
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

KEY_BYTES = 16
_KEY_LINE = re.compile(r"^#EXT-X-KEY:.*\n", re.MULTILINE)
_KEYED = re.compile(
    r'^#EXT-X-KEY:METHOD=AES-128,URI="([^"]*)",IV=0x([0-9a-fA-F]{32})$', re.MULTILINE
)


def encrypt(segment: bytes, key: bytes, iv: bytes) -> bytes:
    padder = padding.PKCS7(128).padder()
    padded = padder.update(segment) + padder.finalize()
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    return encryptor.update(padded) + encryptor.finalize()


def decrypt(segment: bytes, key: bytes, iv: bytes) -> bytes:
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    padded = decryptor.update(segment) + decryptor.finalize()
    unpadder = padding.PKCS7(128).unpadder()
    return unpadder.update(padded) + unpadder.finalize()


def key_line(playlist: str) -> tuple[str, bytes] | None:
    """The key URI and IV a media playlist names, None for a clear playlist."""
    found = _KEYED.search(playlist)
    return (found.group(1), bytes.fromhex(found.group(2))) if found else None


def clear_playlist(playlist: str) -> str:
    """The playlist without its key line: its segments are read as they are."""
    return _KEY_LINE.sub("", playlist)


def keyed_playlist(playlist: str, uri: str, iv: bytes) -> str:
    """A clear media playlist naming the key at ``uri`` and ``iv`` for every segment: the line
    goes before the first segment, where ffmpeg writes it."""
    line = f'#EXT-X-KEY:METHOD=AES-128,URI="{uri}",IV=0x{iv.hex()}\n'
    lines = clear_playlist(playlist).splitlines(keepends=True)
    first = next((i for i, text in enumerate(lines) if text.startswith("#EXTINF:")), None)
    if first is None:
        raise ValueError("a media playlist names at least one segment")
    return "".join([*lines[:first], line, *lines[first:]])
