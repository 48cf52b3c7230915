"""Bad input in the URL is a 4xx naming the parameter, never a 500 (issue 11, points 8 and 9).

Over real HTTP, against every GET operation the OpenAPI document lists, signed in as a seeded
parent so that operations behind sign-in read their query too.
"""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from splash.accounts import services as accounts
from splash.content.models import Article, Page
from splash.core.config import Settings
from splash.orders.payments.models import SandboxPayment
from testkit.factories import catalog_ids, create_order, create_test_user
from tests.support import serving

NAMELESS = ["=0", "1=a", "0=0"]


@pytest.fixture
async def api(app: Any, seeded: dict[str, int], settings: Settings) -> Any:
    user = await create_test_user("ouder@example.com", "Zwemmen-2026")
    await create_order(user, [("SPL-FS-BLUE-M", 1)])  # a test payment for its hosted page
    token = accounts.session_token(user, settings)
    async with serving(app) as client:
        client.headers["authorization"] = f"Bearer {token}"
        yield client


async def _samples() -> dict[str, str]:
    """A value that exists for every path parameter, so each operation gets past its lookup."""
    ids = await catalog_ids()
    page = await Page.get(locale_id="nl", slug="contact", published=True)
    article = await Article.filter(locale_id="nl", published=True).first()
    assert article is not None
    payment = await SandboxPayment.all().first()
    assert payment is not None
    return {
        "payment_id": payment.id,
        "variant_id": str(ids["variantId"]),
        "product_id": str(ids["productId"]),
        "page_id": str(page.id),
        "article_id": str(article.id),
        "navigation": "primary",
        "slug": "winkelmand",
        "form": "contact",
        "order_nr": "SPL-AAAA-AAAA",
        "course_id": "1",  # the first course of the fixtures (a 404 in a shop without one)
        "lesson_id": "1",
        "customer_id": "1",  # the studio's (a 401 without a staff session)
        "entitlement_id": "1",
        "order_id": "1",  # an order id of the studio (a 401 there without a staff session)
        "upload_id": "1",  # a lesson video upload of the studio (a 401 there too)
        "media_id": "1",  # a media library item (a 401 without a staff session)
        "number": "CN-2026-00001",
        "collection": "page",  # an editable collection of the studio (401 without a session)
        "key": "faq",
        "version": "1",
    }


async def _get_operations(client: httpx.AsyncClient) -> list[tuple[str, dict[str, Any]]]:
    document = (await client.get("/api/openapi.json")).json()
    samples = await _samples()
    operations = []
    for template, methods in document["paths"].items():
        if "get" in methods:
            path = template.format(**{name: samples[name] for name in samples})
            operations.append((path, methods["get"]))
    return operations


def _query_error_paths(response: httpx.Response) -> list[list[str]]:
    return [e["path"] for e in response.json()["error"]["details"].get("errors", [])]


@pytest.mark.parametrize(
    "url",
    [
        "/api/articles?=0",
        "/api/products?1=a",
        "/api/product-variants/{variant_id}?0=0",
        "/api/auth/email-confirmation?=0",
    ],
)
async def test_the_reported_nameless_parameters_are_a_400_naming_them(api, url):
    response = await api.get(url.format(**await _samples()))
    assert response.status_code == 400
    name = url.split("?")[1].split("=")[0]
    assert _query_error_paths(response) == [["query", name]]
    assert "needs a name" in response.json()["error"]["message"]


async def test_every_get_operation_refuses_or_ignores_a_nameless_parameter(api):
    """Operations that read their query refuse it (400 naming it); the others ignore it as they
    ignore any unknown parameter. No operation answers 5xx."""
    refused = []
    for path, _ in await _get_operations(api):
        baseline = (await api.get(path)).status_code
        for raw in NAMELESS:
            separator = "&" if "?" in path else "?"
            response = await api.get(f"{path}{separator}{raw}")
            assert response.status_code < 500, (path, raw, response.text)
            if response.status_code == 400 and baseline != 400:
                assert _query_error_paths(response) == [["query", raw.split("=")[0]]]
                refused.append(path)
            else:
                assert response.status_code == baseline, (path, raw, response.text)
    # The eleven operations the attack run found answering 500 all read their query.
    assert len(set(refused)) >= 11


