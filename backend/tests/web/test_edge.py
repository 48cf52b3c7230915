"""The edge (shared/edge/kept.py): a published page or payload is sent again exactly as it left
the first time, but for its request id and CSP nonce; only plain GETs; a new publish, another
locale, encoding or path is answered the whole way; the root's language redirect still happens."""

from __future__ import annotations

import asyncio

from splash.content.models import Page
from splash.site.web.publish import publish
from tests.support import serving
from tests.web.support import NONCE, same_but_per_response

IDENTITY = {"accept-encoding": "identity"}


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


async def test_locales_and_paths_are_kept_apart(app, published):
    async with serving(app) as http:
        nl = [await http.get("/_payload/index.json") for _ in range(2)]
        english = {"host": "en.localhost:8000"}
        en = [await http.get("/_payload/index.json", headers=english) for _ in range(2)]

    assert nl[1].json()["locale"] == "nl" and en[1].json()["locale"] == "en"
    assert app.ctx.edge.hits == 2


async def test_only_plain_gets_are_answered_at_the_edge(app, published):
    async with serving(app) as http:
        first = await http.get("/_payload/index.json")
        kept = await http.get("/_payload/index.json")
        conditional = await http.get(
            "/_payload/index.json", headers={"if-none-match": first.headers["etag"]}
        )
        ranged = await http.get("/_payload/index.json", headers={"range": "bytes=0-9"})
        queried = await http.get("/_payload/index.json?x=1")

    assert (conditional.status_code, queried.status_code) == (304, 200)
    assert ranged.status_code in (200, 206)
    assert kept.content == first.content
    assert app.ctx.edge.hits == 1  # the second plain GET alone


async def test_a_new_publish_is_answered_the_whole_way(app, published, settings):
    async with serving(app) as http:
        await http.get("/")
        await Page.filter(locale_id="nl", slug="home").update(seo_title="Splash | Nieuw seizoen")
        await publish(settings)

        after = await http.get("/")

    assert "<title>Splash | Nieuw seizoen</title>" in after.text
    assert app.ctx.edge.hits == 0


async def test_the_root_still_redirects_a_browser_in_another_language(app, published):
    async with serving(app) as http:
        await http.get("/")
        kept = await http.get("/")
        german = await http.get("/", headers={"accept-language": "de-DE,de;q=0.9"})

    assert kept.status_code == 200
    assert german.status_code == 302
    assert german.headers["location"].startswith("http://de.localhost")
    assert app.ctx.edge.hits == 1


async def test_errors_and_redirects_are_never_kept(app, published):
    async with serving(app) as http:
        for _ in range(2):
            assert (await http.get("/no-such-page")).status_code == 404
            assert (await http.get("/winkel/")).status_code == 301

    assert app.ctx.edge.hits == 0


async def test_the_connection_serves_requests_after_a_kept_answer_and_closes_when_asked(
    app, published
):
    """Kept answers written straight onto the connection leave it as Sanic's own writer does:
    keep-alive requests (pipelined too) follow, ``Connection: close`` is honoured, a client's
    request id is echoed without line breaks."""
    async with serving(app) as http:
        await http.get("/_payload/index.json", headers=IDENTITY)  # kept, as the socket asks
        port = int(str(http.base_url).rsplit(":", 1)[1])
        request = b"GET /_payload/index.json HTTP/1.1\r\nHost: localhost:8000\r\n"
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        writer.write(request + b"\r\n" + request + b"\r\n")  # two at once
        writer.write(b"GET /no-such-page HTTP/1.1\r\nHost: localhost:8000\r\n\r\n")
        writer.write(request + b"Connection: close\r\nX-Request-ID: a\nb\r\n\r\n")
        answers = [await _response(reader) for _ in range(4)]
        rest = await reader.read()  # the server closed the connection after the fourth
        writer.close()

    assert [status for status, _, _ in answers] == [200, 200, 404, 200]
    assert answers[0][2] == answers[1][2] == answers[3][2]
    assert [headers["connection"] for _, headers, _ in answers] == ["keep-alive"] * 3 + ["close"]
    assert answers[0][1]["x-request-id"] != answers[1][1]["x-request-id"]
    assert answers[3][1]["x-request-id"] == "ab"  # the client's, without its line break
    assert rest == b""
    assert app.ctx.edge.hits == 3


async def _response(reader: asyncio.StreamReader) -> tuple[int, dict[str, str], bytes]:
    head = (await reader.readuntil(b"\r\n\r\n")).decode("latin-1")
    status_line, *lines = head.split("\r\n")[:-2]
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.lower()] = value.strip()
    body = await reader.readexactly(int(headers["content-length"]))
    return int(status_line.split()[1]), headers, body
