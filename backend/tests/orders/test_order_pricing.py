"""An order's money (pure): every branch of ``order_pricing``, on plain data."""

from __future__ import annotations

import pytest

from splash.catalog.vocabulary import ProductType
from splash.core.errors import ConflictError, ValidationError
from splash.orders.cart_pricing import SellableLine, vat_in
from splash.orders.order_pricing import price_order, product_name, short_lines
from splash.orders.shipping import DEFAULT_COST

COSTS = {"nl": 395, "de": 695, "se": 995}


def suit(variant_id: int = 1, quantity: int = 1, **changes) -> SellableLine:
    fields = {
        "variant_id": variant_id,
        "title": "Splash-drijfpak",
        "variant_label": "Blauw, M",
        "unit_price": 4995,
        "quantity": quantity,
        "product_type": ProductType.PHYSICAL,
        "available": True,
        "stock": 7,
    }
    return SellableLine(**{**fields, **changes})


def test_an_order_to_a_country_with_a_cost_pays_it_and_its_vat():
    price = price_order([suit(quantity=2), suit(2, unit_price=5495)], "de", COSTS, "nl")

    assert (price.subtotal, price.shipping, price.total) == (15485, 695, 16180)
    assert (price.vat_country, price.vat_rate) == ("de", 19)
    assert price.shipping_vat == vat_in(695, 19)
    assert [line.vat for line in price.lines] == [vat_in(9990, 19), vat_in(5495, 19)]
    assert price.vat == vat_in(9990, 19) + vat_in(5495, 19) + vat_in(695, 19)


def test_a_country_without_a_cost_of_its_own_is_charged_the_default():
    """A cart shows "to be announced"; an order is charged 3.95 (spec §9), VAT included."""
    price = price_order([suit()], "fr", COSTS, "nl")

    assert (price.shipping, price.total) == (DEFAULT_COST, 4995 + DEFAULT_COST)
    assert (price.vat_country, price.shipping_vat) == ("fr", vat_in(DEFAULT_COST, 20))
    assert price.vat == vat_in(4995, 20) + vat_in(DEFAULT_COST, 20)


def test_nothing_physical_ships_for_free():
    price = price_order([suit(product_type=ProductType.DIGITAL)], "se", COSTS, "nl")

    assert (price.shipping, price.shipping_vat, price.total) == (0, 0, 4995)
    assert price.vat == vat_in(4995, 25)


def test_lines_naming_no_variant_are_a_400_naming_each():
    with pytest.raises(ValidationError) as refused:
        price_order([suit(), None, suit(2), None], "nl", COSTS, "nl")

    assert [e["path"] for e in refused.value.details["errors"]] == [
        ["data", "cart", "items", "1", "variantId"],
        ["data", "cart", "items", "3", "variantId"],
    ]


def test_a_switched_off_variant_is_a_409_naming_the_product():
    with pytest.raises(ConflictError) as refused:
        price_order([suit(), suit(2, available=False, variant_label="Roze, S")], "nl", COSTS, "nl")

    unavailable = "Dit product is (momenteel) niet beschikbaar"
    assert refused.value.message == f"Splash-drijfpak \u2013 Roze, S: {unavailable}"
    assert refused.value.details == {
        "code": "product_unavailable",
        "errors": [
            {
                "path": ["data", "cart", "items", "1"],
                "message": unavailable,
                "name": "ValidationError",
            }
        ],
        "products": ["Splash-drijfpak \u2013 Roze, S"],
        "left": [0],
    }


def test_more_than_in_stock_is_a_409_saying_how_many_are_left_in_the_orders_language():
    with pytest.raises(ConflictError) as refused:
        price_order([suit(quantity=8)], "nl", COSTS, "en")

    assert refused.value.message == "Splash-drijfpak \u2013 Blauw, M: Only 7 left"
    assert refused.value.details["products"] == ["Splash-drijfpak \u2013 Blauw, M"]
    assert refused.value.details["left"] == [7]
    assert [e["message"] for e in refused.value.details["errors"]] == ["Only 7 left"]


def test_exactly_the_stock_is_sold():
    assert price_order([suit(quantity=7)], "nl", COSTS, "nl").subtotal == 7 * 4995


def test_lines_of_one_variant_count_together_against_its_stock():
    lines = [suit(quantity=4), suit(quantity=4, options=(("name", "Mila"),)), suit(2)]

    assert short_lines(lines) == [0, 1]
    with pytest.raises(ConflictError) as refused:
        price_order(lines, "nl", COSTS, "nl")
    assert refused.value.details["products"] == ["Splash-drijfpak \u2013 Blauw, M"]
    assert refused.value.details["left"] == [7]
    assert len(refused.value.details["errors"]) == 2


def test_unknown_lines_are_refused_before_unavailable_ones():
    with pytest.raises(ValidationError):
        price_order([suit(available=False), None], "nl", COSTS, "nl")


def test_a_product_is_named_with_its_variant():
    assert product_name(suit(title="Splash float suit", variant_label="Pink, 3XL")) == (
        "Splash float suit \u2013 Pink, 3XL"
    )
