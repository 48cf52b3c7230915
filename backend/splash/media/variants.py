"""The worker's job: an item's responsive variants (WebP and AVIF at the library's widths,
never wider than the original), each without metadata, beside its original. Made in a thread
(Pillow releases the GIL while it encodes), so a drainer inside a server keeps serving."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from splash.media import images
from splash.media.models import MediaItem
from splash.media.storage import create_storage
from splash.media.vocabulary import EXTENSIONS, VARIANT_FORMATS, VariantsStatus
from splash.shared.outbox import Job

log = logging.getLogger(__name__)


def formats() -> tuple[images.MediaFormat, ...]:
    """The variants' formats this Pillow can write (AVIF needs Pillow ≥ 11.3's libavif)."""
    return tuple(f for f in VARIANT_FORMATS if f in images.accepted_formats())


async def make_variants(job: Job, resources: Any) -> None:
    """The job ``media.variants`` (``{"media": id, "folder": …}``): nothing when the item is
    gone or has been replaced since (the replacement's own job makes its variants)."""
    wanted = await MediaItem.get_or_none(id=job.payload["media"], folder=job.payload["folder"])
    if wanted is None:
        return
    settings = resources.settings
    storage = create_storage(settings)
    try:
        original = await storage.read(f"{wanted.folder}/original.{EXTENSIONS[wanted.format]}")
        if original is None:
            raise FileNotFoundError(f"{wanted.folder}: the original is missing")
        made = await asyncio.to_thread(images.variants, original, formats())
        rows: list[dict[str, Any]] = []
        for variant in made:
            path = f"{wanted.folder}/{variant.width}.{EXTENSIONS[variant.format]}"
            await storage.write(path, variant.data)
            rows.append(
                {
                    "format": variant.format.value,
                    "width": variant.width,
                    "height": variant.height,
                    "url": storage.public_url(path),
                    "bytes": len(variant.data),
                }
            )
    except Exception:
        if job.attempt >= settings.outbox_max_attempts:
            await _failed(wanted)
        raise
    finally:
        await storage.aclose()
    await MediaItem.filter(id=wanted.id, folder=wanted.folder).update(
        variants=rows, variants_status=VariantsStatus.READY
    )


async def _failed(item: MediaItem) -> None:
    log.error("media variants given up", extra={"media": item.id, "folder": item.folder})
    await MediaItem.filter(id=item.id, folder=item.folder).update(
        variants_status=VariantsStatus.FAILED
    )
