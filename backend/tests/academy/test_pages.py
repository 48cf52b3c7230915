"""The published academy: the course page and the lesson page with their payloads (levels,
lessons, list-price offers, localized paths for hreflang, head tags), a content page under the
course prefix still served as a page, the academy's blocks filled with real data, and the
course and lesson paths in publishing and the sitemap."""

from __future__ import annotations

import re

from splash.academy import services as academy
from splash.academy.models import CourseText, LessonText, LessonVideo
from splash.core import db
from splash.core.config import Settings
from splash.core.route_table import RouteTable
from splash.site.web.compose import fill_blocks
from splash.site.web.publish import publish
from tests.academy.support import variant
from tests.academy.video_rows import video_of
from tests.support import counting_statements, playlist_seconds
from tests.web.support import inline_payload

EN = "en.localhost:8000"
DE = "de.localhost:8000"


async def payload(client, path: str, host: str = "localhost:8000") -> dict:
    response = await client.get(path, host=host)
    assert response.status == 200, path
    return inline_payload(response.text)


async def test_the_course_page_carries_levels_lessons_and_list_price_offers(client, course):
    lengths = (7000, 8000, 6000)  # the last lesson has no video yet
    for node, length in zip(course.lessons(), lengths, strict=False):
        await video_of(node.lesson.id, f"videos/{node.lesson.key}/p1", ["nl"], duration_ms=length)

    data = await payload(client, "/academy/leren-zwemmen")

    assert data["route"]["name"] == "course"
    page = data["course"]
    assert (page["key"], page["slug"], page["path"]) == (
        "learn-to-swim",
        "leren-zwemmen",
        "/academy/leren-zwemmen",
    )
    # How long a lesson lasts is its video's duration; a sum only when every video is there.
    assert (page["title"], page["lessonCount"], page["durationMs"]) == (
        "Leren zwemmen met Splash",
        4,
        None,
    )
    assert page["description"][0]["type"] == "paragraph"
    assert page["image"]["alt"] == "Een kind in een blauw drijfpak lacht in het zwembad"
    level_1, level_2 = page["levels"]
    assert (level_1["number"], level_1["lessonCount"], level_1["durationMs"]) == (1, 2, 15000)
    assert [lesson["durationMs"] for lesson in level_2["lessons"]] == [6000, None]
    assert level_2["durationMs"] is None
    assert (level_1["freeWithSuit"], level_2["freeWithSuit"]) == (True, False)
    assert level_2["offer"] == {
        "variantId": await variant("LEVEL-2"),
        "kind": "level",
        "price": 895,
        "listPrice": 895,
        "parts": 990,
        "saving": 95,
        "owned": False,
    }
    first = level_1["lessons"][0]
    assert (first["title"], first["path"], first["freePreview"], first["number"]) == (
        "Bellen blazen",
        "/academy/leren-zwemmen/bellen-blazen",
        True,
        1,
    )
    assert first["poster"]["alt"] == "Een kind blaast bellen in het water"
    assert page["bundle"]["price"] == 1595 and page["bundle"]["saving"] == 195
    assert page["localizations"][0] == {"locale": "de", "path": "/course/schwimmen-lernen"}
    assert [loc["locale"] for loc in page["localizations"]] == ["de", "en", "es", "fr", "sv"]
    assert page["seo"]["title"] == "Leren zwemmen met Splash \N{EN DASH} online zwemlessen"
    assert data["alternates"]["sv"] == "/course/lar-dig-simma"


async def test_the_fixture_lessons_last_as_long_as_their_stored_videos_play(
    client, seeded, settings
):
    """The shop's own course, its videos seeded: every lesson shows the length its stored video
    plays (its renditions' segments, as a player adds them up), to the second."""
    page = (await payload(client, "/academy/learn-to-swim", host=EN))["course"]
    lessons = [lesson for level in page["levels"] for lesson in level["lessons"]]

    assert len(lessons) == 12
    for lesson in lessons:
        row = await LessonVideo.get(lesson_id=lesson["id"])
        stored = settings.video_folder / row.prefix.removeprefix("videos/")
        for rendition in ("v0", "v1"):
            plays = playlist_seconds((stored / rendition / "index.m3u8").read_text())
            assert abs(lesson["durationMs"] / 1000 - plays) < 1, (lesson["key"], plays)
    assert page["durationMs"] == sum(lesson["durationMs"] for lesson in lessons)


async def test_the_lesson_page_carries_its_neighbours_video_and_captions(client, course):
    lesson = course.levels[1].lessons[0].lesson
    await video_of(lesson.id, "videos/level-2-lesson-1/p1", ["de", "nl"])

    data = await payload(client, "/course/schwimmen-lernen/treiben-wie-ein-stern", host=DE)

    page = data["lesson"]
    assert (page["title"], page["number"], page["freeWithSuit"]) == (
        "Treiben wie ein Stern",
        1,
        False,
    )
    assert page["course"] == {
        "id": course.course.id,
        "title": "Schwimmen lernen mit Splash",
        "path": "/course/schwimmen-lernen",
    }
    assert (page["level"]["number"], page["level"]["title"]) == (
        2,
        "Stufe 2: Treiben und Beinschlag",
    )
    assert page["previous"] == {
        "title": "Gesicht ins Wasser",
        "path": "/course/schwimmen-lernen/gesicht-ins-wasser",
    }
    assert page["next"]["path"] == "/course/schwimmen-lernen/beinschlag"
    assert page["durationMs"] == 8000  # the video's
    assert page["video"] == {
        "master": "/media/videos/level-2-lesson-1/p1/master.m3u8",
        "durationMs": 8000,
        "width": 1280,
        "height": 720,
        "captions": [
            {
                "locale": "de",
                "label": "Deutsch",
                "src": "/media/videos/level-2-lesson-1/p1/captions/de.vtt",
            },
            {
                "locale": "nl",
                "label": "Nederlands",
                "src": "/media/videos/level-2-lesson-1/p1/captions/nl.vtt",
            },
        ],
    }
    assert {"locale": "nl", "path": "/academy/leren-zwemmen/drijven-als-een-ster"} in page[
        "localizations"
    ]
    assert page["offer"]["kind"] == "lesson" and page["offer"]["price"] == 495


