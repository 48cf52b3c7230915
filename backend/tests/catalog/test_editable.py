"""Products, variants, prices and the size guide edited in the studio (catalog/editable.py,
catalog/editable_variants.py): a published price reaches the product page, a new quote and a
new order while an older order keeps its own; an editor cannot change a price; a renamed
slug answers 301; bad fields are named; missing translations listed; every save and publish
in the activity log."""

from __future__ import annotations

import pytest

from splash.catalog.models import Product, ProductText, ProductVariant
from splash.core.config import Settings
from splash.editing.models import Draft
from splash.orders.models import OrderLine
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from tests.editing.support import edit, headers_of, opened, publish, run_jobs, save, url
from tests.orders.drafts import draft, line, place
from tests.web.support import inline_payload

SUIT = "/shop/splash-drijfpak"
BLUE_M = "spl-fs-blue-m"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The jobs run when the test says (``run_jobs``), not by the app's embedded drainer."""
    return settings.model_copy(update={"outbox_embedded": False})


def _variant_price(html: str, sku: str) -> int:
    variants = inline_payload(html)["product"]["variants"]
    return int(next(v["price"] for v in variants if v["sku"] == sku))


async def _quote(client, variant_id: int) -> int:
    body = {"items": [{"variantId": variant_id, "quantity": 1}]}
    response = await client.post("/api/cart/quote", json=body)
    assert response.status == 200, response.json
    return int(response.json["data"]["items"][0]["lineTotal"])


async def _order_line_price(client, variant_id: int) -> int:
    response = await place(client, draft([line(variant_id)]))
    assert response.status == 201, response.json
    order_line = await OrderLine.get(order__order_nr=response.json["data"]["orderNr"])
    return order_line.unit_price


@pytest.mark.usefixtures("published")
async def test_a_published_price_is_what_the_page_a_quote_and_a_new_order_use(client, settings):
    owner = await headers_of(settings, "owner")
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    older = await place(client, draft([line(blue.id)]))
    assert older.status == 201, older.json

    saved = await save(client, owner, "price", BLUE_M, {"price": 4495}, locale="")
    assert saved.status == 200, saved.json
    assert await _quote(client, blue.id) == 4995  # a draft price is never sold
    response = await publish(client, owner, "price", BLUE_M, locale="")

    assert response.status == 200, response.json
    assert _variant_price((await client.get(SUIT)).text, "SPL-FS-BLUE-M") == 4995  # not yet
    assert await run_jobs(settings) >= 1
    assert _variant_price((await client.get(SUIT)).text, "SPL-FS-BLUE-M") == 4495
    assert await _quote(client, blue.id) == 4495
    assert await _order_line_price(client, blue.id) == 4495
    kept = await OrderLine.get(order__order_nr=older.json["data"]["orderNr"])
    assert (kept.unit_price, kept.line_total) == (4995, 4995)
    assert (await ProductVariant.get(sku="SPL-FS-PINK-M")).price == 4995


