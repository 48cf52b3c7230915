"""What the tests of studio video uploads share: an editor's headers, a settings without the
embedded drainer (a test drains the import itself), and sending a file in chunks."""

from __future__ import annotations

from typing import Any

from tests.studio.support import headers_of

CHUNK_TYPE = {"content-type": "application/offset+octet-stream"}


async def editor(settings) -> dict[str, str]:
    return await headers_of(settings, "editor")


async def announce(client, headers, lesson_id: int, body: bytes, name: str = "les.mp4") -> Any:
    return await client.post(
        f"/api/studio/lessons/{lesson_id}/video/uploads",
        json={"fileName": name, "contentType": "video/mp4", "size": len(body)},
        headers=headers,
    )


async def send_chunk(client, headers, upload_id: int, offset: int, chunk: bytes) -> Any:
    return await client.send(
        "PATCH",
        f"/api/studio/video-uploads/{upload_id}",
        content=chunk,
        headers={**headers, **CHUNK_TYPE, "upload-offset": str(offset)},
    )


async def upload(client, headers, lesson_id: int, body: bytes, parts: int = 3) -> int:
    """The whole file sent in ``parts`` chunks; the upload's id."""
    started = await announce(client, headers, lesson_id, body)
    assert started.status == 201, started.json
    upload_id = started.json["data"]["id"]
    size = -(-len(body) // parts)
    for offset in range(0, len(body), size):
        sent = await send_chunk(client, headers, upload_id, offset, body[offset : offset + size])
        assert sent.status == 200, sent.json
    return upload_id