async def test_an_over_long_navigation_name_is_a_404_not_a_500(api):
    """The column holds 32 characters; 33 used to fail Tortoise's length check (a 500)."""
    response = await api.get("/api/navigation/render/" + "a" * 33)
    assert response.status_code == 404
    assert "navigation" in response.json()["error"]["message"]
    assert (await api.get("/api/navigation/render/" + "a" * 32)).status_code == 404


async def test_every_path_parameter_is_looked_up_only_within_its_documented_length(api):
    """maxLength in the document is what the edge lets through: one past it is a 404 without a
    lookup, and a value of exactly that length reaches the lookup without a 500 (so the limit is
    never above the column)."""
    document = (await api.get("/api/openapi.json")).json()
    checked = 0
    for template, methods in document["paths"].items():
        for method, operation in methods.items():
            for parameter in operation["parameters"]:
                if parameter["in"] != "path":
                    continue
                limit = parameter["schema"]["maxLength"]
                for length, expected in ((limit, None), (limit + 1, 404)):
                    url = template.replace("{" + parameter["name"] + "}", "x" * length)
                    url = url.replace("{", "").replace("}", "")  # any other path parameter
                    response = await api.request(method, url, json={})
                    assert response.status_code < 500, (url, response.text)
                    if expected:
                        assert response.status_code == expected, (url, response.text)
                checked += 1
    # the test payment page (GET, POST), a course view, progress, the lesson access and key, a staff
    # member (change, remove, invite again), a customer (page, e-mails, export, erasure, password
    # link, grant, revoke: customer and entitlement), a variant's stock (adjustment, threshold), a
    # studio order (read, note, ship), an order's refunds (list, make), credit note (the customer's:
    # slug and number; the studio's: id and number), cancel and e-mails; the editing routes: a
    # collection's list and a new entry in it, and an entry (read, save, publish, unpublish,
    # schedule, versions, preview: collection and key; a version's changes and restore: and the
    # version); a lesson's video panel (read, announce, captions put and removed: lesson and locale,
    # poster; an upload read and its chunk); a media library item (read, uses, alt texts, replace,
    # delete)
    assert checked == 77


@pytest.mark.parametrize(
    ("url", "status"),
    [
        ("/api/navigation/render/%70rimary", 200),  # 'p' percent-encoded
        ("/api/slugify/slugs/page/winkel%6Dand", 200),
        ("/api/slugify/slugs/page/%C2%B4", 404),
    ],
)
async def test_path_parameters_are_percent_decoded(api, url, status):
    response = await api.get(url)
    assert response.status_code == status, response.text
    if status == 404:
        assert "'\u00b4'" in response.json()["error"]["message"]


@pytest.mark.parametrize(
    ("segment", "message"), [("%FF", "not valid UTF-8"), ("a%00b", "NUL character")]
)
async def test_a_path_parameter_that_is_no_text_is_a_400_naming_it(api, segment, message):
    response = await api.get(f"/api/slugify/slugs/page/{segment}")
    assert response.status_code == 400
    assert _query_error_paths(response) == [["path", "slug"]]
    assert message in response.json()["error"]["message"]


async def test_an_array_index_given_twice_is_a_400_naming_it(api):
    """Found by Schemathesis: a list inside ``fields`` made the pages collection answer 500."""
    response = await api.get("/api/pages?fields[0]=slug&fields[0]=title")
    assert response.status_code == 400
    assert _query_error_paths(response) == [["query", "fields[0]"]]


@pytest.mark.parametrize(
    "url",
    ["/api/pages/2147483648", "/api/products/3520620544", "/api/product-variants/999999999999"],
)
async def test_an_id_above_any_row_is_a_404(api, url):
    """Found by Schemathesis on PostgreSQL: an id past int4 made the lookup answer 500."""
    response = await api.get(url)
    assert response.status_code == 404
