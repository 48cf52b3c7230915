"""New levels and lessons made from the studio's lists (academy/editable_create.py) and how
long a lesson lasts typed in the course outline (academy/editable_outline.py): last in their
course or level, with their title in the language they were made in, shown on the course
page; minutes from 1 to 180 or the video's own length."""

from __future__ import annotations

from typing import Any

from splash.academy.models import Lesson, LessonText, Level, LevelText, Offer
from splash.editing.vocabulary import REPUBLISH_JOB
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from tests.editing.support import STUDIO, headers_of, opened, publish, save
from tests.web.support import inline_payload

COURSE = "/academy/leren-zwemmen"


async def create(client: Any, headers: dict[str, str], collection: str, key: str, **fields: Any):
    body = {"key": key, "fields": fields}
    return await client.post(f"{STUDIO}/{collection}?locale=nl", json=body, headers=headers)


async def course_page(client: Any) -> dict[str, Any]:
    response = await client.get(COURSE)
    assert response.status == 200
    return dict(inline_payload(response.text)["course"])


async def test_an_editor_adds_a_level_last_in_its_course(client, seeded, settings):
    editor = await headers_of(settings, "editor")

    response = await create(
        client, editor, "level", "level-4", course="learn-to-swim", title="Duiken"
    )

    assert response.status == 201, response.json
    assert response.json["data"]["live"] == {"title": "Duiken", "description": ""}
    assert response.json["data"]["missing"] == ["description"]
    positions = await Level.filter(course__key="learn-to-swim").order_by("position")
    assert [level.key for level in positions][-1] == "level-4"
    texts = await LevelText.filter(level__key="level-4").order_by("locale")
    assert [(text.locale, text.title) for text in texts] == [
        (locale, "Duiken") for locale in ("de", "en", "es", "fr", "nl", "sv")
    ]
    assert [level["title"] for level in (await course_page(client))["levels"]][-1] == "Duiken"
    logged = await ActivityEntry.get(action="content.created")
    assert logged.subject_id == "level:level-4:nl"
    level = await Level.get(key="level-4")
    job = await OutboxJob.get(kind=REPUBLISH_JOB)
    assert job.payload == {"changes": [f"level:{level.id}"]}  # its pages, not every page


async def test_an_editor_adds_a_lesson_with_its_minutes_and_a_slug_of_its_own(
    client, seeded, settings
):
    editor = await headers_of(settings, "editor")
    taken = await LessonText.filter(lesson__key="level-1-lesson-1", locale="nl").first()
    assert taken is not None

    response = await create(
        client, editor, "lesson", "level-1-lesson-9", level="level-1", title=taken.title, minutes=12
    )

    assert response.status == 201, response.json
    lesson = await Lesson.get(key="level-1-lesson-9")
    text = await LessonText.get(lesson_id=lesson.id, locale="nl")
    assert (lesson.minutes, lesson.free_preview, text.title) == (12, False, taken.title)
    assert text.slug == f"{taken.slug}-2"
    others = await Lesson.filter(level__key="level-1").exclude(id=lesson.id)
    assert lesson.position > max(other.position for other in others)
    level_1 = (await course_page(client))["levels"][0]
    assert level_1["lessons"][-1]["durationMs"] == 12 * 60_000
    job = await OutboxJob.get(kind=REPUBLISH_JOB)
    assert job.payload == {"changes": [f"lesson:{lesson.id}"]}  # its pages, not every page
    page = await client.get(level_1["lessons"][-1]["path"])  # its own page, made by that publish
    assert page.status == 200
    assert inline_payload(page.text)["lesson"]["title"] == taken.title


async def test_a_new_lessons_bad_fields_and_taken_key_are_named(client, seeded, settings):
    editor = await headers_of(settings, "editor")

    no_level = await create(client, editor, "lesson", "new-one", level="level-9", title="Nieuw")
    long = await create(
        client, editor, "lesson", "new-one", level="level-1", title="N", minutes=181
    )
    blank = await create(client, editor, "lesson", "new-one", level="level-1", title="  ")
    taken = await create(client, editor, "lesson", "level-1-lesson-1", level="level-1", title="N")

    assert [r.status for r in (no_level, long, blank, taken)] == [400, 400, 400, 409]
    paths = [
        r.json["error"]["details"]["errors"][0]["path"] for r in (no_level, long, blank, taken)
    ]
    assert paths == [["level"], ["minutes"], ["title"], ["key"]]
    assert not await Lesson.exists(key="new-one")


async def test_the_outline_sets_a_lessons_minutes_over_its_videos_length(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    entry = await opened(client, editor, "course-outline", "learn-to-swim", locale="")
    outline = entry["document"]
    assert outline["levels"][0]["lessons"][0]["minutes"] is None
    outline["levels"][0]["lessons"][0]["minutes"] = 25

    saved = await save(client, editor, "course-outline", "learn-to-swim", outline, locale="")
    response = await publish(client, editor, "course-outline", "learn-to-swim", locale="")

    assert saved.status == 200, saved.json
    assert response.status == 200, response.json
    assert (await Lesson.get(key="level-1-lesson-1")).minutes == 25
    level_1 = (await course_page(client))["levels"][0]
    assert level_1["lessons"][0]["durationMs"] == 25 * 60_000


async def test_minutes_outside_1_to_180_are_refused_naming_the_lesson(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    entry = await opened(client, editor, "course-outline", "learn-to-swim", locale="")
    outline = entry["document"]
    outline["levels"][1]["lessons"][0]["minutes"] = 0

    response = await save(client, editor, "course-outline", "learn-to-swim", outline, locale="")

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == [
        "levels",
        "1",
        "lessons",
        "0",
        "minutes",
    ]


async def test_the_lesson_list_carries_each_videos_length(client, seeded, settings):
    editor = await headers_of(settings, "editor")

    response = await client.get(f"{STUDIO}/lesson?locale=nl", headers=editor)

    assert response.status == 200
    lengths = {row["key"]: row["videoMs"] for row in response.json["data"]}
    assert set(lengths) >= {"level-1-lesson-1", "level-3-lesson-4"}
    assert all(length is None or length > 0 for length in lengths.values())
    assert any(length is not None for length in lengths.values())


async def test_a_new_lessons_offer_costs_the_owners_price_or_the_last_lessons(
    client, seeded, settings
):
    owner = await headers_of(settings, "owner")
    editor = await headers_of(settings, "editor")
    last = await Offer.filter(kind="lesson").order_by("-id").select_related("variant").first()
    assert last is not None

    refused = await create(client, editor, "lesson", "extra-a", level="level-2", title="A", price=1)
    plain = await create(client, editor, "lesson", "extra-a", level="level-2", title="A")
    priced = await create(client, owner, "lesson", "extra-b", level="level-2", title="B", price=299)

    assert (refused.status, plain.status, priced.status) == (403, 201, 201)
    offers = Offer.filter(lesson__key__in=["extra-a", "extra-b"]).select_related(
        "variant", "lesson"
    )
    prices = {offer.lesson.key: offer.variant.price for offer in await offers}
    assert prices == {"extra-a": last.variant.price, "extra-b": 299}
    level_2 = (await course_page(client))["levels"][1]
    assert [lesson["key"] for lesson in level_2["lessons"]][-2:] == ["extra-a", "extra-b"]
    assert level_2["lessons"][-1]["offer"]["price"] == 299
