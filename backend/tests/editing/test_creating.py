"""New entries made from the studio's lists (editing/creating.py, POST /content/<collection>):
a variant with its SKU, product, colour, size and — the owner's alone — its price; a taken SKU
refused with 409 naming ``key``; bad fields named; a collection made by drafting refused; the
activity log and the republish job."""

from __future__ import annotations

from typing import Any

from splash.catalog.models import ProductVariant
from splash.editing.vocabulary import REPUBLISH_JOB
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from tests.editing.support import STUDIO, headers_of

NEW_SKU = "spl-fs-blue-3xl"
SUIT = "splash-float-suit"


async def create(client: Any, headers: dict[str, str], collection: str, key: str, **fields: Any):
    locale = "" if collection in ("variant",) else "?locale=nl"
    body = {"key": key, "fields": fields}
    return await client.post(f"{STUDIO}/{collection}{locale}", json=body, headers=headers)


async def free_blue_xxxl() -> None:
    """The seeded suit has every colour and size: its blue XXXL goes, for a new one."""
    await ProductVariant.filter(sku="SPL-FS-BLUE-XXXL").delete()


def error_paths(response: Any) -> list[list[str]]:
    return [error["path"] for error in response.json["error"]["details"]["errors"]]


async def test_the_owner_creates_a_priced_variant_that_starts_off_sale(client, seeded, settings):
    owner = await headers_of(settings, "owner")
    await free_blue_xxxl()

    response = await create(
        client, owner, "variant", NEW_SKU, product=SUIT, colour="blue", size="xxxl", price=5495
    )

    assert response.status == 201, response.json
    entry = response.json["data"]
    assert (entry["key"], entry["revision"]) == (NEW_SKU, 0)
    assert entry["live"] == {
        "product": SUIT,
        "colour": "blue",
        "size": "xxxl",
        "active": False,
        "position": 6,
    }
    made = await ProductVariant.get(sku="SPL-FS-BLUE-3XL").select_related("product")
    assert (made.product.key, made.price, made.active) == (SUIT, 5495, False)
    logged = await ActivityEntry.get(action="content.created")
    assert logged.subject_id == f"variant:{NEW_SKU}:"
    assert logged.after["price"] == 5495
    job = await OutboxJob.filter(kind=REPUBLISH_JOB).order_by("-id").first()
    assert job is not None and job.payload["changes"] == [f"product:{made.product_id}"]


async def test_an_editor_creates_a_variant_without_a_price_but_not_with_one(
    client, seeded, settings
):
    editor = await headers_of(settings, "editor")
    await free_blue_xxxl()

    priced = await create(
        client, editor, "variant", NEW_SKU, product=SUIT, colour="blue", size="xxxl", price=100
    )
    plain = await create(
        client, editor, "variant", NEW_SKU, product=SUIT, colour="blue", size="xxxl"
    )

    assert priced.status == 403
    assert error_paths(priced) == [["price"]]
    assert plain.status == 201, plain.json
    assert (await ProductVariant.get(sku="SPL-FS-BLUE-3XL")).price == 0


async def test_a_taken_sku_is_refused_with_409_naming_the_key(client, seeded, settings):
    owner = await headers_of(settings, "owner")
    before = await ProductVariant.all().count()

    response = await create(
        client, owner, "variant", "spl-fs-blue-m", product=SUIT, colour="blue", size="xxxl"
    )

    assert response.status == 409
    assert error_paths(response) == [["key"]]
    assert await ProductVariant.all().count() == before
    assert not await ActivityEntry.exists(action="content.created")


async def test_bad_fields_of_a_new_variant_are_named(client, seeded, settings):
    owner = await headers_of(settings, "owner")
    await free_blue_xxxl()

    bad_size = await create(
        client, owner, "variant", NEW_SKU, product=SUIT, colour="blue", size="q"
    )
    twin = await create(client, owner, "variant", NEW_SKU, product=SUIT, colour="blue", size="m")
    no_product = await create(
        client, owner, "variant", NEW_SKU, product="nothing", colour="blue", size="xxxl"
    )
    bad_price = await create(
        client, owner, "variant", NEW_SKU, product=SUIT, colour="blue", size="xxxl", price="12"
    )
    bad_key = await create(client, owner, "variant", "Not A Key", product=SUIT)

    assert [r.status for r in (bad_size, twin, bad_price, bad_key)] == [400, 400, 400, 400]
    assert error_paths(bad_size) == [["size"]]
    assert error_paths(twin) == [["size"]]
    assert no_product.status == 404
    assert error_paths(bad_price) == [["price"]]
    assert error_paths(bad_key) == [["key"]]
    assert not await ProductVariant.exists(sku="SPL-FS-BLUE-3XL")


async def test_a_collection_made_by_drafting_has_no_create(client, seeded, settings):
    editor = await headers_of(settings, "editor")

    response = await create(client, editor, "page", "new-page", title="Nieuw")

    assert response.status == 400
    assert error_paths(response) == [["collection"]]


async def test_a_shop_role_cannot_create_and_nobody_signed_out_can(client, seeded, settings):
    shop = await headers_of(settings, "shop")

    refused = await create(client, shop, "variant", NEW_SKU, product=SUIT, colour="blue", size="xl")
    anonymous = await create(client, {}, "variant", NEW_SKU, product=SUIT, colour="blue", size="xl")

    assert (refused.status, anonymous.status) == (403, 401)
