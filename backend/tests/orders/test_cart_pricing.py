"""The cart's money without a database: every branch of splash.orders.cart_pricing."""

import pytest

from splash.core.countries import VAT_PERCENT
from splash.orders.cart_pricing import Cart, SellableLine, quote, vat_in

COSTS = {"nl": 395, "de": 695, "fr": 795, "es": 895, "se": 995}


def suit(quantity: int = 1, price: int = 4995, **changes) -> SellableLine:
    fields = {
        "variant_id": 12,
        "title": "Splash-drijfpak",
        "variant_label": "Blauw, M",
        "unit_price": price,
        "quantity": quantity,
        "product_type": "physical",
        "available": True,
        "stock": 7,
    }
    return SellableLine(**{**fields, **changes})


def lesson(price: int = 1500) -> SellableLine:
    return suit(price=price, variant_id=40, product_type="digital", stock=1000)


def test_an_empty_cart_costs_nothing_and_ships_free():
    priced = quote(Cart(lines=[], shipping_costs=COSTS))
    assert (priced.subtotal, priced.total, priced.vat, priced.physical) == (0, 0, 0, False)
    assert (priced.shipping.status, priced.shipping.shown) == ("free", 0)
    assert (priced.vat_country, priced.vat_rate) == ("nl", 21)


def test_a_digital_only_cart_ships_free_and_holds_vat_of_its_lines_only():
    priced = quote(Cart(lines=[lesson(1210)], country="de", shipping_costs=COSTS))
    assert (priced.shipping.status, priced.shipping.shown, priced.shipping_vat) == ("free", 0, 0)
    assert priced.total == 1210
    assert priced.vat == priced.lines[0].vat == vat_in(1210, 19) == 193


def test_an_unknown_country_leaves_shipping_to_be_announced_at_the_home_rate():
    priced = quote(Cart(lines=[suit()], shipping_costs=COSTS))
    assert (priced.shipping.status, priced.shipping.shown, priced.shipping.charge) == (
        "tbd",
        None,
        395,
    )
    assert priced.total == 4995
    assert (priced.vat_country, priced.vat_rate, priced.shipping_vat) == ("nl", 21, 0)
    assert priced.vat == 867  # 4995 * 21 / 121 = 866.9


def test_the_first_saved_address_decides_country_and_rate_when_none_is_chosen():
    priced = quote(Cart(lines=[suit()], address_countries=["se", "de"], shipping_costs=COSTS))
    assert (priced.shipping.country, priced.shipping.shown) == ("se", 995)
    assert (priced.vat_country, priced.vat_rate) == ("se", 25)
    assert priced.total == 4995 + 995


def test_a_country_outside_the_table_falls_back_to_home():
    priced = quote(Cart(lines=[suit()], country="be", shipping_costs=COSTS))
    assert (priced.shipping.status, priced.vat_country, priced.vat_rate) == ("tbd", "nl", 21)


@pytest.mark.parametrize(
    "country, rate, line_vat, shipping_vat",
    [
        ("nl", 21, 1734, 69),  # 9990 * 21/121 = 1733.8; 395 * 21/121 = 68.6
        ("de", 19, 1595, 111),  # 1595.0; 695 * 19/119 = 110.97
        ("fr", 20, 1665, 133),  # 1665.0; 795 / 6 = 132.5 → 133 (half up)
        ("es", 21, 1734, 155),  # 1733.8; 895 * 21/121 = 155.3
        ("se", 25, 1998, 199),  # 1998.0; 995 / 5 = 199
    ],
)
def test_vat_is_the_destination_rate_contained_in_the_inclusive_prices(
    country, rate, line_vat, shipping_vat
):
    priced = quote(Cart(lines=[suit(quantity=2)], country=country, shipping_costs=COSTS))
    assert (priced.vat_country, priced.vat_rate) == (country, rate)
    assert priced.lines[0].line_total == 9990
    assert (priced.lines[0].vat, priced.shipping_vat) == (line_vat, shipping_vat)
    assert priced.vat == line_vat + shipping_vat
    assert priced.total == 9990 + COSTS[country]  # prices stay as shown: VAT is inside them


def test_the_rates_are_the_eu_rates_of_the_five_countries():
    assert VAT_PERCENT == {"nl": 21, "de": 19, "fr": 20, "es": 21, "se": 25}


@pytest.mark.parametrize(
    "gross, rate, vat",
    [(3, 20, 1), (2, 20, 0), (9, 20, 2), (15, 20, 3), (0, 21, 0), (121, 21, 21), (1, 25, 0)],
)
def test_vat_in_a_price_rounds_half_up(gross, rate, vat):
    # 3/6 = 0.5 → 1; 9/6 = 1.5 → 2; 15/6 = 2.5 → 3 (not to even)
    assert vat_in(gross, rate) == vat


def test_total_vat_is_the_sum_of_line_vats_not_the_vat_of_the_sum():
    lines = [suit(price=3, variant_id=1), suit(price=3, variant_id=2)]
    priced = quote(Cart(lines=lines, country="fr", shipping_costs={}))
    assert [quoted.vat for quoted in priced.lines] == [1, 1]  # 0.5 each, half up
    assert priced.vat == 2  # the VAT of the 6-cent sum would be 1


def test_a_line_beyond_its_stock_or_switched_off_is_priced_but_unavailable():
    lines = [suit(quantity=8), suit(variant_id=13, available=False), suit(variant_id=14)]
    priced = quote(Cart(lines=lines, country="nl", shipping_costs=COSTS))
    assert [quoted.available for quoted in priced.lines] == [False, False, True]
    assert priced.subtotal == 10 * 4995


def test_unknown_variants_are_dropped_and_carry_over():
    priced = quote(Cart(lines=[lesson()], unknown_variant_ids=[999], shipping_costs=COSTS))
    assert priced.dropped == (999,)
    assert priced.subtotal == 1500
