"""Pages, payloads and API answers are gzipped for browsers that accept it; built assets keep
their pre-compressed files; small answers and browsers without gzip get the plain bytes."""

import gzip
import re

from splash.shared.http.compression import compress

GZIP = {"accept-encoding": "gzip, deflate"}
PLAIN = {"accept-encoding": "identity"}


def without_nonce(page: bytes) -> bytes:
    return re.sub(rb'nonce="[^"]+"', b'nonce=""', page)


async def test_a_page_is_gzipped_and_says_it_varies(client, published):
    zipped = await client.get("/", host="en.localhost:8000", headers=GZIP)
    plain = await client.get("/", host="en.localhost:8000", headers=PLAIN)

    assert zipped.status == plain.status == 200
    assert zipped.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain.headers
    # The client decodes: the same page, but for the CSP nonce each response gets.
    assert without_nonce(zipped.body) == without_nonce(plain.body)
    for response in (zipped, plain):
        assert "accept-encoding" in response.headers["vary"]
        assert "host" in response.headers["vary"]


async def test_a_gzipped_payload_has_a_weak_etag_that_revalidates(client, published):
    zipped = await client.get("/_payload/index.json", host="en.localhost:8000", headers=GZIP)
    plain = await client.get("/_payload/index.json", host="en.localhost:8000", headers=PLAIN)

    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.headers["etag"] == "W/" + plain.headers["etag"]
    assert zipped.json == plain.json
    for etag in (zipped.headers["etag"], plain.headers["etag"]):
        again = await client.get(
            "/_payload/index.json",
            host="en.localhost:8000",
            headers={**GZIP, "if-none-match": etag},
        )
        assert again.status == 304


async def test_an_api_answer_is_gzipped_and_a_small_one_is_not(client, published):
    products = await client.get("/api/products", headers=GZIP)
    health = await client.get("/healthz", headers=GZIP)

    assert products.headers["content-encoding"] == "gzip"
    assert products.json["data"]
    assert "content-encoding" not in health.headers
    assert health.json == {"status": "ok"}


async def test_a_built_asset_is_served_from_its_pre_compressed_file_once(
    client, published, settings
):
    built = next((settings.frontend_dist / "assets").glob("entry-client-*.js"))
    response = await client.get(f"/assets/{built.name}", headers={"accept-encoding": "gzip"})

    assert response.headers["content-encoding"] == "gzip"
    assert response.body == gzip.decompress(built.with_name(built.name + ".gz").read_bytes())
    assert response.body == built.read_bytes()


async def test_the_middleware_sends_a_quarter_of_the_bytes_of_a_page(client, published):
    """The ASGI test client decodes what it receives: the middleware itself shows the bytes."""
    from types import SimpleNamespace

    from sanic.response import html

    page = (await client.get("/", host="en.localhost:8000", headers=PLAIN)).body
    [nonce] = set(re.findall(r'nonce="([^"]+)"', page.decode()))  # the page's inline scripts
    response = html(page.decode())
    request = SimpleNamespace(headers={"accept-encoding": "gzip"}, ctx=SimpleNamespace())
    request.ctx.csp_nonce = nonce  # compressed around it, for the edge (tests/web/test_edge.py)
    await compress(request, response)

    assert response.headers["content-encoding"] == "gzip"
    assert gzip.decompress(response.body) == page
    assert len(response.body) < len(page) / 4
