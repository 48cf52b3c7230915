"""The media library's use cases: upload, replace, alt text per language, list, where used,
delete (refused while used), and which images of a document lack alt text in a language.

Call these inside ``outbox.transaction()`` (the studio's routes do, with the activity entry):
an upload's row, its stored original and the job that makes its variants commit together; a
failure writing the file rolls the row back. Files are immutable: a replacement is written to
a new folder, so pages published before it keep showing the old file until they are published
again, and then show the new one (``publishing``)."""

from __future__ import annotations

import re
import secrets
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from splash.core import db
from splash.core.config import Settings
from splash.core.errors import ConflictError, NotFoundError, PayloadTooLargeError, ValidationError
from splash.media import images
from splash.media.models import MediaItem
from splash.media.references import (
    images_in,
    media_id_of,
    media_id_of_src,
    media_ids_in,
    placed_images,
)
from splash.media.storage import ROOT, create_storage
from splash.media.usage import Use, uses_of

# Other domains use the library through this module: the finders content and the catalog plug
# in (``Use``, ``media_ids_in``), and the editing domain's publish (``missing_alt(images_in(…))``).
__all__ = [
    "MissingAlt",
    "Upload",
    "Use",
    "delete",
    "file_name_of",
    "forget_files",
    "images_in",
    "item",
    "items",
    "media_ids_in",
    "missing_alt",
    "placed_images",
    "replace",
    "set_alt",
    "upload",
    "uses",
]
from splash.media.vocabulary import EXTENSIONS, VARIANTS_JOB, VariantsStatus
from splash.shared import outbox
from splash.shared.storage import Storage

FILE_NAME_MOST = 190


@dataclass(frozen=True)
class Upload:
    """What the uploader sent: the file's name (shown only, never used as a path) and bytes."""

    file_name: str
    data: bytes


def file_name_of(sent: str | None) -> str:
    """The name to show for an upload: its last path segment (``../../x.jpg`` → ``x.jpg``),
    without control characters, at most 190 characters; ``image`` when nothing is left."""
    last = re.split(r"[/\\]", sent or "")[-1]
    kept = "".join(c for c in last if unicodedata.category(c)[0] != "C").strip().strip(".")
    return kept[-FILE_NAME_MOST:] or "image"


def _cleaned(sent: Upload, settings: Settings) -> images.Cleaned:
    if len(sent.data) > settings.media_max_bytes:
        raise PayloadTooLargeError(
            f"An image may be at most {settings.media_max_bytes} bytes",
            {"errors": [{"path": ["file"], "message": "The file is too large"}]},
        )
    try:
        return images.clean(sent.data, settings.media_max_pixels)
    except images.ImageRefused as exc:
        raise ValidationError.for_field(["file"], str(exc)) from None


async def _store(item: MediaItem, cleaned: images.Cleaned, storage: Storage) -> None:
    """The cleaned original in a folder of its own, the row pointing at it, and the job that
    makes its variants."""
    folder = f"{ROOT}{item.id}/{item.version}-{secrets.token_hex(4)}"
    path = f"{folder}/original.{EXTENSIONS[cleaned.format]}"
    await storage.write(path, cleaned.data)
    item.folder, item.url = folder, storage.public_url(path)
    item.variants, item.variants_status = [], VariantsStatus.PENDING
    await item.save()
    await outbox.enqueue(VARIANTS_JOB, {"media": item.id, "folder": folder})


async def upload(sent: Upload, uploaded_by: str, settings: Settings) -> MediaItem:
    cleaned = _cleaned(sent, settings)
    storage = create_storage(settings)
    try:
        item = await MediaItem.create(
            file_name=file_name_of(sent.file_name),
            format=cleaned.format,
            width=cleaned.width,
            height=cleaned.height,
            bytes=len(cleaned.data),
            uploaded_by=uploaded_by[:254],
        )
        await _store(item, cleaned, storage)
    finally:
        await storage.aclose()
    return item


async def item(media_id: int) -> MediaItem:
    found = await MediaItem.get_or_none(id=media_id)
    if found is None:
        raise NotFoundError("No such image in the media library")
    return found


async def replace(media_id: int, sent: Upload, settings: Settings) -> MediaItem:
    """A new file for an item: same id, so every use keeps it and shows the new file once
    published again; alt texts stay."""
    cleaned = _cleaned(sent, settings)
    found = await MediaItem.filter(id=media_id).select_for_update().first()
    if found is None:
        raise NotFoundError("No such image in the media library")
    found.file_name = file_name_of(sent.file_name)
    found.format, found.width, found.height = cleaned.format, cleaned.width, cleaned.height
    found.bytes, found.version = len(cleaned.data), found.version + 1
    storage = create_storage(settings)
    try:
        await _store(found, cleaned, storage)
    finally:
        await storage.aclose()
    return found


async def items(search: str | None, offset: int, limit: int) -> tuple[list[MediaItem], int]:
    """The newest first, one page, and how many match in all."""
    found = MediaItem.all().order_by("-id")
    if search:
        found = found.filter(file_name__icontains=search)
    return await db.page_of(found, offset, limit)


async def set_alt(media_id: int, alt: Mapping[str, str]) -> tuple[dict[str, str], MediaItem]:
    """The alt texts before, and the item with ``alt`` set (an empty text removes one)."""
    found = await item(media_id)
    before = dict(found.alt)
    after = {**before, **alt}
    found.alt = {locale: text for locale, text in sorted(after.items()) if text.strip()}
    await found.save(update_fields=["alt", "updated_at"])
    return before, found


async def uses(media_id: int) -> list[Use]:
    await item(media_id)
    return await uses_of([media_id])


async def delete(media_id: int) -> MediaItem:
    """The item removed; a ConflictError naming every use while anything shows it."""
    found = await item(media_id)
    used = await uses_of([media_id])
    if used:
        names = ", ".join(
            f"{u.kind} “{u.title}”" + (f" ({u.locale})" if u.locale else "") for u in used
        )
        raise ConflictError(
            f"The image is used by {names}",
            {"uses": [{"kind": u.kind, "id": u.id, "title": u.title, "locale": u.locale}
                      for u in used]},
        )  # fmt: skip
    await found.delete()
    return found


async def forget_files(media_id: int, settings: Settings) -> None:
    """Every file of a deleted item (each version's folder)."""
    storage = create_storage(settings)
    try:
        await storage.delete_prefix(f"{ROOT}{media_id}")
    finally:
        await storage.aclose()


@dataclass(frozen=True)
class MissingAlt:
    """A library image a document shows that has no alt text in the asked language."""

    media_id: int
    file_name: str
    url: str


ImageRef = int | str | Mapping[str, Any]


def _id_of(ref: ImageRef) -> int | None:
    if isinstance(ref, bool):
        return None
    if isinstance(ref, int):
        return ref
    if isinstance(ref, str):
        return media_id_of_src(ref)
    return media_id_of(dict(ref)) if isinstance(ref.get("src"), str) else None


async def missing_alt(refs: Iterable[ImageRef], locale: str) -> list[MissingAlt]:
    """Which of the library images ``refs`` names lack alt text in ``locale``: each ref a
    media id, an image's ``src``, or an image mapping (``{"src", "media", …}``); images not
    from the library are not asked about. A publish refuses while this is not empty (the
    editing domain calls it with ``references.images_in(document)``)."""
    ids = {found for ref in refs if (found := _id_of(ref)) is not None}
    if not ids:
        return []
    rows = await MediaItem.filter(id__in=ids).order_by("id")
    return [
        MissingAlt(row.id, row.file_name, row.url)
        for row in rows
        if not row.alt.get(locale, "").strip()
    ]
