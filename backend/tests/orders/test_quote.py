"""POST /api/cart/quote over HTTP on the real database: what a cart line shows, and the VAT."""

from splash.catalog.models import ProductVariant
from splash.orders.cart_pricing import vat_in


async def test_the_quote_carries_what_the_cart_shows_per_line(client, seeded):
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    response = await client.post(
        "/api/cart/quote", json={"items": [{"variantId": blue.id, "quantity": 2}]}
    )
    assert response.status == 200
    line = response.json["data"]["items"][0]
    assert (line["title"], line["variantLabel"], line["productPath"]) == (
        "Splash-drijfpak",
        "Blauw, M",
        "/shop/splash-drijfpak",
    )
    assert set(line["image"]) == {"src", "alt", "width", "height"}
    assert line["image"]["src"].startswith("/media/")
    assert (line["available"], line["lineTotal"]) == (True, 2 * blue.price)


async def test_the_quote_names_the_vat_of_the_destination_inside_its_prices(client, seeded):
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    items = [{"variantId": blue.id, "quantity": 1}]
    data = (await client.post("/api/cart/quote", json={"items": items, "country": "se"})).json[
        "data"
    ]
    line_vat = vat_in(blue.price, 25)
    assert data["items"][0]["vat"] == line_vat
    assert data["vat"] == {
        "country": "se",
        "rate": 25,
        "shipping": vat_in(995, 25),
        "total": line_vat + vat_in(995, 25),
    }
    assert data["total"] == blue.price + 995


async def test_before_a_country_is_chosen_the_home_rate_applies(client, seeded):
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    items = [{"variantId": blue.id, "quantity": 1}]
    data = (await client.post("/api/cart/quote", json={"items": items})).json["data"]
    assert data["vat"] == {
        "country": "nl",
        "rate": 21,
        "shipping": 0,
        "total": vat_in(blue.price, 21),
    }


async def test_the_quote_lists_the_shipping_countries_for_the_carts_choice(client, seeded):
    data = (await client.post("/api/cart/quote", json={"items": []})).json["data"]
    countries = (await client.get("/api/shipping-countries")).json["data"]
    assert data["countries"] == countries
    assert [c["iso"] for c in data["countries"]] == ["nl", "de", "fr", "es", "se"]
