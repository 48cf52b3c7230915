"""The catalog API on the seeded fixtures: product variants, products (find/findOne), shipping
countries and the cart quote; product pages on their locale's segment only."""

import pytest

from splash.catalog import services as catalog
from splash.catalog.models import Product, ProductText, ProductVariant
from splash.catalog.seed import read_catalog
from splash.core.config import REPO_ROOT
from splash.core.fixtures import read_yaml
from splash.core.route_table import RouteTable
from tests.support import counting_statements

CATALOG = read_catalog(REPO_ROOT / "fixtures")
POPULATE = "populate[introImage]=true&populate[product][populate][introImage]=true"


def texts(locale: str) -> dict:
    return read_yaml(REPO_ROOT / "fixtures" / locale / "catalog.yaml")


async def variant_id(sku: str) -> int:
    return (await ProductVariant.get(sku=sku)).id


def sold_out_sku() -> str:
    return next(v.sku for p in CATALOG.products for v in p.variants if v.stock == 0)


# --- fixtures ------------------------------------------------------------------------------------


def test_the_fixtures_hold_both_colours_in_every_size_with_a_size_guide():
    assert CATALOG.min_age_years == 3
    assert [row.size for row in CATALOG.sizes] == ["xs", "s", "m", "l", "xl", "xxl", "xxxl"]
    for product in CATALOG.products:
        pairs = {(v.colour, v.size) for v in product.variants}
        assert len(pairs) == len(product.variants) == 14
        assert product.type == "physical"
    skus = [v.sku for p in CATALOG.products for v in p.variants]
    assert len(skus) == len(set(skus))


@pytest.mark.parametrize("locale", ["nl", "en", "de", "es", "fr", "sv"])
def test_every_locale_names_the_colours_and_every_product(locale):
    localized = texts(locale)
    assert set(localized["colours"]) == {"blue", "pink"}
    assert [p["key"] for p in localized["products"]] == [p.key for p in CATALOG.products]


async def test_seeding_twice_changes_nothing(seeded, settings):
    from splash.site.seed import seed_all

    before = [
        await model.all().order_by("id").values()
        for model in (Product, ProductText, ProductVariant)
    ]
    await seed_all(settings)
    after = [
        await model.all().order_by("id").values()
        for model in (Product, ProductText, ProductVariant)
    ]
    assert after == before


# --- variants ------------------------------------------------------------------------------------


async def test_a_variant_with_its_images_and_product_in_the_domains_language(client, seeded):
    vid = await variant_id("SPL-FS-BLUE-M")
    response = await client.get(f"/api/product-variants/{vid}?{POPULATE}", host="de.localhost:8000")

    assert response.status == 200
    data = response.json["data"]
    de = texts("de")
    product_text = de["products"][0]
    assert data["id"] == vid
    assert (data["colour"], data["size"], data["sizeLabel"]) == ("blue", "m", "M")
    assert data["title"] == f"{product_text['title']} \N{EN DASH} {de['colours']['blue']}, M"
    assert isinstance(data["price"], int) and data["price"] > 0
    assert data["available"] is True and data["stock"] > 0
    assert data["introImage"]["src"].endswith("-blue.webp")
    assert data["introImage"]["alt"] == product_text["imageAlt"]["blue"]
    assert {"width", "height"} <= set(data["introImage"])
    product = data["product"]
    assert (product["key"], product["type"]) == ("splash-float-suit", "physical")
    assert product["path"] == f"/shop/{product_text['slug']}"
    assert product["introImage"]["src"] == data["introImage"]["src"]


async def test_without_populate_there_are_no_images(client, seeded):
    vid = await variant_id("SPL-FS-PINK-XS")
    data = (await client.get(f"/api/product-variants/{vid}")).json["data"]
    assert "introImage" not in data and "introImage" not in data["product"]


async def test_3xl_and_a_sold_out_variant(client, seeded):
    sku = sold_out_sku()
    data = (await client.get(f"/api/product-variants/{await variant_id(sku)}")).json["data"]
    assert (data["stock"], data["available"]) == (0, False)
    xxxl = await ProductVariant.filter(size="xxxl").first()
    assert (await client.get(f"/api/product-variants/{xxxl.id}")).json["data"]["sizeLabel"] == "3XL"


