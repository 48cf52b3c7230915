"""``@cached_read`` on the content and catalog reads (shared/edge/reads.py): an answer is kept
until the content changes (a seed, a publish, an edit bumps the generation), per domain and
query; a variant's or product's stock is never answered from an older state; failures are
computed every time."""

from __future__ import annotations

from splash.catalog.models import ProductVariant
from splash.content.models import Page
from splash.shared import edge
from tests.support import serving


async def _contact(locale: str = "nl") -> Page:
    return await Page.get(locale_id=locale, slug="contact")


async def test_a_page_is_answered_from_the_cache_until_the_content_changes(
    client, seeded, settings
):
    page = await _contact()
    url = f"/api/pages/{page.id}?populate=*"
    before = await client.get(url)
    await Page.filter(id=page.id).update(title="Bel ons")  # not announced: still the kept answer

    kept = await client.get(url)
    await edge.bump(settings)  # what seed, publish and an edit do after their commit
    fresh = await client.get(url)

    assert before.status == kept.status == fresh.status == 200
    assert kept.body == before.body
    assert fresh.json["data"]["title"] == "Bel ons"


async def test_answers_are_kept_per_domain_and_per_query(client, seeded):
    nl = await client.get("/api/articles?pagination[pageSize]=1")
    en = await client.get("/api/articles?pagination[pageSize]=1", host="en.localhost:8000")
    two = await client.get("/api/articles?pagination[pageSize]=2")

    assert nl.json["data"][0]["locale"] == "nl"
    assert en.json["data"][0]["locale"] == "en"
    assert len(two.json["data"]) == 2


async def test_a_variant_shows_its_stock_as_it_is_now(client, seeded):
    variant = await ProductVariant.filter(active=True, stock__gt=1).first()
    assert variant is not None
    url = f"/api/product-variants/{variant.id}?populate=*"
    before = (await client.get(url)).json["data"]
    await ProductVariant.filter(id=variant.id).update(stock=0)  # the last one was just sold

    after = (await client.get(url)).json["data"]
    product = (await client.get(f"/api/products/{before['product']['id']}")).json["data"]

    assert (before["stock"], before["available"]) == (variant.stock, True)
    assert (after["stock"], after["available"]) == (0, False)
    [listed] = [v for v in product["variants"] if v["id"] == variant.id]
    assert listed["stock"] == 0


async def test_failures_are_never_kept(client, seeded, settings):
    page = await _contact()
    await Page.filter(id=page.id).update(published=False)
    missing = await client.get(f"/api/pages/{page.id}")
    await Page.filter(id=page.id).update(published=True)

    found = await client.get(f"/api/pages/{page.id}")
    unknown = await client.get("/api/product-variants/999999")

    assert (missing.status, found.status, unknown.status) == (404, 200, 404)


async def test_a_content_read_is_sent_from_the_edge_until_the_content_changes(
    app, seeded, settings
):
    page = await _contact()
    url = f"/api/pages/{page.id}?populate=*"
    async with serving(app) as http:
        first, again = await http.get(url), await http.get(url)
        await edge.bump(settings)
        after_a_change = await http.get(url)
        other_query = await http.get(f"/api/pages/{page.id}")

    assert first.content == again.content == after_a_change.content
    assert other_query.json()["data"]["id"] == page.id
    assert app.ctx.edge.hits == 1  # again; after the bump and another query: the whole way


async def test_a_variant_is_sent_from_the_edge_until_its_stock_changes(app, seeded):
    variant = await ProductVariant.filter(active=True, stock__gt=1).first()
    assert variant is not None
    url = f"/api/product-variants/{variant.id}"
    async with serving(app) as http:
        kept = [(await http.get(url)).json()["data"]["stock"] for _ in range(3)]
        await ProductVariant.filter(id=variant.id).update(stock=1)  # sold, by another worker
        after_the_sale = (await http.get(url)).json()["data"]["stock"]

    assert kept == [variant.stock] * 3
    assert after_the_sale == 1
    assert app.ctx.edge.hits == 2
