"""Drafts through the studio API (editing/drafts.py): saved whole or not at all, validated by
the content models, a stale save refused with who saved and when, rights per collection."""

from __future__ import annotations

from splash.content.models import Page
from splash.editing.models import Draft
from splash.staff.models import ActivityEntry
from tests.editing.support import edit, headers_of, opened, save, url


async def test_an_entry_without_a_draft_opens_with_what_is_live(client, seeded, settings):
    headers = await headers_of(settings)

    entry = await opened(client, headers, "page", "faq")

    assert entry["revision"] == 0
    assert entry["document"]["title"] == "Veelgestelde vragen"
    assert entry["document"]["slug"] == "veelgestelde-vragen"
    assert entry["live"] == entry["document"]
    assert entry["missing"] == []


async def test_a_save_stores_the_draft_and_leaves_the_live_page_alone(client, seeded, settings):
    headers = await headers_of(settings)

    response = await edit(client, headers, "page", "faq", {"title": "Vragen en antwoorden"})

    assert response.status == 200, response.json
    assert response.json["data"]["revision"] == 1
    assert response.json["data"]["savedBy"] == "editor-edit@splash.example"
    entry = await opened(client, headers, "page", "faq")
    assert (entry["revision"], entry["document"]["title"]) == (1, "Vragen en antwoorden")
    assert entry["live"]["title"] == "Veelgestelde vragen"
    page = await Page.get(locale_id="nl", localization_key="faq")
    assert page.title == "Veelgestelde vragen"
    saved = await ActivityEntry.filter(action="content.saved").values_list("subject_id", "note")
    assert saved == [("page:faq:nl", "r1")]


async def test_a_save_on_an_older_revision_is_refused_with_who_saved_and_when(
    client, seeded, settings
):
    anna = await headers_of(settings)
    entry = await opened(client, anna, "page", "faq")
    assert (await edit(client, anna, "page", "faq", {"title": "Eerste"})).status == 200

    stale = await save(client, anna, "page", "faq", {**entry["document"], "title": "Tweede"})

    assert stale.status == 409
    details = stale.json["error"]["details"]
    assert details["revision"] == 1
    assert details["savedBy"] == "editor-edit@splash.example"
    draft = await Draft.get(collection="page", key="faq", locale="nl")
    assert details["savedAt"] == draft.saved_at.isoformat().replace("+00:00", "Z")
    assert draft.document["title"] == "Eerste"


async def test_a_bad_block_is_named_and_nothing_is_saved(client, seeded, settings):
    headers = await headers_of(settings)
    entry = await opened(client, headers, "page", "faq")
    blocks = list(entry["document"]["blocks"])
    blocks[2] = {"type": "intro", "title": "", "text": "Zonder titel."}

    response = await save(client, headers, "page", "faq", {**entry["document"], "blocks": blocks})

    assert response.status == 400
    assert [e["path"] for e in response.json["error"]["details"]["errors"]] == [
        ["blocks", "2", "title"]
    ]
    assert await Draft.filter(key="faq").count() == 0


async def test_a_slug_another_page_of_the_language_has_is_refused(client, seeded, settings):
    headers = await headers_of(settings)

    response = await edit(client, headers, "page", "faq", {"slug": "over-ons"})

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["slug"]
    english = await edit(client, headers, "page", "faq", {"slug": "about-us"}, locale="en")
    assert english.status == 400
    assert (
        await edit(client, headers, "page", "faq", {"slug": "about-us"}, locale="de")
    ).status == 200


async def test_a_parent_that_would_put_a_page_below_itself_is_refused(client, seeded, settings):
    headers = await headers_of(settings)

    response = await edit(client, headers, "page", "academy", {"parent": "academy-how-it-works"})

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["parent"]


async def test_an_editor_cannot_touch_the_settings_and_the_owner_can(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    owner = await headers_of(settings, "owner")

    refused = await client.get(url("settings", "site", ""), headers=editor)
    opened_by_owner = await client.get(url("settings", "site", ""), headers=owner)

    assert refused.status == 403
    assert opened_by_owner.status == 200
    assert opened_by_owner.json["data"]["document"]["companyName"] != ""


async def test_the_shop_role_gets_403_on_every_content_route(client, seeded, settings):
    shop = await headers_of(settings, "shop")
    calls = [
        ("GET", url("page", "faq")),
        ("GET", "/api/studio/content/page?locale=nl"),
        ("PUT", url("page", "faq")),
        ("POST", url("page", "faq", action="publish")),
        ("POST", url("page", "faq", action="unpublish")),
        ("PUT", url("page", "faq", action="schedule")),
        ("GET", url("page", "faq", action="versions")),
        ("POST", url("page", "faq", action="preview")),
        ("POST", url("page", "faq", action="versions/1/restore")),
        ("GET", url("page", "faq", action="versions/1/changes")),
    ]

    statuses = {
        (method, path): (await client.send(method, path, headers=shop, json={})).status
        for method, path in calls
    }

    assert set(statuses.values()) == {403}


async def test_the_list_marks_missing_translations_and_unpublished_drafts(client, seeded, settings):
    headers = await headers_of(settings)
    await edit(client, headers, "page", "faq", {"title": "Vragen"})
    await save(client, headers, "page", "new-page", {"title": "Nieuw"})

    response = await client.get("/api/studio/content/page?locale=nl", headers=headers)

    listed = {entry["key"]: entry for entry in response.json["data"]}
    assert listed["faq"] | {"path": None} == {
        "key": "faq",
        "title": "Veelgestelde vragen",
        "live": True,
        "translated": True,
        "drafted": True,
        "path": None,
        "category": None,
        "date": None,
        "id": None,
        "videoMs": None,
    }
    assert listed["faq"]["path"] == "/veelgestelde-vragen"
    assert listed["new-page"] == {
        "key": "new-page",
        "title": "Nieuw",
        "live": False,
        "translated": False,
        "drafted": True,
        "path": None,
        "category": None,
        "date": None,
        "id": None,
        "videoMs": None,
    }
    assert listed["about"]["drafted"] is False


async def test_an_unknown_collection_is_not_found_and_a_wrong_locale_is_named(
    client, seeded, settings
):
    headers = await headers_of(settings)

    unknown = await client.get(url("recipe", "soup"), headers=headers)
    no_locale = await client.get(url("page", "faq", ""), headers=headers)
    settings_with_locale = await client.get(url("settings", "site", "nl"), headers=headers)
    bad_key = await client.get(url("page", "Bad_Key"), headers=headers)

    assert unknown.status == 404
    assert no_locale.status == 400
    assert no_locale.json["error"]["details"]["errors"][0]["path"] == ["query", "locale"]
    assert settings_with_locale.status == 400  # the settings are not per language
    assert bad_key.status == 400
    assert bad_key.json["error"]["details"]["errors"][0]["path"] == ["key"]
