"""An order's pages answer 404 with the 404 screen when they name no order (issue 24, point
21), as any unknown page does, and 200 with the in-browser shell when they do: the shell still
holds nothing of the order (it renders in the browser after hydration)."""

from __future__ import annotations

import json

import pytest

from splash.core.config import REPO_ROOT
from splash.orders.models import Order
from testkit.factories import create_order
from tests.support import serving
from tests.web.support import inline_payload, root_fragment

UNKNOWN = "Zq9NoSuchOrderXy7Wv3Ab5Cd1Ef8Gh2Ij4Kl6Mn0Op"
NOT_FOUND = json.loads((REPO_ROOT / "frontend/src/locales/nl.json").read_text())["general"]["404"]


def assert_the_404_screen(response) -> None:
    assert response.status == 404
    html = response.text
    assert f"<title>{NOT_FOUND['title']} | Splash</title>" in html
    assert f">{NOT_FOUND['title']}</h1>" in root_fragment(html)
    assert inline_payload(html)["route"]["name"] == "not-found"
    assert '<meta name="robots" content="noindex">' in html


def assert_nothing_of(order: Order, html: str) -> None:
    for secret in (order.slug, order.order_nr, order.email, "Keizersgracht", "Eva"):
        assert secret not in html


async def an_order() -> Order:
    return await create_order(None, [("SPL-FS-BLUE-M", 1)], email="eva.secret@example.com")


@pytest.mark.parametrize(
    "url",
    [
        f"/order/{UNKNOWN}",
        "/order/x",
        "/order/%00",
        "/order/" + "a" * 300,
        "/order-payment",
        "/order-payment?order=",
        f"/order-payment?order={UNKNOWN}",
        "/order-payment?order=%00%27",
        "/order-payment?other=1",
    ],
)
async def test_a_missing_or_unknown_order_is_a_404_with_the_404_screen(client, published, url):
    assert_the_404_screen(await client.get(url))


async def test_an_orders_page_is_the_in_browser_shell_with_nothing_of_the_order(client, published):
    order = await an_order()

    response = await client.get(f"/order/{order.slug}")

    assert response.status == 200
    assert inline_payload(response.text)["route"]["name"] == "order"
    assert_nothing_of(order, response.text)


async def test_the_payment_return_of_an_order_is_the_in_browser_shell(client, published):
    order = await an_order()

    response = await client.get(f"/order-payment?order={order.slug}", host="en.localhost:8000")

    assert response.status == 200
    assert inline_payload(response.text)["route"]["name"] == "order-payment"
    assert_nothing_of(order, response.text)


async def test_the_payload_of_an_unknown_orders_page_is_the_404_payload(client, published):
    order = await an_order()

    missing = await client.get(f"/_payload/order/{UNKNOWN}.json")
    found = await client.get(f"/_payload/order/{order.slug}.json")

    assert missing.status == 404
    assert missing.json["route"]["name"] == "not-found"
    assert found.status == 200
    assert found.json["route"]["name"] == "order"
    assert order.slug not in found.text


async def test_an_orders_page_is_never_kept_at_the_edge(app, published):
    # Its answer depends on the database, not on the build alone: an order placed (or erased)
    # after a first answer changes the next one.
    async with serving(app) as http:
        before = await http.get(f"/order/{UNKNOWN}")
        order = await an_order()
        await Order.filter(id=order.id).update(slug=UNKNOWN)
        after = [await http.get(f"/order/{UNKNOWN}") for _ in range(2)]
        await Order.filter(id=order.id).delete()
        erased = await http.get(f"/order/{UNKNOWN}")

    assert [before.status_code, *(r.status_code for r in after), erased.status_code] == [
        404,
        200,
        200,
        404,
    ]
    assert app.ctx.edge.hits == 0


async def test_before_a_first_publish_an_unknown_order_is_a_404_too(client, seeded):
    order = await an_order()

    missing = await client.get(f"/order/{UNKNOWN}")
    found = await client.get(f"/order-payment?order={order.slug}")

    assert missing.status == 404
    assert inline_payload(missing.text)["route"]["name"] == "not-found"
    assert found.status == 200
    assert inline_payload(found.text)["route"]["name"] == "order-payment"
    assert_nothing_of(order, found.text)