async def test_a_lesson_without_a_video_has_none_and_the_first_lesson_no_previous(client, course):
    page = (await payload(client, "/academy/learn-to-swim/blowing-bubbles", host=EN))["lesson"]

    assert (page["video"], page["durationMs"], page["previous"]) == (None, None, None)


async def test_paths_that_name_no_course_or_lesson_fall_through_to_pages(client, course):
    how = await payload(client, "/academy/zo-werkt-het")
    assert how["page"]["slug"] == "zo-werkt-het"
    unknown = await client.get("/academy/leren-zwemmen/bestaat-niet")
    assert unknown.status == 404
    wrong_locale = await client.get("/course/leren-zwemmen", host=DE)
    assert wrong_locale.status == 404


async def test_the_academy_blocks_are_filled_with_real_data(course, settings: Settings):
    table = RouteTable.load(settings.routes_file)
    for node, length in zip(course.lessons(), (7000, 8000, 6000, 9000), strict=True):
        await video_of(node.lesson.id, f"videos/{node.lesson.key}/p1", ["nl"], duration_ms=length)

    item, unknown = await fill_blocks(
        [
            {"type": "academy-item", "course": "learn-to-swim"},
            {"type": "academy-item", "course": "level-1"},
        ],
        "en",
        table,
    )
    levels, every, intro = await fill_blocks(
        [
            {"type": "child-courses", "course": "learn-to-swim"},
            {"type": "child-courses"},
            {"type": "academy-intro", "title": "Academy"},
        ],
        "nl",
        table,
    )

    assert item["entry"]["title"] == "Learn to swim with Splash"
    assert item["entry"]["path"] == "/academy/learn-to-swim"
    assert (item["entry"]["levelCount"], item["entry"]["lessonCount"]) == (2, 4)
    assert item["entry"]["bundle"]["price"] == 1595
    assert unknown["entry"] is None
    assert [card["path"] for card in levels["entries"]] == [
        "/academy/leren-zwemmen#level-1",
        "/academy/leren-zwemmen#level-2",
    ]
    assert levels["entries"][0]["title"] == "Niveau 1: Wennen aan water"
    assert levels["entries"] == every["entries"]
    assert (item["entry"]["durationMs"], levels["entries"][1]["durationMs"]) == (30000, 15000)
    assert intro["stats"] == {"lessons": 4, "levels": 2, "durationMs": 30000}


async def test_publishing_writes_course_and_lesson_pages_and_the_sitemap_lists_them(
    client, course, settings, spa_built
):
    await publish(settings)

    response = await client.get("/academy/learn-to-swim/kicking-the-legs", host=EN)
    assert response.status == 200
    assert inline_payload(response.text)["lesson"]["title"] == "Kicking the legs"
    html = (await client.get("/course/schwimmen-lernen", host=DE)).text
    alternates = dict(
        re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)">', html)
    )
    assert alternates["nl"] == "http://localhost:8000/academy/leren-zwemmen"
    assert alternates["es"] == "http://es.localhost:8000/course/aprender-a-nadar"
    assert "<title>Schwimmen lernen mit Splash \N{EN DASH} Online-Schwimmkurs</title>" in html
    sitemap = (await client.get("/sitemap.xml", host=DE)).text
    assert "<loc>http://de.localhost:8000/course/schwimmen-lernen</loc>" in sitemap
    assert "<loc>http://de.localhost:8000/course/schwimmen-lernen/beinschlag</loc>" in sitemap


async def test_in_a_read_once_block_course_and_lesson_pages_read_each_table_once(
    course, settings: Settings
):
    table = RouteTable.load(settings.routes_file)
    await video_of(course.levels[0].lessons[1].lesson.id, "videos/level-1-lesson-2/p1", ["nl"])
    courses = {text.locale: text.slug for text in await CourseText.all()}
    lessons = [(text.locale, courses[text.locale], text.slug) for text in await LessonText.all()]
    lessons.append(("nl", "leren-zwemmen", "bestaat-niet"))

    async def pages() -> list[dict | None]:
        found = [await academy.course_at(locale, slug, table) for locale, slug in courses.items()]
        for locale, course_slug, slug in lessons:
            found.append(await academy.lesson_at(locale, course_slug, slug, table, settings))
        return found

    live = await pages()
    with counting_statements() as statements:
        async with db.read_once():
            once = await pages()

    assert once == live
    assert len(live) == 6 + 6 * 4 + 1 and all(live[:-1]) and live[-1] is None
    assert sum(1 for page in live if page and page.get("video")) == 6
    # each locale's courses; every course text, lesson text and video; the locales
    assert len(statements) == 6 + 4
