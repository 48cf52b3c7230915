import pytest

from splash.core.config import REPO_ROOT
from splash.core.route_table import RouteKind, RouteTable

TABLE = RouteTable.load(REPO_ROOT / "contracts" / "routes.json")


@pytest.mark.parametrize(
    "locale, path, name, params",
    [
        ("nl", "/", "home", {}),
        ("nl", "/winkelmand", "cart", {}),
        ("en", "/cart", "cart", {}),
        ("es", "/tienda/banador-azul", "product", {"slug": "banador-azul"}),
        ("fr", "/magasin/maillot", "product", {"slug": "maillot"}),
        ("sv", "/butik/flytdrakt", "product", {"slug": "flytdrakt"}),
        ("de", "/shop/anzug", "product", {"slug": "anzug"}),
        ("nl", "/academy/niveau-1", "course", {"slug": "niveau-1"}),
        ("de", "/course/stufe-1", "course", {"slug": "stufe-1"}),
        ("sv", "/blogg/simskola", "blog-article", {"slug": "simskola"}),
        ("en", "/blog/first-swim", "blog-article", {"slug": "first-swim"}),
        ("fr", "/reset", "reset", {}),
        ("en", "/order/SPL-1001", "order", {"slug": "SPL-1001"}),
        ("nl", "/connect/google/redirect", "connect-google-redirect", {}),
        ("nl", "/sitemap.xml", "sitemap", {}),
        ("nl", "/over-ons/team", "page", {"splat": "over-ons/team"}),
    ],
)
def test_urls_resolve_to_their_route_per_locale(locale, path, name, params):
    match = TABLE.match(locale, path)
    assert match is not None
    assert (match.route.name, match.params) == (name, params)


def test_a_route_on_another_locales_segment_falls_to_the_catch_all():
    match = TABLE.match("nl", "/tienda/banador-azul")
    assert match is not None and match.route.name == "page"
    assert TABLE.match("sv", "/blog/x").route.name == "page"


def test_the_catch_all_matches_last_and_every_other_route_first():
    assert TABLE.routes[-1].name == "page"
    assert all(not route.is_catch_all for route in TABLE.routes[:-1])


def test_every_route_has_a_path_in_each_of_the_six_locales():
    for route in TABLE.routes:
        assert set(route.paths) == {"nl", "en", "de", "es", "fr", "sv"}, route.name


def test_the_spec_screens_are_all_named():
    names = {route.name for route in TABLE.routes}
    assert {
        "home",
        "cart",
        "checkout",
        "account",
        "login",
        "register",
        "forgot-password",
        "reset",
        "email-confirmed",
        "connect-google-redirect",
        "order-payment",
        "order",
        "product",
        "course",
        "blog-article",
        "page",
        "sitemap",
    } <= names
    assert TABLE.route("sitemap").kind is RouteKind.SERVER


def test_path_for_fills_and_encodes_parameters():
    assert (
        TABLE.path_for("product", "es", {"slug": "bañador azul"}) == "/tienda/ba%C3%B1ador%20azul"
    )
    assert TABLE.path_for("cart", "de") == "/warenkorb"
    assert TABLE.path_for("page", "nl", {"splat": "over-ons/team"}) == "/over-ons/team"
