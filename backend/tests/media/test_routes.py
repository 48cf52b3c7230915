"""The studio's media library over HTTP: uploads checked by content (renamed non-images,
decompression bombs, too large, each accepted format), metadata stripped from the original and
from every variant the job makes, alt texts per language, where used, replace, delete refused
while used, and the hostile cases."""

from __future__ import annotations

from io import BytesIO

import pytest
from PIL import Image

from splash.content.models import Locale, Page
from splash.media.models import MediaItem
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from tests.media.support import (
    SECRETS,
    encoded,
    metadata_of,
    noise_png,
    photo_with_gps,
    png_claiming,
    staff_headers,
)

pytestmark = pytest.mark.usefixtures("database")


async def _upload(client, settings, data, name="zwempak.jpg", kind="image/jpeg", role="editor"):
    return await client.post(
        "/api/studio/media",
        headers=await staff_headers(settings, role),
        files={"file": (name, data, kind)},
    )


def _stored(settings, url: str) -> bytes:
    return (settings.media_folder / url.removeprefix("/media/library/")).read_bytes()


async def _nothing_stored(settings) -> None:
    assert await MediaItem.all().count() == 0
    assert await OutboxJob.all().count() == 0
    folder = settings.media_folder
    assert not folder.exists() or not any(p.is_file() for p in folder.rglob("*"))


@pytest.mark.parametrize(
    ("pillow", "name", "expected"),
    [("JPEG", "a.jpg", "jpeg"), ("PNG", "b.png", "png"), ("WEBP", "c.webp", "webp"),
     ("AVIF", "d.avif", "avif")],
)  # fmt: skip
async def test_each_accepted_format_is_stored(client, settings, pillow, name, expected):
    response = await _upload(client, settings, encoded(pillow), name, "application/octet-stream")

    assert response.status == 201, response.json
    item = response.json["data"]
    assert (item["format"], item["width"], item["height"], item["fileName"]) == (
        expected, 700, 500, name
    )  # fmt: skip
    assert item["variantsStatus"] == "pending" and item["variants"] == []
    assert item["url"].startswith(f"/media/library/{item['id']}/1-")
    assert item["url"].endswith(f"/original.{name.rsplit('.', 1)[1]}")
    with Image.open(BytesIO(_stored(settings, item["url"]))) as image:
        assert image.size == (700, 500)
    job = await OutboxJob.get(kind="media.variants")
    assert job.payload == {"media": item["id"], "folder": item["url"].rsplit("/", 1)[0][7:]}
    entry = await ActivityEntry.get(action="media.uploaded")
    assert (entry.subject_type, entry.subject_id, entry.actor_label) == (
        "media", str(item["id"]), "editor@splash.example"
    )  # fmt: skip


async def test_a_photo_loses_its_gps_in_the_original_and_every_variant(client, settings, drain):
    response = await _upload(client, settings, photo_with_gps(1000, 700))
    item_id = response.json["data"]["id"]
    original = _stored(settings, response.json["data"]["url"])
    assert metadata_of(original) == {}
    assert not [secret for secret in SECRETS if secret in original]

    assert await drain() == 1

    got = await client.get(
        f"/api/studio/media/{item_id}", headers=await staff_headers(settings, "editor")
    )
    item = got.json["data"]
    assert item["variantsStatus"] == "ready"
    assert [(v["format"], v["width"], v["height"]) for v in item["variants"]] == [
        ("avif", 320, 224), ("webp", 320, 224), ("avif", 640, 448), ("webp", 640, 448),
        ("avif", 960, 672), ("webp", 960, 672), ("avif", 1000, 700), ("webp", 1000, 700),
    ]  # fmt: skip
    for variant in item["variants"]:
        stored = _stored(settings, variant["url"])
        assert len(stored) == variant["bytes"]
        assert metadata_of(stored) == {}
        assert not [secret for secret in SECRETS if secret in stored]
        with Image.open(BytesIO(stored)) as image:
            assert image.getexif() == {} and image.size == (variant["width"], variant["height"])


async def test_a_renamed_non_image_is_refused_naming_file(client, settings):
    pdf = b"%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<<>>\n%%EOF\n"

    response = await _upload(client, settings, pdf, "vakantie.jpg", "image/jpeg")

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["file"]
    await _nothing_stored(settings)