@pytest.mark.parametrize(
    "columns", [{"active": False}, {"price": 0}], ids=["switched-off", "without-a-price"]
)
async def test_a_variant_the_shop_does_not_sell_is_a_404_whatever_its_stock(
    client, seeded, columns
):
    vid = await variant_id("SPL-FS-BLUE-L")
    on_sale = await client.get(f"/api/product-variants/{vid}")
    await ProductVariant.filter(id=vid).update(stock=40, **columns)

    response = await client.get(f"/api/product-variants/{vid}")

    assert on_sale.status == 200
    assert response.status == 404
    assert response.json["error"]["name"] == "NotFoundError"
    cart = {"items": [{"variantId": vid, "quantity": 1}]}
    quote = await client.post("/api/cart/quote", json=cart)
    assert quote.json["data"]["items"][0]["available"] is False  # never sold at 0 or switched off


async def test_the_locale_parameter_picks_the_language_and_the_products_segment(client, seeded):
    vid = await variant_id("SPL-FS-BLUE-M")
    es = (await client.get(f"/api/product-variants/{vid}?locale=es")).json["data"]
    assert es["product"]["path"] == f"/tienda/{texts('es')['products'][0]['slug']}"
    unknown = await client.get(f"/api/product-variants/{vid}?locale=xx")
    assert unknown.status == 400
    assert unknown.json["error"]["details"]["errors"][0]["path"] == ["query", "locale"]


async def test_an_unknown_variant_is_a_404(client, seeded):
    response = await client.get("/api/product-variants/999999")
    assert response.status == 404
    assert response.json["error"]["name"] == "NotFoundError"


@pytest.mark.parametrize("raw", ["abc", "-1", "1.5", "9" * 20, "1%20OR%201=1"])
async def test_a_malformed_variant_id_is_a_400_naming_it(client, seeded, raw):
    response = await client.get(f"/api/product-variants/{raw}")
    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["id"]


@pytest.mark.parametrize(
    "populate", ["populate[price]=true", "populate[product][populate][owner]=true"]
)
async def test_populating_something_unknown_is_a_400(client, seeded, populate):
    vid = await variant_id("SPL-FS-BLUE-M")
    response = await client.get(f"/api/product-variants/{vid}?{populate}")
    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["query", "populate"]


# --- products ------------------------------------------------------------------------------------


async def test_the_product_list_pages_in_the_domains_language(client, seeded):
    response = await client.get(
        "/api/products?pagination[page]=1&pagination[pageSize]=1", host="fr.localhost:8000"
    )
    assert response.status == 200
    body = response.json
    assert body["meta"]["pagination"] == {"page": 1, "pageSize": 1, "pageCount": 2, "total": 2}
    [card] = body["data"]
    fr = texts("fr")["products"][0]
    assert (card["key"], card["title"], card["path"]) == (
        "splash-float-suit",
        fr["title"],
        f"/magasin/{fr['slug']}",
    )
    assert card["colours"] == ["blue", "pink"]
    prices = [v.price for v in CATALOG.products[0].variants]
    assert card["priceFrom"] == min(prices)
    assert card["introImage"]["src"].startswith("/media/products/")


async def test_a_pages_product_cards_are_the_lists_cards_in_one_statement(client, seeded, settings):
    table = RouteTable.load(settings.routes_file)
    first = (await client.get("/api/products?pagination[pageSize]=1")).json
    every = (await client.get("/api/products")).json["data"]
    last = every[-1]["key"]

    with counting_statements() as statements:
        cards = await catalog.block_cards("nl", table, 1, [last, "no-such-product"])

    assert len(statements) == 1
    assert cards.first_page(1) == first
    assert cards.by_key == {card["key"]: card for card in (first["data"][0], every[-1])}


async def test_products_filter_by_key_and_refuse_unknown_filters(client, seeded):
    found = await client.get("/api/products?filters[key][$eq]=splash-sun-float-suit")
    assert [p["key"] for p in found.json["data"]] == ["splash-sun-float-suit"]
    bad = await client.get("/api/products?filters[stock][$gt]=0")
    assert bad.status == 400
    zero = await client.get("/api/products?pagination[pageSize]=0")
    assert zero.status == 400


