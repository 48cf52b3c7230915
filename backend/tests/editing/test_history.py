"""An entry's versions, their differences and restoring one (editing/history.py)."""

from __future__ import annotations

from splash.content.models import Page
from splash.staff.models import ActivityEntry
from tests.editing.support import edit, headers_of, opened, publish, url


async def _publish_title(client, headers, title: str) -> None:
    assert (await edit(client, headers, "page", "faq", {"title": title})).status == 200
    assert (await publish(client, headers, "page", "faq")).status == 200


async def test_versions_list_who_published_each_newest_first(client, seeded, settings):
    headers = await headers_of(settings)
    await _publish_title(client, headers, "Eerste versie")
    await _publish_title(client, headers, "Tweede versie")

    response = await client.get(url("page", "faq", action="versions"), headers=headers)

    assert [v["number"] for v in response.json["data"]] == [2, 1]
    assert {v["publishedBy"] for v in response.json["data"]} == {"editor-edit@splash.example"}


async def test_the_changes_of_a_version_name_each_field_with_before_and_after(
    client, seeded, settings
):
    headers = await headers_of(settings)
    await _publish_title(client, headers, "Eerste versie")
    await _publish_title(client, headers, "Tweede versie")

    response = await client.get(url("page", "faq", action="versions/2/changes"), headers=headers)

    assert response.json["data"] == [
        {"path": "title", "before": "Eerste versie", "after": "Tweede versie"}
    ]
    missing = await client.get(url("page", "faq", action="versions/9/changes"), headers=headers)
    assert missing.status == 404


async def test_a_restored_version_becomes_the_draft_and_goes_live_when_published(
    client, seeded, settings
):
    headers = await headers_of(settings)
    await _publish_title(client, headers, "Eerste versie")
    await _publish_title(client, headers, "Tweede versie")

    response = await client.post(url("page", "faq", action="versions/1/restore"), headers=headers)

    assert response.status == 200
    entry = await opened(client, headers, "page", "faq")
    assert (entry["document"]["title"], entry["live"]["title"]) == (
        "Eerste versie",
        "Tweede versie",
    )
    assert (await publish(client, headers, "page", "faq")).status == 200
    assert (await Page.get(locale_id="nl", localization_key="faq")).title == "Eerste versie"
    restored = await ActivityEntry.get(action="content.restored")
    assert (restored.subject_id, restored.after) == ("page:faq:nl", {"version": 1})
