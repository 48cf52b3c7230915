"""The activity log is append-only — no API route changes or deletes an entry, the model refuses,
and the database refuses (PostgreSQL: updates and deletes; SQLite: updates) — and it is shown
newest first with filters."""

from __future__ import annotations

import pytest
from tortoise import Tortoise

from splash.staff.models import ActivityEntry
from tests.staff.support import cookie_of, staff, studio_routes
from tests.support import DATABASE


def test_no_studio_route_changes_or_deletes_an_activity_entry(app):
    writers = [
        (route.path, sorted(route.methods))
        for route in studio_routes(app)
        if "activity" in route.path and route.methods - {"GET", "HEAD", "OPTIONS"}
    ]
    assert writers == []


async def _an_entry(client, settings) -> ActivityEntry:
    owner = await staff(settings)
    await client.delete("/api/studio/session", headers=await cookie_of(owner, settings))
    return await ActivityEntry.get(action="staff.sign_out")


async def test_the_model_refuses_to_change_or_delete_an_entry(client, database, settings):
    entry = await _an_entry(client, settings)
    entry.note = "rewritten"

    with pytest.raises(PermissionError):
        await entry.save()
    with pytest.raises(PermissionError):
        await entry.delete()
    assert (await ActivityEntry.get(id=entry.id)).note is None


async def test_the_database_refuses_to_change_an_entry(client, database, settings):
    entry = await _an_entry(client, settings)
    connection = Tortoise.get_connection("default")

    with pytest.raises(Exception, match="append-only"):
        await connection.execute_query(
            f"UPDATE staff_activity SET note = 'x' WHERE id = {entry.id}"
        )
    with pytest.raises(Exception, match="append-only"):
        await ActivityEntry.filter(id=entry.id).update(action="staff.sign_in")
    if DATABASE == "postgres":
        with pytest.raises(Exception, match="append-only"):
            await connection.execute_query(f"DELETE FROM staff_activity WHERE id = {entry.id}")
    assert (await ActivityEntry.get(id=entry.id)).action == "staff.sign_out"


async def test_the_log_is_listed_newest_first_with_filters(client, database, settings):
    owner = await staff(settings)
    shop = await staff(settings, "shop")
    headers = await cookie_of(owner, settings)
    await client.patch(
        f"/api/studio/staff/{shop.member.id}", json={"role": "editor"}, headers=headers
    )
    await client.delete(f"/api/studio/staff/{shop.member.id}", headers=headers)

    everything = await client.get("/api/studio/activity", headers=headers)
    about_shop = await client.get(
        f"/api/studio/activity?subjectType=staff&subjectId={shop.member.id}&pageSize=1",
        headers=headers,
    )
    bad = await client.get("/api/studio/activity?subjectType=planet", headers=headers)
    bad_since = await client.get("/api/studio/activity?since=yesterday", headers=headers)

    assert [e["action"] for e in everything.json["data"]] == ["staff.removed", "staff.role_changed"]
    assert about_shop.json["meta"] == {"page": 1, "pageSize": 1, "total": 2}
    assert about_shop.json["data"][0]["actor"] == owner.member.email
    assert bad.status == 400 and bad.json["error"]["details"]["errors"][0]["path"] == [
        "query",
        "subjectType",
    ]
    assert bad_since.status == 400
