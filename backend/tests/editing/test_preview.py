"""Preview links (editing/preview.py): a draft on its language's domain for anyone holding
the signed link, never indexed or kept; tampered 404, expired 410."""

from __future__ import annotations

from datetime import timedelta

from splash.editing.preview_tokens import PreviewOf, make_token
from splash.shared import outbox
from tests.editing.support import edit, headers_of, url
from tests.web.support import inline_payload


async def _link(client, headers, collection: str, key: str, locale: str = "nl") -> str:
    response = await client.post(url(collection, key, locale, "preview"), headers=headers)
    assert response.status == 200, response.json
    return str(response.json["data"]["url"])


async def test_a_preview_link_shows_the_draft_to_anyone_and_is_never_indexed(
    client, published, settings
):
    headers = await headers_of(settings)
    await edit(client, headers, "page", "faq", {"title": "Nog niet live"})
    link = await _link(client, headers, "page", "faq")
    assert link.startswith("http://localhost:8000/_preview/")

    response = await client.get(link.removeprefix("http://localhost:8000"))  # no studio cookie

    assert response.status == 200
    payload = inline_payload(response.text)
    assert payload["page"]["title"] == "Nog niet live"
    assert payload["route"]["path"] == "/veelgestelde-vragen"
    assert '<meta name="robots" content="noindex">' in response.text
    assert "noindex" in response.headers["x-robots-tag"]
    assert response.headers["cache-control"] == "no-store"
    live = await client.get("/veelgestelde-vragen")
    assert inline_payload(live.text)["page"]["title"] == "Veelgestelde vragen"


async def test_a_preview_follows_the_latest_draft(client, published, settings):
    headers = await headers_of(settings)
    await edit(client, headers, "page", "faq", {"title": "Eerste"})
    link = (await _link(client, headers, "page", "faq")).removeprefix("http://localhost:8000")
    await edit(client, headers, "page", "faq", {"title": "Tweede"})

    response = await client.get(link)

    assert inline_payload(response.text)["page"]["title"] == "Tweede"


async def test_a_tampered_link_is_not_found_and_an_expired_one_is_gone(client, published, settings):
    headers = await headers_of(settings)
    await edit(client, headers, "page", "faq", {"title": "Nog niet live"})
    link = (await _link(client, headers, "page", "faq")).removeprefix("http://localhost:8000")
    body, _, signature = link.removeprefix("/_preview/").partition(".")
    expired = make_token(
        settings.secret_key,
        PreviewOf("page", "faq", "nl", outbox.now().replace(microsecond=0) - timedelta(seconds=1)),
    )

    tampered = await client.get(f"/_preview/{body}.{signature[::-1]}")
    gone = await client.get(f"/_preview/{expired}")

    assert tampered.status == 404
    assert gone.status == 410


async def test_a_preview_lives_on_its_languages_domain_only(client, published, settings):
    headers = await headers_of(settings)
    key = "first-swimming-lesson"
    await edit(client, headers, "article", key, {"title": "Die allererste Stunde"}, locale="de")
    link = await _link(client, headers, "article", key, locale="de")
    assert link.startswith("http://de.localhost:8000/_preview/")
    path = link.removeprefix("http://de.localhost:8000")

    german = await client.get(path, host="de.localhost:8000")
    dutch = await client.get(path)

    assert german.status == 200
    assert inline_payload(german.text)["article"]["title"] == "Die allererste Stunde"
    assert dutch.status == 404


async def test_a_menu_preview_shows_the_home_page_with_the_draft_menu(client, published, settings):
    headers = await headers_of(settings)
    items = [{"title": "Alleen in het voorbeeld", "path": "/winkel"}]
    await edit(client, headers, "menu", "primary", {"items": items})
    link = (await _link(client, headers, "menu", "primary")).removeprefix("http://localhost:8000")

    response = await client.get(link)

    primary = inline_payload(response.text)["navigation"]["primary"]
    assert primary == [
        {"id": 1, "title": "Alleen in het voorbeeld", "path": "/winkel", "items": []}
    ]
