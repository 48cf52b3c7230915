"""A published page's library images: the item's current file, size and variants (srcset,
sizes, sources for AVIF and WebP), its alt text in the page's language when the block has none;
other images as they are."""

from __future__ import annotations

import pytest

from splash.content.models import Article, Locale
from splash.core.route_table import RouteTable
from splash.media import publishing, services
from splash.media.models import MediaItem
from splash.media.vocabulary import VariantsStatus
from splash.shared.outbox import now as outbox_now
from splash.site.web import compose
from splash.site.web import services as web
from splash.site.web.payloads import checked
from tests.media.support import encoded
from tests.web.support import page_of

pytestmark = pytest.mark.usefixtures("database")


async def _ready(settings) -> MediaItem:
    item = await services.upload(
        services.Upload("zwempak.jpg", encoded("JPEG", 700, 500)), "e", settings
    )
    _, item = await services.set_alt(item.id, {"nl": "Kind in zwempak"})
    base = item.url.rsplit("/", 1)[0]
    item.variants = [
        {"format": f, "width": w, "height": round(w * 5 / 7), "url": f"{base}/{w}.{f}", "bytes": 1}
        for w in (320, 640, 700)
        for f in ("avif", "webp")
    ]
    item.variants_status = VariantsStatus.READY
    await item.save()
    return item


async def test_library_images_get_the_current_file_and_its_variants(settings):
    item = await _ready(settings)
    base = item.url.rsplit("/", 1)[0]
    old = {
        "src": f"/media/library/{item.id}/0-old/original.jpg",
        "alt": "",
        "width": 1,
        "height": 1,
    }
    blocks = [
        {"type": "intro", "title": "Zwemmen", "image": {**old, "media": item.id}},
        {"type": "text-with-media", "image": {**old, "alt": "Eigen tekst"}},
        {
            "type": "intro",
            "image": {"src": "/media/images/strand.webp", "alt": "Strand", "width": 4, "height": 3},
        },
    ]

    filled = await publishing.library_images(blocks, "nl")

    webp = f"{base}/320.webp 320w, {base}/640.webp 640w, {base}/700.webp 700w"
    avif = f"{base}/320.avif 320w, {base}/640.avif 640w, {base}/700.avif 700w"
    assert filled[0]["image"] == {
        "src": item.url,
        "alt": "Kind in zwempak",
        "width": 700,
        "height": 500,
        "media": item.id,
        "srcset": webp,
        "sizes": publishing.SIZES,
        "sources": [{"type": "image/avif", "srcset": avif}, {"type": "image/webp", "srcset": webp}],
    }
    assert filled[1]["image"]["alt"] == "Eigen tekst"  # the block's own text wins
    assert filled[1]["image"]["src"] == item.url  # found by its old src: the current file
    assert filled[2] == blocks[2]
    assert filled[0]["title"] == "Zwemmen"


async def test_an_image_without_variants_yet_keeps_its_plain_src(settings):
    item = await services.upload(services.Upload("a.png", encoded("PNG", 50, 40)), "e", settings)

    filled = await publishing.library_images(
        [{"type": "intro", "image": {"src": "/x", "alt": "", "media": item.id}}], "de"
    )

    assert filled[0]["image"] == {
        "src": item.url,
        "alt": "",
        "width": 50,
        "height": 40,
        "media": item.id,
    }


async def test_blocks_without_library_images_cost_no_read(settings):
    blocks = [{"type": "text", "paragraphs": ["Zwemmen"]}]
    assert await publishing.library_images(blocks, "nl") is blocks


async def test_a_published_page_carries_the_srcset_and_passes_the_payload_check(settings):
    item = await _ready(settings)
    image = {"src": "/media/images/oud.jpg", "alt": "", "width": 1, "height": 1, "media": item.id}
    intro = {"type": "intro", "title": "Zwemmen", "text": "Veilig leren zwemmen", "image": image}

    [filled] = await compose.fill_blocks([intro], "nl", RouteTable.load(settings.routes_file))
    published = checked(page_of(filled))["page"]["blocks"][0]["image"]

    base = item.url.rsplit("/", 1)[0]
    assert (
        published["srcset"] == f"{base}/320.webp 320w, {base}/640.webp 640w, {base}/700.webp 700w"
    )
    assert [s["type"] for s in published["sources"]] == ["image/avif", "image/webp"]
    assert (published["src"], published["width"], published["height"]) == (item.url, 700, 500)
    assert published["alt"] == "Kind in zwempak"


async def test_a_library_image_on_a_cdn_passes_the_payload_check(settings):
    item = await _ready(settings)
    cdn = "https://images.splash.example/shop/library"
    item.url = f"{cdn}/{item.id}/1-0a1b2c3d/original.jpg"
    item.variants = [
        {**v, "url": f"{cdn}/{item.id}/1-0a1b2c3d/{v['width']}.{v['format']}"}
        for v in item.variants
    ]
    await item.save()
    image = {"src": "/media/images/oud.jpg", "alt": "", "width": 1, "height": 1, "media": item.id}
    intro = {"type": "intro", "title": "Zwemmen", "text": "Veilig leren zwemmen", "image": image}

    [filled] = await publishing.library_images([intro], "nl")
    published = checked(page_of(filled))["page"]["blocks"][0]["image"]

    assert published["src"] == item.url
    assert published["srcset"].startswith(f"{cdn}/{item.id}/1-0a1b2c3d/320.webp 320w, ")


async def test_a_published_article_shows_its_library_cover_and_body_images(settings, seeded):
    item = await _ready(settings)
    await Locale.get_or_create(code="nl", defaults={"name": "Nederlands", "is_default": True})
    cover = {"src": item.url, "alt": "", "width": 700, "height": 500, "media": item.id}
    body = [{"type": "paragraph", "children": [{"type": "text", "text": "Veilig zwemmen"}]},
            {"type": "image", "image": {**cover, "alt": "Eigen tekst"}}]  # fmt: skip
    await Article.create(
        locale_id="nl", slug="zwemles-in-beeld", localization_key="media-lesson", title="Zwemles",
        excerpt="Veilig", cover=cover, body=body, published_at=outbox_now(),
    )  # fmt: skip
    table = RouteTable.load(settings.routes_file)
    match = table.match("nl", "/blog/zwemles-in-beeld")

    payload = await web.route_payload(settings, table, "nl", "/blog/zwemles-in-beeld", match)

    article = payload["article"]
    assert article["cover"]["srcset"].endswith("/700.webp 700w")
    assert article["cover"]["alt"] == "Kind in zwempak"
    assert article["body"][1]["image"]["alt"] == "Eigen tekst"
    assert [s["type"] for s in article["body"][1]["image"]["sources"]] == [
        "image/avif",
        "image/webp",
    ]
    assert "srcset" not in article["seo"]["image"]  # a head tag needs no variants