@pytest.mark.parametrize("size", [(60_000, 60_000), (8_000, 7_000)], ids=["huge", "past-limit"])
async def test_a_decompression_bomb_is_refused(client, settings, size):
    response = await _upload(client, settings, png_claiming(*size), "bom.png", "image/png")

    assert response.status == 400
    error = response.json["error"]
    assert error["details"]["errors"][0]["path"] == ["file"]
    assert "too many pixels" in error["message"]
    await _nothing_stored(settings)


@pytest.mark.parametrize("side", [100, 200], ids=["in-the-envelope", "declared-too-long"])
async def test_a_file_past_the_limit_is_refused(client, settings, app, side):
    app.ctx.settings = settings.model_copy(update={"media_max_bytes": 20_000})
    big = noise_png(side)
    assert len(big) > 20_000

    response = await _upload(client, app.ctx.settings, big, "groot.png", "image/png")

    assert response.status == 413
    assert response.json["error"]["details"]["errors"][0]["path"] == ["file"]
    await _nothing_stored(settings)


async def test_a_path_in_the_file_name_is_only_a_name(client, settings):
    response = await _upload(client, settings, encoded("JPEG"), "../../etc/passwd.jpg")

    assert response.status == 201
    item = response.json["data"]
    assert item["fileName"] == "passwd.jpg"
    stored = [p for p in settings.media_folder.rglob("*") if p.is_file()]
    assert [p.relative_to(settings.media_folder).parts[0] for p in stored] == [str(item["id"])]


@pytest.mark.parametrize(
    ("send", "status", "path"),
    [
        ({"files": {"file": ("leeg.jpg", b"", "image/jpeg")}}, 400, ["file"]),
        ({"files": {"other": ("a.jpg", b"xyz", "image/jpeg")}}, 400, ["file"]),
        ({"json": {"file": "aGVsbG8="}}, 415, ["header", "content-type"]),
        ({"content": b"", "headers": {"content-type": "multipart/form-data"}}, 400,
         ["header", "content-type"]),
    ],
    ids=["empty-file", "no-file-part", "json", "no-boundary"],
)  # fmt: skip
async def test_hostile_uploads_are_refused(client, settings, send, status, path):
    headers = {**await staff_headers(settings, "editor"), **send.pop("headers", {})}

    response = await client.post("/api/studio/media", headers=headers, **send)

    assert response.status == status, response.json
    assert response.json["error"]["details"]["errors"][0]["path"] == path
    await _nothing_stored(settings)


async def test_the_shop_role_cannot_use_the_library(client, settings):
    response = await _upload(client, settings, encoded("JPEG"), role="shop")
    assert response.status == 403
    listed = await client.get("/api/studio/media", headers=await staff_headers(settings, "shop"))
    assert listed.status == 403


@pytest.mark.parametrize(
    ("method", "path"),
    [("get", "/api/studio/media/999"), ("get", "/api/studio/media/999/uses"),
     ("patch", "/api/studio/media/999/alt"), ("delete", "/api/studio/media/999"),
     ("put", "/api/studio/media/999/file")],
)  # fmt: skip
async def test_an_unknown_item_is_not_found(client, settings, method, path):
    headers = await staff_headers(settings, "editor")
    options: dict = {"json": {"alt": {"nl": "Zwempak"}}} if method == "patch" else {}
    if method == "put":
        options = {"files": {"file": ("a.jpg", encoded("JPEG"), "image/jpeg")}}

    response = await getattr(client, method)(path, headers=headers, **options)

    assert response.status == 404


async def test_alt_text_per_language(client, settings):
    item_id = (await _upload(client, settings, encoded("JPEG"))).json["data"]["id"]
    headers = await staff_headers(settings, "editor")
    path = f"/api/studio/media/{item_id}/alt"

    first = await client.patch(
        path,
        headers=headers,
        json={"alt": {"nl": " Kind in zwempak ", "de": "Kind im Schwimmanzug"}},
    )
    second = await client.patch(
        path, headers=headers, json={"alt": {"de": "", "en": "Child in a float suit"}}
    )
    unknown = await client.patch(path, headers=headers, json={"alt": {"it": "Bambino"}})

    assert first.json["data"]["alt"] == {"de": "Kind im Schwimmanzug", "nl": "Kind in zwempak"}
    assert second.json["data"]["alt"] == {"en": "Child in a float suit", "nl": "Kind in zwempak"}
    assert unknown.status == 400
    assert unknown.json["error"]["details"]["errors"][0]["path"][:2] == ["alt", "it"]
    entry = await ActivityEntry.filter(action="media.alt_changed").order_by("-id").first()
    assert entry.before == {"de": "Kind im Schwimmanzug", "nl": "Kind in zwempak"}
    assert entry.after == {"en": "Child in a float suit", "nl": "Kind in zwempak"}