async def test_one_product_has_everything_its_page_needs(client, seeded):
    product = await Product.get(key="splash-float-suit")
    response = await client.get(f"/api/products/{product.id}", host="sv.localhost:8000")

    data = response.json["data"]
    sv = texts("sv")["products"][0]
    assert data["title"] == sv["title"] and data["path"] == f"/butik/{sv['slug']}"
    assert data["minAgeYears"] == 3
    assert [(r["size"], r["sizeLabel"]) for r in data["sizeGuide"]][-1] == ("xxxl", "3XL")
    assert all(r["minKg"] < r["maxKg"] for r in data["sizeGuide"])
    assert len(data["variants"]) == 14
    assert data["description"][0]["type"]
    assert {loc["locale"] for loc in data["localizations"]} == {"nl", "en", "de", "es", "fr"}
    assert data["seo"]["title"] and data["seo"]["image"].startswith("/media/products/")
    assert len(data["images"]) == len(CATALOG.products[0].images)


async def test_an_unknown_product_is_a_404_and_a_bad_id_a_400(client, seeded):
    assert (await client.get("/api/products/424242")).status == 404
    assert (await client.get("/api/products/x")).status == 400


async def test_an_unpublished_product_and_its_variants_are_gone(client, seeded):
    product = await Product.get(key="splash-sun-float-suit")
    await Product.filter(id=product.id).update(published=False)
    vid = (await ProductVariant.filter(product_id=product.id).first()).id
    assert (await client.get(f"/api/products/{product.id}")).status == 404
    assert (await client.get(f"/api/product-variants/{vid}")).status == 404
    listed = (await client.get("/api/products")).json["data"]
    assert [p["key"] for p in listed] == ["splash-float-suit"]


# --- shipping countries and the quote ------------------------------------------------------------


async def test_shipping_countries_with_their_cost_in_cents(client, seeded):
    response = await client.get("/api/shipping-countries")
    assert response.status == 200
    assert response.json["data"] == [
        {"iso": c.iso, "shippingCost": c.shipping_cost} for c in CATALOG.shipping_countries
    ]
    assert [c["iso"] for c in response.json["data"]] == ["nl", "de", "fr", "es", "se"]


async def test_the_server_prices_the_cart_and_drops_unknown_lines(client, seeded):
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    pink = await ProductVariant.get(sku="SPL-FS-PINK-S")
    items = [
        {"variantId": blue.id, "quantity": 2, "options": []},
        {"variantId": pink.id, "quantity": 1, "options": [{"key": "gift", "value": "yes"}]},
        {"variantId": 999999, "quantity": 1, "options": []},
    ]
    response = await client.post("/api/cart/quote", json={"items": items, "country": "de"})

    assert response.status == 200
    data = response.json["data"]
    assert [(i["variantId"], i["lineTotal"]) for i in data["items"]] == [
        (blue.id, 2 * blue.price),
        (pink.id, pink.price),
    ]
    assert data["items"][1]["options"] == [{"key": "gift", "value": "yes"}]
    assert data["dropped"] == [{"variantId": 999999, "reason": "unknown"}]
    assert data["physical"] is True
    assert data["subtotal"] == 2 * blue.price + pink.price
    assert data["shipping"] == {"status": "cost", "cost": 695, "country": "de"}
    assert data["total"] == data["subtotal"] + 695


async def test_a_guest_without_a_country_sees_shipping_to_be_announced(client, seeded):
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    response = await client.post(
        "/api/cart/quote",
        json={"items": [{"variantId": blue.id, "quantity": 1}]},
        headers={"authorization": "Bearer not-a-token"},
    )
    data = response.json["data"]
    assert data["shipping"] == {"status": "tbd", "cost": None, "country": None}
    assert data["total"] == data["subtotal"] == blue.price


async def test_a_signed_in_parent_gets_their_first_addresses_country(client, seeded):
    register = await client.post(
        "/api/auth/local/register",
        json={"username": "o@example.com", "email": "o@example.com", "password": "Zwemmen-2026"},
    )
    token = register.json["jwt"]
    address = {
        "street": "Storgatan",
        "housenumber": "3",
        "postalCode": "114 51",
        "city": "Stockholm",
        "country": "se",
    }
    import json as _json

    await client.put(
        "/api/users/me",
        data={"data": _json.dumps({"addresses": [address]})},
        headers={"authorization": f"Bearer {token}"},
    )
    blue = await ProductVariant.get(sku="SPL-FS-BLUE-M")
    response = await client.post(
        "/api/cart/quote",
        json={"items": [{"variantId": blue.id, "quantity": 1}]},
        headers={"authorization": f"Bearer {token}"},
    )
    assert response.json["data"]["shipping"] == {"status": "cost", "cost": 995, "country": "se"}


async def test_an_empty_cart_ships_free_and_costs_nothing(client, seeded):
    data = (await client.post("/api/cart/quote", json={"items": []})).json["data"]
    assert (data["physical"], data["subtotal"], data["total"]) == (False, 0, 0)
    assert data["shipping"] == {"status": "free", "cost": 0, "country": None}


