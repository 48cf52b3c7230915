"""The studio's customers: the list with search, sort and pages; a customer's page (profile,
addresses, orders, lessons and why); lessons granted and revoked with
a reason and logged; a password-set link in the customer's language."""

from __future__ import annotations

import pytest

from splash.academy.entitlements import owned_lessons
from splash.academy.models import Entitlement, Lesson
from splash.accounts.models import User
from splash.shared.mail.models import SentMail
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from tests.staff.support import cookie_of, staff
from tests.studio.support import a_customer, headers_of

pytestmark = pytest.mark.usefixtures("seeded")


async def test_the_list_searches_e_mail_name_and_postal_code(client, settings):
    anna = await a_customer()
    await User.create(email="bram@example.com", username="bram@example.com", lastname="Bakker")
    headers = await headers_of(settings)

    def emails(response) -> list[str]:
        assert response.status == 200, response.json
        return [row["email"] for row in response.json["data"]]

    everyone = await client.get("/api/studio/customers?sort=email", headers=headers)
    by_name = await client.get("/api/studio/customers?q=jans", headers=headers)
    by_postal_code = await client.get("/api/studio/customers?q=1016gv", headers=headers)
    by_mail = await client.get("/api/studio/customers?q=BRAM@", headers=headers)
    second_page = await client.get(
        "/api/studio/customers?sort=-email&pageSize=1&page=2", headers=headers
    )

    assert emails(everyone) == ["anna@example.com", "bram@example.com"]
    assert everyone.json["meta"] == {"page": 1, "pageSize": 50, "total": 2}
    assert emails(by_name) == emails(by_postal_code) == [anna.user.email]
    assert emails(by_mail) == ["bram@example.com"]
    assert emails(second_page) == ["anna@example.com"]


@pytest.mark.parametrize(
    ("query", "field"),
    [("sort=planet", "sort"), ("page=0", "page"), ("pageSize=101", "pageSize")],
)
async def test_the_list_refuses_a_bad_query_naming_it(client, settings, query, field):
    response = await client.get(
        f"/api/studio/customers?{query}", headers=await headers_of(settings)
    )

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["query", field]


async def test_a_customer_page_shows_profile_addresses_orders_and_lessons(client, settings):
    anna = await a_customer()
    headers = await headers_of(settings)

    response = await client.get(f"/api/studio/customers/{anna.user.id}", headers=headers)

    assert response.status == 200, response.json
    data = response.json["data"]
    assert data["customer"]["email"] == "anna@example.com"
    assert [a["postalCode"] for a in data["addresses"]] == ["1016 GV"]
    assert [(o["number"], o["status"]) for o in data["orders"]] == [
        (anna.unpaid.order_nr, "awaiting_payment"),
        (anna.paid.order_nr, "paid"),
    ]
    assert data["orders"][1]["total"] == anna.paid.total
    assert {(e["lesson"], e["source"], e["order"]) for e in data["entitlements"]} == {
        (f"level-1-lesson-{n}", "suit_gift", anna.paid.order_nr) for n in range(1, 5)
    }


async def test_a_customers_mails_are_theirs_newest_first(client, settings):
    """Their account's mails, those to their address (in any case) and their orders' (also
    after the address changed); nobody else's."""
    anna = await a_customer()
    bram = await a_customer("bram@example.com")
    made = {}
    for key, fields in (
        ("reset", {"to": "anna@example.com", "user_id": anna.user.id}),
        ("typed", {"to": "ANNA@example.com"}),
        ("order", {"to": "anna.oud@example.com", "order_id": anna.paid.id}),
        ("bram", {"to": "bram@example.com", "user_id": bram.user.id}),
        ("bram_order", {"to": "bram@example.com", "order_id": bram.paid.id}),
    ):
        made[key] = await SentMail.create(
            subject=key, template="order_confirmation", locale="de", message_key=key, **fields
        )
    headers = await headers_of(settings)

    response = await client.get(f"/api/studio/customers/{anna.user.id}/emails", headers=headers)
    missing = await client.get("/api/studio/customers/424242/emails", headers=headers)
    editor = await client.get(
        f"/api/studio/customers/{anna.user.id}/emails", headers=await headers_of(settings, "editor")
    )

    assert response.status == 200, response.json
    assert [m["subject"] for m in response.json["data"]] == ["order", "typed", "reset"]
    assert set(response.json["data"][0]) == {"id", "sentAt", "to", "subject", "template", "locale"}
    assert (missing.status, editor.status) == (404, 403)


async def test_a_missing_or_malformed_customer_is_refused(client, settings):
    headers = await headers_of(settings)

    missing = await client.get("/api/studio/customers/424242", headers=headers)
    malformed = await client.get("/api/studio/customers/abc", headers=headers)

    assert missing.status == 404
    assert malformed.status == 400
    assert malformed.json["error"]["details"]["errors"][0]["path"] == ["id"]


async def test_an_editor_may_not_read_customers(client, settings):
    anna = await a_customer()
    response = await client.get(
        f"/api/studio/customers/{anna.user.id}", headers=await headers_of(settings, "editor")
    )

    assert response.status == 403