async def test_an_editor_cannot_save_or_publish_a_price_and_is_told_so(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    owner = await headers_of(settings, "owner")
    await save(client, owner, "price", BLUE_M, {"price": 3995}, locale="")

    saved = await save(client, editor, "price", BLUE_M, {"price": 1}, revision=1, locale="")
    published_ = await publish(client, editor, "price", BLUE_M, locale="")
    listed = await client.get("/api/studio/content/collections", headers=editor)

    assert (saved.status, published_.status) == (403, 403)
    assert (await ProductVariant.get(sku="SPL-FS-BLUE-M")).price == 4995
    assert (await Draft.get(collection="price", key=BLUE_M)).document == {"price": 3995}
    hints = {c["name"]: (c["permission"], c["editable"]) for c in listed.json["data"]}
    assert hints["price"] == ("settings", False)
    assert hints["offer"] == ("settings", False)
    assert hints["product"] == ("content", True)
    assert hints["variant"] == ("content", True)


async def test_a_price_is_a_whole_positive_number_of_cents(client, seeded, settings):
    owner = await headers_of(settings, "owner")

    for price in (0, 12.5, "10"):
        response = await save(client, owner, "price", BLUE_M, {"price": price}, locale="")
        assert response.status == 400, price
        assert response.json["error"]["details"]["errors"][0]["path"] == ["price"]
    assert await Draft.filter(collection="price").count() == 0


@pytest.mark.usefixtures("published")
async def test_a_renamed_product_slug_answers_301_from_the_old_url(client, settings):
    editor = await headers_of(settings, "editor")
    await edit(client, editor, "product", "splash-float-suit", {"slug": "drijfpak"})

    response = await publish(client, editor, "product", "splash-float-suit")

    assert response.status == 200, response.json
    assert await run_jobs(settings) >= 1
    old = await client.get(SUIT + "?ref=mail")
    assert old.status == 301
    assert old.headers["location"] == "/shop/drijfpak?ref=mail"
    assert inline_payload((await client.get("/shop/drijfpak")).text)["product"]["slug"] == (
        "drijfpak"
    )
    english = await ProductText.get(product__key="splash-float-suit", locale="en")
    assert (await client.get(f"/shop/{english.slug}", host="en.localhost:8000")).status == 200


async def test_a_product_slug_another_product_has_is_refused(client, seeded, settings):
    editor = await headers_of(settings, "editor")

    response = await edit(
        client, editor, "product", "splash-float-suit", {"slug": "splash-uv-drijfpak"}
    )

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["slug"]


async def test_publishing_product_texts_needs_a_title_an_intro_and_every_alt(
    client, seeded, settings
):
    editor = await headers_of(settings, "editor")
    entry = await opened(client, editor, "product", "splash-float-suit")
    alts = {**entry["document"]["imageAlt"], "pink": " "}
    await edit(client, editor, "product", "splash-float-suit", {"intro": "", "imageAlt": alts})

    response = await publish(client, editor, "product", "splash-float-suit")

    assert response.status == 400
    paths = [error["path"] for error in response.json["error"]["details"]["errors"]]
    assert paths == [["intro"], ["imageAlt", "pink"]]
    assert (await opened(client, editor, "product", "splash-float-suit"))["missing"] == [
        "intro",
        "imageAlt.pink",
    ]


async def test_a_new_product_is_listed_as_missing_in_the_languages_without_its_texts(
    client, seeded, settings
):
    editor = await headers_of(settings, "editor")
    image = {"src": "/media/products/splash-float-suit-blue.webp", "width": 10, "height": 10}
    setup = {"type": "physical", "images": {"blue": image}, "position": 5, "published": True}
    await save(client, editor, "product-setup", "splash-cap", setup, locale="")
    assert (await publish(client, editor, "product-setup", "splash-cap", locale="")).status == 200
    texts = {
        "title": "Splash-badmuts",
        "intro": "Een muts die blijft zitten.",
        "description": [{"type": "paragraph", "children": [{"type": "text", "text": "Zacht."}]}],
        "imageAlt": {"blue": "Blauwe badmuts"},
    }
    await save(client, editor, "product", "splash-cap", texts)
    assert (await publish(client, editor, "product", "splash-cap")).status == 200

    dutch = await client.get("/api/studio/content/product?locale=nl", headers=editor)
    german = await client.get("/api/studio/content/product?locale=de", headers=editor)

    nl = {entry["key"]: entry for entry in dutch.json["data"]}
    de = {entry["key"]: entry for entry in german.json["data"]}
    assert (nl["splash-cap"]["translated"], nl["splash-cap"]["live"]) == (True, True)
    assert (de["splash-cap"]["translated"], de["splash-cap"]["title"]) == (False, "Splash-badmuts")
    assert de["splash-float-suit"]["translated"] is True
    text = await ProductText.get(product__key="splash-cap", locale="nl")
    assert (text.slug, text.seo_title) == ("splash-badmuts", "Splash-badmuts")


async def test_a_new_variant_stays_off_sale_until_the_owner_prices_it(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    owner = await headers_of(settings, "owner")
    await ProductVariant.filter(sku="SPL-FS-BLUE-M").delete()
    document = {"product": "splash-float-suit", "colour": "blue", "size": "m", "active": True}

    refused = await save(client, editor, "variant", "spl-fs-blue-m2", document, locale="")
    await save(
        client, editor, "variant", "spl-fs-blue-m2", {**document, "active": False}, locale=""
    )
    made = await publish(client, editor, "variant", "spl-fs-blue-m2", locale="")
    await save(client, owner, "price", "spl-fs-blue-m2", {"price": 5195}, locale="")
    priced = await publish(client, owner, "price", "spl-fs-blue-m2", locale="")
    switched = await edit(client, editor, "variant", "spl-fs-blue-m2", {"active": True}, locale="")

    assert refused.status == 400
    assert refused.json["error"]["details"]["errors"][0]["path"] == ["active"]
    assert (made.status, priced.status, switched.status) == (200, 200, 200)
    assert (await publish(client, editor, "variant", "spl-fs-blue-m2", locale="")).status == 200
    variant = await ProductVariant.get(sku="SPL-FS-BLUE-M2")
    assert (variant.colour, variant.size, variant.price, variant.active) == (
        "blue",
        "m",
        5195,
        True,
    )
    assert variant.position == 2


async def test_a_variant_of_a_colour_and_size_the_product_has_is_refused(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    document = {"product": "splash-float-suit", "colour": "pink", "size": "xs", "active": False}

    twin = await save(client, editor, "variant", "spl-fs-pink-xs-2", document, locale="")
    stranger = await save(
        client, editor, "variant", "spl-x", {**document, "product": "no-such"}, locale=""
    )

    assert twin.status == 400
    assert twin.json["error"]["details"]["errors"][0]["path"] == ["size"]
    assert stranger.status == 400
    assert stranger.json["error"]["details"]["errors"][0]["path"] == ["product"]


async def test_the_size_guide_is_published_and_a_bad_row_is_named(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    rows = [
        {"size": "xs", "minKg": 11, "maxKg": 15, "age": "2-4"},
        {"size": "s", "minKg": 15, "maxKg": 18, "age": "4-5"},
    ]
    bad = [*rows, {"size": "m", "minKg": 21, "maxKg": 18, "age": "5-6"}]

    refused = await save(
        client, editor, "size-guide", "splash-float-suit", {"rows": bad}, locale=""
    )
    await save(client, editor, "size-guide", "splash-float-suit", {"rows": rows}, locale="")
    response = await publish(client, editor, "size-guide", "splash-float-suit", locale="")

    assert refused.status == 400
    assert refused.json["error"]["details"]["errors"][0]["path"] == ["rows", "2", "maxKg"]
    assert response.status == 200, response.json
    assert (await Product.get(key="splash-float-suit")).size_guide == rows
    job = await OutboxJob.get(kind="site.publish")
    product = await Product.get(key="splash-float-suit")
    assert job.payload == {"changes": [f"product:{product.id}"]}


async def test_saves_and_publishes_of_a_price_are_in_the_activity_log(client, seeded, settings):
    owner = await headers_of(settings, "owner")
    await save(client, owner, "price", BLUE_M, {"price": 4795}, locale="")
    await publish(client, owner, "price", BLUE_M, locale="")

    entries = await ActivityEntry.filter(subject_id=f"price:{BLUE_M}:").order_by("id")

    assert [entry.action for entry in entries] == ["content.saved", "content.published"]
    assert entries[0].actor_label == "owner-edit@splash.example"


def test_the_url_helper_names_a_shared_entry_without_a_locale():
    assert url("price", BLUE_M, "") == f"/api/studio/content/price/{BLUE_M}"


async def test_a_slug_made_from_a_long_title_is_refused_past_its_length(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    title = "Drijfpak " * 17  # 153 characters: its slug is longer than a product slug may be
    await edit(client, editor, "product", "splash-float-suit", {"title": title, "slug": ""})

    response = await publish(client, editor, "product", "splash-float-suit")

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["slug"]
    text = await ProductText.get(product__key="splash-float-suit", locale="nl")
    assert text.slug == "splash-drijfpak"


async def test_a_variant_saved_with_only_its_product_colour_and_size_is_made_off_sale(
    client, seeded, settings
):
    editor = await headers_of(settings, "editor")
    await ProductVariant.filter(sku="SPL-SUN-PINK-XXXL").delete()
    document = {"product": "splash-sun-float-suit", "colour": "pink", "size": "xxxl"}

    await save(client, editor, "variant", "spl-sun-pink-3xl", document, locale="")
    response = await publish(client, editor, "variant", "spl-sun-pink-3xl", locale="")

    assert response.status == 200, response.json
    made = await ProductVariant.get(sku="SPL-SUN-PINK-3XL")
    assert (made.active, made.price, made.position, made.stock) == (False, 0, 106, 0)
    page = await client.get("/api/products?locale=nl&filters[key][$eq]=splash-sun-float-suit")
    assert page.json["data"][0]["priceFrom"] == 5495


async def _preview(client, headers, collection: str, key: str, locale: str) -> dict:
    made = await client.post(url(collection, key, locale, "preview"), headers=headers)
    assert made.status == 200, made.json
    response = await client.get(made.json["data"]["url"].removeprefix("http://localhost:8000"))
    assert response.status == 200
    return inline_payload(response.text)


@pytest.mark.usefixtures("published")
async def test_previews_show_a_drafts_texts_price_and_size_guide(client, settings):
    owner = await headers_of(settings, "owner")
    await edit(client, owner, "product", "splash-float-suit", {"title": "Nieuw drijfpak"})
    await save(client, owner, "price", BLUE_M, {"price": 3995}, locale="")
    rows = [{"size": "xs", "minKg": 10, "maxKg": 15, "age": "2-4"}]
    await save(client, owner, "size-guide", "splash-float-suit", {"rows": rows}, locale="")

    texts = await _preview(client, owner, "product", "splash-float-suit", "nl")
    price = await _preview(client, owner, "price", BLUE_M, "")
    guide = await _preview(client, owner, "size-guide", "splash-float-suit", "")

    assert (texts["route"]["path"], texts["product"]["title"]) == (SUIT, "Nieuw drijfpak")
    blue = next(v for v in price["product"]["variants"] if v["sku"] == "SPL-FS-BLUE-M")
    assert (blue["price"], price["product"]["priceFrom"]) == (3995, 3995)
    assert guide["product"]["sizeGuide"] == [{**rows[0], "sizeLabel": "XS"}]
    live = inline_payload((await client.get(SUIT)).text)["product"]
    assert (live["title"], live["priceFrom"]) == ("Splash-drijfpak", 4995)


@pytest.mark.usefixtures("published")
async def test_a_product_taken_off_the_site_is_gone_from_its_pages(client, settings):
    editor = await headers_of(settings, "editor")
    english = await ProductText.get(product__key="splash-float-suit", locale="en")

    response = await client.post(
        url("product-setup", "splash-float-suit", "", "unpublish"), json={}, headers=editor
    )

    assert response.status == 200, response.json
    assert response.json["data"]["live"]["published"] is False
    assert await run_jobs(settings) == 1
    assert (await client.get(SUIT)).status == 404
    assert (await client.get(f"/shop/{english.slug}", host="en.localhost:8000")).status == 404
    assert (await client.get("/shop/splash-uv-drijfpak")).status == 200
