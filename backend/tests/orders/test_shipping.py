"""The shipping rule (spec §9), every branch."""

import pytest

from splash.orders.shipping import DEFAULT_COST, Shipping, shipping_for

COSTS = {"nl": 395, "de": 695, "fr": 795, "es": 895, "se": 995}


def test_the_default_cost_is_3_95():
    assert DEFAULT_COST == 395


@pytest.mark.parametrize(
    "order_country, addresses",
    [(None, ()), ("de", ()), (None, ("se",)), ("de", ("se",)), ("be", ("xx",))],
)
def test_nothing_physical_ships_free_whatever_the_country(order_country, addresses):
    shipping = shipping_for(False, COSTS, order_country, addresses)
    assert shipping == Shipping("free", 0, None)
    assert shipping.shown == 0


def test_the_orders_shipping_country_decides_first():
    shipping = shipping_for(True, COSTS, "de", ("se",))
    assert shipping == Shipping("cost", 695, "de")
    assert shipping.shown == 695


def test_without_an_order_country_the_first_saved_address_decides():
    assert shipping_for(True, COSTS, None, ("se", "nl")) == Shipping("cost", 995, "se")


def test_an_order_country_we_do_not_ship_to_falls_back_to_the_first_address():
    assert shipping_for(True, COSTS, "be", ("fr",)) == Shipping("cost", 795, "fr")


def test_only_the_first_address_counts():
    shipping = shipping_for(True, COSTS, None, ("be", "nl"))
    assert (shipping.status, shipping.charge, shipping.country) == ("tbd", DEFAULT_COST, None)


def test_with_no_country_known_the_cart_shows_tbd_and_an_order_pays_3_95():
    shipping = shipping_for(True, COSTS)
    assert shipping == Shipping("tbd", 395, None)
    assert shipping.shown is None


def test_a_country_costing_nothing_is_a_cost_of_zero_not_tbd():
    assert shipping_for(True, {"nl": 0}, "nl") == Shipping("cost", 0, "nl")
