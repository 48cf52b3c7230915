"""Lesson lines in the shop's cart, through the real POST /api/cart/quote and POST /api/orders:
priced for the buyer (a level or the bundle costs what they do not own yet; a guest pays list
prices), named after the course in the page's language, refused when owned or unlocked by a
larger line of the cart, never shipped, and bought once."""

from __future__ import annotations

from splash.academy.models import Entitlement
from splash.catalog.models import Product, ProductVariant
from splash.catalog.vocabulary import ProductType
from splash.orders.models import Order
from tests.academy.support import bearer, owning, variant
from tests.orders.drafts import draft, line, place

EN = "en.localhost:8000"


async def quote(client, skus, headers=None, host="localhost:8000", quantity=1):
    items = [{"variantId": await variant(sku), "quantity": quantity} for sku in skus]
    response = await client.post(
        "/api/cart/quote", json={"items": items}, headers=headers or {}, host=host
    )
    assert response.status == 200, response.json
    return response.json["data"]


async def test_a_cart_of_lessons_is_named_after_the_course_and_has_no_shipping(client, course):
    data = await quote(client, ["LEVEL-2"])

    [level] = data["items"]
    assert (level["title"], level["variantLabel"], level["productPath"]) == (
        "Leren zwemmen met Splash",
        "Niveau 2 · 2 lessen",
        "/academy/leren-zwemmen#level-2",
    )
    assert level["image"] == {
        "src": "/media/academy/learn-to-swim.webp",
        "alt": "Een kind in een blauw drijfpak lacht in het zwembad",
        "width": 1200,
        "height": 800,
    }
    assert (level["unitPrice"], level["productType"], level["refusal"]) == (895, "digital", None)
    assert (level["available"], level["stock"]) == (True, 1)
    assert data["physical"] is False
    assert (data["shipping"]["status"], data["shipping"]["cost"]) == ("free", 0)
    assert data["total"] == 895


async def test_the_lines_speak_the_domains_language(client, course):
    data = await quote(client, ["BUNDLE", "LESSON-2-2"], host=EN)

    bundle, lesson = data["items"]
    assert (bundle["title"], bundle["variantLabel"], bundle["productPath"]) == (
        "Learn to swim with Splash",
        "All 2 levels",
        "/academy/learn-to-swim",
    )
    assert (lesson["variantLabel"], lesson["productPath"]) == (
        "Lesson: Kicking the legs",
        "/academy/learn-to-swim/kicking-the-legs",
    )


async def test_an_owned_level_is_refused_and_the_bundle_costs_the_rest(
    client, course, parent, settings
):
    await owning(parent, "LEVEL-1")

    data = await quote(client, ["LEVEL-1", "BUNDLE"], headers=bearer(parent, settings))

    level, bundle = data["items"]
    assert (level["refusal"], level["available"]) == ("owned", False)
    # parts: level 2 at 895; 1595 x 895 / 1790 = 797.5 → 798
    assert (bundle["refusal"], bundle["unitPrice"], bundle["available"]) == (None, 798, True)


async def test_one_owned_lesson_lowers_its_level(client, course, parent, settings):
    await owning(parent, "LESSON-2-1")

    data = await quote(client, ["LEVEL-2"], headers=bearer(parent, settings))

    assert data["items"][0]["unitPrice"] == 448  # 895 x 495 / 990 = 447.5 → 448


async def test_a_guest_pays_list_prices_whoever_owns_what(client, course, parent):
    await owning(parent, "LEVEL-1")

    level = (await quote(client, ["LEVEL-1"]))["items"][0]
    bundle = (await quote(client, ["BUNDLE"]))["items"][0]

    assert [(i["unitPrice"], i["refusal"]) for i in (level, bundle)] == [(895, None), (1595, None)]


async def test_a_line_a_larger_line_of_the_cart_unlocks_is_refused_as_in_cart(client, course):
    data = await quote(client, ["LESSON-2-1", "LEVEL-2", "BUNDLE", "LESSON-1-1"])

    assert [item["refusal"] for item in data["items"]] == ["in_cart", "in_cart", None, "in_cart"]
    assert [item["available"] for item in data["items"]] == [False, False, True, False]


async def test_a_level_is_not_in_cart_beside_a_lesson_of_it(client, course):
    data = await quote(client, ["LESSON-2-1", "LEVEL-2"])

    assert [item["refusal"] for item in data["items"]] == ["in_cart", None]


async def test_a_lesson_is_bought_once(client, course):
    data = await quote(client, ["LESSON-1-2"], quantity=2)

    assert (data["items"][0]["available"], data["items"][0]["stock"]) == (False, 1)


async def test_the_order_refuses_an_owned_line_naming_it(client, course, parent, settings):
    await owning(parent, "LEVEL-1")
    items = [line(await variant("LESSON-2-1")), line(await variant("LEVEL-1"))]

    body = waived(items, True, email=parent.email)

    response = await place(client, body, headers=bearer(parent, settings))

    assert response.status == 409
    details = response.json["error"]["details"]
    assert details["code"] == "already_owned"
    assert [error["path"] for error in details["errors"]] == [["data", "cart", "items", "1"]]
    assert await Order.filter(user=parent).count() == 1  # only the order that granted level 1


def waived(items, waiver, **kw):
    body = draft(items, **kw)
    if waiver is not None:
        body["data"]["withdrawalWaived"] = waiver
    return body


async def test_an_order_with_lessons_needs_the_withdrawal_waiver(client, course):
    items = [line(await variant("LEVEL-2"))]
    for waiver in (None, False):
        response = await place(client, waived(items, waiver))
        assert response.status == 400
        [error] = response.json["error"]["details"]["errors"]
        assert error["path"] == ["data", "withdrawalWaived"]
    assert await Order.all().count() == 0

    response = await place(client, waived(items, True))

    assert response.status == 201
    order = await Order.get()
    assert order.withdrawal_waived_at is not None
    assert (order.shipping_cost, order.total) == (0, 895)


async def test_an_order_of_suits_needs_no_waiver_and_stores_none(client, course):
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    response = await place(client, waived([line(blue.id)], None))

    assert response.status == 201
    assert (await Order.get()).withdrawal_waived_at is None


async def test_a_signed_in_parent_pays_the_rest_in_the_order(client, course, parent, settings):
    await owning(parent, "LESSON-1-1", "LESSON-1-2")
    body = waived([line(await variant("BUNDLE"))], True, email=parent.email)

    response = await place(client, body, headers=bearer(parent, settings))

    assert response.status == 201
    order = await Order.get(order_nr=response.json["data"]["orderNr"])
    assert order.total == 798
    assert await Entitlement.filter(order=order).count() == 0  # nothing until it is paid
    lines = await order.lines.all()  # type: ignore[attr-defined]
    assert [(li.product_type, li.unit_price) for li in lines] == [(ProductType.DIGITAL, 798)]


async def test_lines_of_other_digital_products_are_left_as_the_catalog_names_them(client, course):
    ebook = await Product.create(key="swim-songs-ebook", type=ProductType.DIGITAL, position=9)
    song = await ProductVariant.create(product=ebook, sku="EBOOK-1", colour="", size="", price=799)
    items = [
        {"variantId": song.id, "quantity": 1},
        {"variantId": await variant("LEVEL-1"), "quantity": 1},
    ]

    data = (await client.post("/api/cart/quote", json={"items": items})).json["data"]

    other, level = data["items"]
    assert (other["title"], other["unitPrice"], other["refusal"]) == ("swim-songs-ebook", 799, None)
    assert (level["title"], level["unitPrice"]) == ("Leren zwemmen met Splash", 895)