async def _page_showing(media_id: int, src: str) -> Page:
    await Locale.get_or_create(code="nl", defaults={"name": "Nederlands", "is_default": True})
    image = {"src": src, "alt": "", "width": 700, "height": 500, "media": media_id}
    blocks = [{"type": "intro", "title": "Zwemmen", "text": "Veilig leren zwemmen", "image": image}]
    return await Page.create(
        locale_id="nl", slug="zwemmen", localization_key="swim", title="Zwemmen", blocks=blocks
    )


async def test_delete_is_refused_while_used_and_allowed_after(client, settings):
    item = (await _upload(client, settings, encoded("JPEG"))).json["data"]
    page = await _page_showing(item["id"], item["url"])
    headers = await staff_headers(settings, "editor")

    uses = await client.get(f"/api/studio/media/{item['id']}/uses", headers=headers)
    refused = await client.delete(f"/api/studio/media/{item['id']}", headers=headers)

    assert uses.json["data"] == [
        {"kind": "page", "id": page.id, "title": "Zwemmen", "locale": "nl"}
    ]
    assert refused.status == 409
    assert "page “Zwemmen” (nl)" in refused.json["error"]["message"]
    assert refused.json["error"]["details"]["uses"] == uses.json["data"]
    assert await MediaItem.filter(id=item["id"]).exists()

    await page.delete()
    deleted = await client.delete(f"/api/studio/media/{item['id']}", headers=headers)

    assert deleted.status == 200
    assert not await MediaItem.filter(id=item["id"]).exists()
    assert not (settings.media_folder / str(item["id"])).exists()
    assert (
        await ActivityEntry.filter(action="media.deleted", subject_id=str(item["id"])).count() == 1
    )


async def test_replace_keeps_the_id_and_every_use(client, settings, drain):
    item = (await _upload(client, settings, encoded("JPEG"))).json["data"]
    await _page_showing(item["id"], item["url"])
    headers = await staff_headers(settings, "editor")
    await client.patch(
        f"/api/studio/media/{item['id']}/alt", headers=headers, json={"alt": {"nl": "Zwempak"}}
    )

    response = await client.put(
        f"/api/studio/media/{item['id']}/file",
        headers=headers,
        files={"file": ("nieuw.png", encoded("PNG", 900, 600), "image/png")},
    )

    replaced = response.json["data"]
    assert response.status == 200
    assert (replaced["id"], replaced["version"], replaced["format"]) == (item["id"], 2, "png")
    assert (replaced["width"], replaced["height"], replaced["alt"]) == (900, 600, {"nl": "Zwempak"})
    assert replaced["url"].startswith(f"/media/library/{item['id']}/2-")
    assert _stored(settings, item["url"])  # pages published before keep their file
    uses = await client.get(f"/api/studio/media/{item['id']}/uses", headers=headers)
    assert [u["kind"] for u in uses.json["data"]] == ["page"]
    assert await drain() == 2  # the first upload's job finds its file replaced: nothing to do
    assert (
        (await MediaItem.get(id=item["id"]))
        .variants[0]["url"]
        .startswith(replaced["url"].rsplit("/", 1)[0])
    )
    entry = await ActivityEntry.get(action="media.replaced")
    assert (entry.before["format"], entry.after["format"]) == ("jpeg", "png")


async def test_the_list_is_newest_first_and_searchable(client, settings):
    for name in ("strand.jpg", "zwembad.jpg", "zwempak.jpg"):
        await _upload(client, settings, encoded("JPEG", 40, 30), name)
    headers = await staff_headers(settings, "editor")

    everything = await client.get("/api/studio/media", headers=headers)
    found = await client.get("/api/studio/media?q=zwem&pageSize=1", headers=headers)

    assert [i["fileName"] for i in everything.json["data"]] == [
        "zwempak.jpg",
        "zwembad.jpg",
        "strand.jpg",
    ]
    assert [i["fileName"] for i in found.json["data"]] == ["zwempak.jpg"]
    assert found.json["meta"] == {"page": 1, "pageSize": 1, "total": 2}


async def test_a_stored_image_is_served_immutable(client, settings):
    item = (await _upload(client, settings, encoded("WEBP"))).json["data"]

    response = await client.get(item["url"])

    assert response.status == 200
    assert response.headers["content-type"] == "image/webp"
    assert response.headers["cache-control"] == "public, max-age=31536000, immutable"
    assert response.content == _stored(settings, item["url"])
