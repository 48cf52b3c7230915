"""The academy edited in the studio (academy/editable.py, academy/editable_outline.py): course,
level and lesson texts per language, the course's outline (order, free previews), the offers'
prices and a suit's free lessons (owners only), on the seeded fixtures' course."""

from __future__ import annotations

import pytest

from splash.academy.models import Course, FreeLesson, Lesson, LessonText, Level, LevelText
from splash.catalog.models import ProductVariant
from splash.core.config import Settings
from splash.editing.models import Redirect
from splash.editing.vocabulary import REPUBLISH_JOB
from splash.shared.outbox.models import OutboxJob
from splash.staff.models import ActivityEntry
from tests.editing.support import edit, headers_of, opened, publish, run_jobs, save, url
from tests.web.support import inline_payload

LESSON_SKU = "ACADEMY-LEARN-TO-SWIM-LESSON-1-2"
COURSE = "/academy/leren-zwemmen"


@pytest.fixture
def settings(settings: Settings) -> Settings:
    """The jobs run when the test says (``run_jobs``), not by the app's embedded drainer."""
    return settings.model_copy(update={"outbox_embedded": False})


async def _quote(client, sku: str) -> int:
    variant = await ProductVariant.get(sku=sku)
    body = {"items": [{"variantId": variant.id, "quantity": 1}]}
    response = await client.post("/api/cart/quote", json=body)
    assert response.status == 200, response.json
    return int(response.json["data"]["items"][0]["unitPrice"])


async def test_the_owner_changes_a_lessons_price_and_a_new_quote_uses_it(client, seeded, settings):
    owner = await headers_of(settings, "owner")
    entry = await opened(client, owner, "offer", "level-1-lesson-2", locale="")
    await save(client, owner, "offer", "level-1-lesson-2", {"price": 395}, locale="")
    assert await _quote(client, LESSON_SKU) == 495  # a draft price is never sold

    response = await publish(client, owner, "offer", "level-1-lesson-2", locale="")

    assert entry["live"] == {"price": 495}
    assert response.status == 200, response.json
    assert await _quote(client, LESSON_SKU) == 395
    course = await Course.get(key="learn-to-swim")  # its offers' prices show on its pages
    assert (await OutboxJob.get(kind=REPUBLISH_JOB)).payload == {"changes": [f"course:{course.id}"]}
    bundle = await opened(client, owner, "offer", "learn-to-swim", locale="")
    assert bundle["live"] == {"price": 3495}
    actions = await ActivityEntry.filter(subject_id="offer:level-1-lesson-2:").values_list(
        "action", flat=True
    )
    assert sorted(actions) == ["content.published", "content.saved"]


