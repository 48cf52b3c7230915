"""The edge (splash/http/edge.py): a published page or payload is sent again exactly as it left
the first time, but for its request id and CSP nonce; only plain GETs; a new publish, another
locale, encoding or path is answered the whole way; the root's language redirect still happens."""

from __future__ import annotations

import re

from splash.content.models import Page
from splash.web.publish import publish
from tests.support import serving

PER_RESPONSE = {"x-request-id", "content-security-policy", "date"}
IDENTITY = {"accept-encoding": "identity"}
NONCE = re.compile(r'nonce="([^"]+)"')


def same_but_per_response(one, other) -> None:
    """Equal status, headers and body, but for the request id and the nonce."""
    assert one.status_code == other.status_code
    kept = {k: v for k, v in one.headers.items() if k not in PER_RESPONSE}
    assert kept == {k: v for k, v in other.headers.items() if k not in PER_RESPONSE}
    assert one.headers["x-request-id"] != other.headers["x-request-id"]
    assert NONCE.sub("", one.text) == NONCE.sub("", other.text)


async def test_a_published_payload_is_sent_again_as_it_left(app, published):
    async with serving(app) as http:
        first = await http.get("/_payload/index.json")
        second = await http.get("/_payload/index.json")
        third = await http.get("/_payload/index.json")

    assert first.status_code == 200
    same_but_per_response(first, second)
    assert second.content == third.content == first.content
    assert app.ctx.edge.hits == 2


async def test_a_page_gets_a_new_nonce_in_its_policy_and_its_payload_every_time(app, published):
    async with serving(app) as http:  # gzipped, as browsers ask
        responses = [await http.get("/") for _ in range(3)]
        plain = [await http.get("/", headers={"accept-encoding": "identity"}) for _ in range(2)]

    # One nonce per response, on the three inline scripts (the cart hint, the entry loader and
    # the payload).
    nonces = [sorted(set(NONCE.findall(response.text))) for response in responses]
    assert all(len(found) == 1 for found in nonces)
    assert all(len(NONCE.findall(response.text)) == 3 for response in responses)
    assert len({found[0] for found in nonces}) == 3
    for response, [nonce] in zip(responses, nonces, strict=True):
        assert f"'nonce-{nonce}'" in response.headers["content-security-policy"]
    same_but_per_response(responses[0], responses[2])
    assert responses[2].headers["content-encoding"] == "gzip"
    same_but_per_response(plain[0], plain[1])
    assert NONCE.sub("", plain[1].text) == NONCE.sub("", responses[2].text)
    assert app.ctx.edge.hits == 3


async def test_gzip_and_plain_answers_are_kept_apart(app, published):
    zipped = {"accept-encoding": "gzip"}
    async with serving(app) as http:
        plain = [await http.get("/_payload/index.json", headers={"accept-encoding": "identity"})]
        plain.append(
            await http.get("/_payload/index.json", headers={"accept-encoding": "identity"})
        )
        packed = [await http.get("/_payload/index.json", headers=zipped) for _ in range(2)]

    assert [r.headers.get("content-encoding") for r in plain + packed] == [
        None,
        None,
        "gzip",
        "gzip",
    ]
    assert packed[1].content == packed[0].content == plain[1].content  # httpx decodes gzip
    assert app.ctx.edge.hits == 2


async def test_locales_and_paths_are_kept_apart(client, app, published):
    nl = [await client.get("/_payload/index.json") for _ in range(2)]
    en = [await client.get("/_payload/index.json", host="en.localhost:8000") for _ in range(2)]

    assert nl[1].json["locale"] == "nl" and en[1].json["locale"] == "en"
    assert app.ctx.edge.hits == 2


async def test_only_plain_gets_are_answered_at_the_edge(client, app, published):
    first = await client.get("/_payload/index.json")
    conditional = await client.get(
        "/_payload/index.json", headers={"if-none-match": first.headers["etag"]}
    )
    queried = await client.get("/_payload/index.json?x=1")

    assert conditional.status == 304
    assert queried.status == 200
    assert app.ctx.edge.hits == 0


async def test_a_new_publish_is_answered_the_whole_way(client, app, published, settings):
    await client.get("/")
    await Page.filter(locale_id="nl", slug="home").update(seo_title="Splash | Nieuw seizoen")
    await publish(settings)

    after = await client.get("/")

    assert "<title>Splash | Nieuw seizoen</title>" in after.text
    assert app.ctx.edge.hits == 0


async def test_the_root_still_redirects_a_browser_in_another_language(client, app, published):
    await client.get("/")
    kept = await client.get("/")
    german = await client.get(
        "/", headers={"accept-language": "de-DE,de;q=0.9"}, follow_redirects=False
    )

    assert kept.status == 200
    assert german.status == 302
    assert german.headers["location"].startswith("http://de.localhost")
    assert app.ctx.edge.hits == 1


async def test_errors_and_redirects_are_never_kept(client, app, published):
    for _ in range(2):
        assert (await client.get("/no-such-page")).status == 404
        assert (await client.get("/winkel/")).status == 301

    assert app.ctx.edge.hits == 0
