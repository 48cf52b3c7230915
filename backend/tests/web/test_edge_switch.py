"""SPLASH_EDGE=false: no answer cache, no kept bytes, no overridden request handling — and the
same answers, byte for byte but for the request id and the CSP nonce, as with the edge on."""

from __future__ import annotations

from splash.site.app import create_app
from tests.support import serving
from tests.web.support import same_but_per_response

# Published pages and payloads, cached content and catalog reads and one read that is never kept
# (the product list), each asked three times: with the edge on, the second and third answers of
# the others are the kept ones.
PATHS = (
    "/",
    "/_payload/index.json",
    "/shop",
    "/api/pages?filters[slug][$eq]=home",
    "/api/products",
    "/api/product-variants/1",
)


async def _answers(app) -> list:
    async with serving(app) as http:
        return [await http.get(path) for path in PATHS for _ in range(3)]


async def test_with_the_edge_off_every_answer_is_the_same_as_with_it_on(settings, published):
    on = create_app(settings)
    off = create_app(settings.model_copy(update={"edge": False}))

    with_edge = await _answers(on)
    without = await _answers(off)

    assert on.ctx.edge.hits == 2 * (len(PATHS) - 1)  # all but the product list's: kept ones
    assert (off.ctx.edge, off.ctx.answers) == (None, None)
    assert [a.status_code for a in with_edge] == [b.status_code for b in without]
    for one, other in zip(with_edge, without, strict=True):
        same_but_per_response(one, other)