async def test_an_editor_gets_403_on_offers_and_free_lessons(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    owner = await headers_of(settings, "owner")
    await save(client, owner, "offer", "level-2", {"price": 995}, locale="")

    calls = [
        await save(client, editor, "offer", "level-2", {"price": 1}, revision=1, locale=""),
        await publish(client, editor, "offer", "level-2", locale=""),
        await save(client, editor, "free-lessons", "splash-float-suit", {"lessons": []}, locale=""),
        await client.get("/api/studio/content/offer", headers=editor),
    ]

    assert [call.status for call in calls] == [403, 403, 403, 403]
    assert (await ProductVariant.get(sku="ACADEMY-LEARN-TO-SWIM-LEVEL-2")).price == 1495


async def test_the_owner_chooses_the_lessons_a_suit_gives_away(client, seeded, settings):
    owner = await headers_of(settings, "owner")
    lessons = {"lessons": ["level-1-lesson-1", "level-2-lesson-1"]}

    bad = await save(
        client, owner, "free-lessons", "splash-sun-float-suit", {"lessons": ["x"]}, locale=""
    )
    await save(client, owner, "free-lessons", "splash-sun-float-suit", lessons, locale="")
    response = await publish(client, owner, "free-lessons", "splash-sun-float-suit", locale="")

    assert bad.status == 400
    assert bad.json["error"]["details"]["errors"][0]["path"] == ["lessons", "0"]
    assert response.status == 200, response.json
    given = FreeLesson.filter(product__key="splash-sun-float-suit").order_by("lesson__key")
    assert await given.values_list("lesson__key", flat=True) == [
        "level-1-lesson-1",
        "level-2-lesson-1",
    ]
    assert await FreeLesson.filter(product__key="splash-float-suit").count() == 4
    course = await Course.get(key="learn-to-swim")  # "free with a suit" shows on its pages only
    assert (await OutboxJob.get(kind=REPUBLISH_JOB)).payload == {"changes": [f"course:{course.id}"]}


@pytest.mark.usefixtures("published")
async def test_a_renamed_lesson_answers_301_from_its_old_url(client, settings):
    editor = await headers_of(settings, "editor")
    await edit(client, editor, "lesson", "level-1-lesson-2", {"slug": "bellen-blazen-onder-water"})

    response = await publish(client, editor, "lesson", "level-1-lesson-2")

    assert response.status == 200, response.json
    lesson = await Lesson.get(key="level-1-lesson-2")
    assert (await OutboxJob.get(kind=REPUBLISH_JOB)).payload == {"changes": [f"lesson:{lesson.id}"]}
    assert await run_jobs(settings) == 1
    old = await client.get(f"{COURSE}/bellen-blazen")
    assert old.status == 301
    assert old.headers["location"] == f"{COURSE}/bellen-blazen-onder-water"
    page = await client.get(f"{COURSE}/bellen-blazen-onder-water")
    assert inline_payload(page.text)["lesson"]["title"] == "Bellen blazen"


async def test_a_renamed_course_moves_its_lessons_pages_along(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    await edit(client, editor, "course", "learn-to-swim", {"slug": "zwemles"})

    response = await publish(client, editor, "course", "learn-to-swim")

    assert response.status == 200, response.json
    moved = dict(await Redirect.filter(locale="nl").values_list("old_path", "new_path"))
    assert moved[COURSE] == "/academy/zwemles"
    assert moved[f"{COURSE}/bellen-blazen"] == "/academy/zwemles/bellen-blazen"
    assert len(moved) == 13  # the course and its twelve lessons
    assert await Redirect.filter(locale="de").count() == 0


async def test_the_outline_orders_lessons_and_sets_the_free_previews(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    outline = (await opened(client, editor, "course-outline", "learn-to-swim", locale=""))[
        "document"
    ]
    first = outline["levels"][0]["lessons"]
    first[0], first[1] = first[1], {**first[0], "freePreview": False}
    first[0]["freePreview"] = True

    await save(client, editor, "course-outline", "learn-to-swim", outline, locale="")
    response = await publish(client, editor, "course-outline", "learn-to-swim", locale="")

    assert response.status == 200, response.json
    lessons = await Lesson.filter(level__key="level-1").order_by("position")
    assert [(row.key, row.free_preview) for row in lessons][:2] == [
        ("level-1-lesson-2", True),
        ("level-1-lesson-1", False),
    ]


async def test_an_outline_that_drops_a_lesson_is_refused_naming_it(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    outline = (await opened(client, editor, "course-outline", "learn-to-swim", locale=""))[
        "document"
    ]
    outline["levels"][2]["lessons"].pop()

    response = await save(client, editor, "course-outline", "learn-to-swim", outline, locale="")

    assert response.status == 400
    error = response.json["error"]["details"]["errors"][0]
    assert error["path"] == ["levels"]
    assert "level-3-lesson-4" in error["message"]


async def test_a_level_without_a_title_is_not_published(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    await edit(client, editor, "level", "level-2", {"title": " "}, locale="de")

    response = await publish(client, editor, "level", "level-2", locale="de")

    assert response.status == 400
    assert response.json["error"]["details"]["errors"][0]["path"] == ["title"]
    level = await LevelText.get(level__key="level-2", locale="de")
    assert level.title.strip() != ""


async def test_the_lists_mark_missing_translations(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    await LevelText.filter(level__key="level-3", locale="sv").delete()
    await LessonText.filter(lesson__key="level-3-lesson-1", locale="sv").delete()

    levels = await client.get("/api/studio/content/level?locale=sv", headers=editor)
    lessons = await client.get("/api/studio/content/lesson?locale=sv", headers=editor)

    by_level = {entry["key"]: entry["translated"] for entry in levels.json["data"]}
    by_lesson = {entry["key"]: entry["translated"] for entry in lessons.json["data"]}
    assert by_level == {"level-1": True, "level-2": True, "level-3": False}
    assert [key for key, there in by_lesson.items() if not there] == ["level-3-lesson-1"]
    assert len(by_lesson) == 12
    first = await Lesson.get(key="level-1-lesson-1")
    assert next(e for e in lessons.json["data"] if e["key"] == first.key)["id"] == first.id


async def test_a_translated_lesson_text_and_its_poster_alt_are_published(client, seeded, settings):
    editor = await headers_of(settings, "editor")
    await LessonText.filter(lesson__key="level-3-lesson-1", locale="sv").delete()
    document = {
        "title": "Första simtagen",
        "description": "Ditt barn tar sina första simtag utan flytkuddar.",
        "posterAlt": "Ett barn som simmar mot sin förälder",
    }

    await save(client, editor, "lesson", "level-3-lesson-1", document, locale="sv")
    response = await publish(client, editor, "lesson", "level-3-lesson-1", locale="sv")

    assert response.status == 200, response.json
    text = await LessonText.get(lesson__key="level-3-lesson-1", locale="sv")
    assert (text.slug, text.title) == ("forsta-simtagen", "Första simtagen")
    lesson = await Lesson.get(key="level-3-lesson-1")
    assert lesson.poster["alt"]["sv"] == "Ett barn som simmar mot sin förälder"
    assert await Level.filter(key="level-3").count() == 1


@pytest.mark.usefixtures("published")
async def test_a_course_preview_shows_the_drafts_texts_on_its_page(client, settings):
    editor = await headers_of(settings, "editor")
    await edit(client, editor, "course", "learn-to-swim", {"title": "Zwemmen met Splash"})
    made = await client.post(url("course", "learn-to-swim", "nl", "preview"), headers=editor)

    response = await client.get(made.json["data"]["url"].removeprefix("http://localhost:8000"))

    payload = inline_payload(response.text)
    assert (payload["route"]["path"], payload["course"]["title"]) == (COURSE, "Zwemmen met Splash")
    assert payload["course"]["seo"]["title"] == "Leren zwemmen met Splash: 12 videolessen | Splash"
    assert len(payload["course"]["levels"]) == 3
    live = inline_payload((await client.get(COURSE)).text)
    assert live["course"]["title"] == "Leren zwemmen met Splash"