async def test_staff_grant_a_level_with_a_reason_logged_before_and_after(client, settings):
    anna = await a_customer()
    member = await staff(settings, "shop")
    headers = await cookie_of(member, settings)

    granted = await client.post(
        f"/api/studio/customers/{anna.user.id}/entitlements",
        json={"level": "level-2", "reason": "Goodwill: the parcel was late"},
        headers=headers,
    )
    again = await client.post(
        f"/api/studio/customers/{anna.user.id}/entitlements",
        json={"lesson": "level-2-lesson-1", "reason": "Twice"},
        headers=headers,
    )

    assert granted.status == 201, granted.json
    mine = [e for e in granted.json["data"] if e["source"] == "granted"]
    assert sorted(e["lesson"] for e in mine) == [f"level-2-lesson-{n}" for n in range(1, 5)]
    assert {(e["grantedBy"], e["reason"], e["order"]) for e in mine} == {
        (member.member.name, "Goodwill: the parcel was late", None)
    }
    assert again.status == 409
    entry = await ActivityEntry.get(action="customers.lessons_granted")
    assert (entry.subject_type, entry.subject_id) == ("customer", str(anna.user.id))
    assert entry.before == {"owned": []}
    assert entry.after["owned"] == [f"level-2-lesson-{n}" for n in range(1, 5)]
    assert entry.note == "Goodwill: the parcel was late"


@pytest.mark.parametrize(
    ("body", "path"),
    [
        ({"lesson": "no-such-lesson", "reason": "Because"}, ["lesson"]),
        ({"course": "no-such-course", "reason": "Because"}, ["course"]),
        ({"level": "level-2"}, ["reason"]),
        ({"level": "level-2", "reason": "Because", "price": 0}, ["price"]),
    ],
)
async def test_a_bad_grant_is_refused_naming_the_field(client, settings, body, path):
    anna = await a_customer()
    response = await client.post(
        f"/api/studio/customers/{anna.user.id}/entitlements",
        json=body,
        headers=await headers_of(settings),
    )

    assert response.status == 400, response.json
    assert response.json["error"]["details"]["errors"][0]["path"] == path


async def test_a_grant_names_exactly_one_key(client, settings):
    anna = await a_customer()
    response = await client.post(
        f"/api/studio/customers/{anna.user.id}/entitlements",
        json={"lesson": "level-2-lesson-1", "level": "level-2", "reason": "Both"},
        headers=await headers_of(settings),
    )

    assert response.status == 400
    assert await Entitlement.filter(user_id=anna.user.id, source="granted").count() == 0


async def test_revoking_takes_one_entitlement_away_and_logs_it(client, settings):
    anna = await a_customer()
    headers = await headers_of(settings)
    target = await Entitlement.filter(user_id=anna.user.id).order_by("id").first()
    assert target is not None
    path = f"/api/studio/customers/{anna.user.id}/entitlements/{target.id}"

    without_reason = await client.delete(path, headers=headers, json={})
    revoked = await client.delete(path, headers=headers, json={"reason": "Refunded by phone"})
    gone = await client.delete(path, headers=headers, json={"reason": "Again"})

    assert without_reason.status == 400
    assert revoked.status == 200, revoked.json
    assert target.id not in {e["id"] for e in revoked.json["data"]}
    assert len(revoked.json["data"]) == 3
    assert gone.status == 404
    entry = await ActivityEntry.get(action="customers.lesson_revoked")
    assert entry.before["id"] == target.id and entry.before["source"] == "suit_gift"
    assert entry.after is None and entry.note == "Refunded by phone"


async def test_another_customers_entitlement_is_not_found(client, settings):
    anna, bram = await a_customer(), await a_customer("bram@example.com")
    theirs = await Entitlement.filter(user_id=bram.user.id).first()
    assert theirs is not None

    response = await client.delete(
        f"/api/studio/customers/{anna.user.id}/entitlements/{theirs.id}",
        headers=await headers_of(settings),
        json={"reason": "Wrong customer"},
    )

    assert response.status == 404
    assert await Entitlement.exists(id=theirs.id)


async def test_a_password_link_is_queued_in_the_customers_language(client, settings):
    anna = await a_customer()

    response = await client.post(
        f"/api/studio/customers/{anna.user.id}/password-link", headers=await headers_of(settings)
    )

    assert response.status == 202, response.json
    assert response.json["data"] == {"queued": True, "email": "anna@example.com", "locale": "de"}
    job = await OutboxJob.get(kind="password_reset")
    assert job.payload == {"email": "anna@example.com", "locale": "de"}
    assert await ActivityEntry.exists(
        action="customers.password_link_sent", subject_id=str(anna.user.id)
    )


async def test_a_blocked_customer_gets_no_password_link(client, settings):
    anna = await a_customer()
    await User.filter(id=anna.user.id).update(blocked=True)

    response = await client.post(
        f"/api/studio/customers/{anna.user.id}/password-link", headers=await headers_of(settings)
    )

    assert response.status == 409
    assert not await OutboxJob.exists(kind="password_reset")


async def test_a_granted_lesson_can_be_watched_and_a_revoked_one_not(client, settings):
    anna = await a_customer()
    lesson = await Lesson.get(key="level-2-lesson-2")
    headers = await headers_of(settings)

    granted = await client.post(
        f"/api/studio/customers/{anna.user.id}/entitlements",
        json={"lesson": lesson.key, "reason": "Course stopped early"},
        headers=headers,
    )
    watchable = await owned_lessons(anna.user.id, [lesson.id])
    entitlement = next(e for e in granted.json["data"] if e["source"] == "granted")
    await client.delete(
        f"/api/studio/customers/{anna.user.id}/entitlements/{entitlement['id']}",
        json={"reason": "Granted by mistake"},
        headers=headers,
    )

    assert watchable == {lesson.id}
    assert await owned_lessons(anna.user.id, [lesson.id]) == set()