async def test_more_than_the_stock_is_priced_but_marked_unavailable(client, seeded):
    sku = sold_out_sku()
    vid = await variant_id(sku)
    data = (
        await client.post("/api/cart/quote", json={"items": [{"variantId": vid, "quantity": 1}]})
    ).json["data"]
    assert data["items"][0]["available"] is False


@pytest.mark.parametrize(
    "line, path",
    [
        ({"variantId": 1, "quantity": 0}, ["items", "0", "quantity"]),
        ({"variantId": 1, "quantity": 100}, ["items", "0", "quantity"]),
        ({"variantId": "1; DROP", "quantity": 1}, ["items", "0", "variantId"]),
        ({"variantId": 1, "quantity": 1, "price": 1}, ["items", "0", "price"]),
        (
            {"variantId": 1, "quantity": 1, "options": [{"key": "", "value": "x"}]},
            ["items", "0", "options", "0", "key"],
        ),
    ],
)
async def test_a_bad_line_is_a_400_naming_the_field(client, seeded, line, path):
    response = await client.post("/api/cart/quote", json={"items": [line]})
    assert response.status == 400
    assert path in [e["path"] for e in response.json["error"]["details"]["errors"]]


async def test_a_client_sent_total_or_price_is_refused(client, seeded):
    response = await client.post("/api/cart/quote", json={"items": [], "total": 1})
    assert response.status == 400
    too_many = await client.post(
        "/api/cart/quote", json={"items": [{"variantId": 1, "quantity": 1}] * 51}
    )
    assert too_many.status == 400
    wrong_country = await client.post("/api/cart/quote", json={"items": [], "country": "be"})
    assert wrong_country.status == 400


# --- product pages -------------------------------------------------------------------------------


async def test_a_product_page_lives_only_on_its_locales_segment(client, seeded):
    nl, es = texts("nl")["products"][0]["slug"], texts("es")["products"][0]["slug"]
    assert (await client.get(f"/shop/{nl}")).status == 200
    assert (await client.get(f"/tienda/{es}", host="es.localhost:8000")).status == 200
    assert (await client.get(f"/tienda/{es}")).status == 404  # the Spanish segment on nl
    assert (await client.get(f"/shop/{es}", host="es.localhost:8000")).status == 404
    assert (await client.get(f"/shop/{es}")).status == 404  # the Spanish slug on nl
    assert (await client.get("/shop/geen-product")).status == 404


async def test_a_product_pages_payload_holds_the_product_and_its_alternates(client, seeded):
    nl = texts("nl")["products"][0]["slug"]
    response = await client.get(f"/_payload/shop/{nl}.json")
    payload = response.json
    assert payload["route"]["name"] == "product"
    assert payload["product"]["key"] == "splash-float-suit"
    assert payload["alternates"]["es"] == f"/tienda/{texts('es')['products'][0]['slug']}"
    assert payload["head"]["type"] == "product"


@pytest.mark.parametrize(
    ("populate", "own", "product"),
    [
        ("populate=introImage", True, False),  # was a 400
        ("populate=product.introImage", False, True),  # was a 400
        ("populate[0]=introImage&populate[1]=product.introImage", True, True),
        ("populate[introImage]=1&populate[product][populate][introImage]=0", True, False),
        ("populate[product][populate]=*", False, True),
    ],
)
async def test_populate_is_read_as_collections_read_it(client, seeded, populate, own, product):
    vid = await variant_id("SPL-FS-BLUE-M")
    response = await client.get(f"/api/product-variants/{vid}?{populate}")
    assert response.status == 200, response.text
    data = response.json["data"]
    assert ("introImage" in data, "introImage" in data["product"]) == (own, product)


@pytest.mark.parametrize(
    "populate",
    [
        "populate[introImage]=yes",  # was ignored
        "populate[product]=true",  # was ignored: the product is always there
        "populate[product][fields][0]=title",  # was ignored
        "populate[0][x]=introImage",
    ],
)
async def test_a_populate_value_that_means_nothing_is_a_400(client, seeded, populate):
    vid = await variant_id("SPL-FS-BLUE-M")
    response = await client.get(f"/api/product-variants/{vid}?{populate}")
    assert response.status == 400, response.text
    assert response.json["error"]["details"]["errors"][0]["path"] == ["query", "populate"]
